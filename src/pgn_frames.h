/*
 * pgn_frames.h — the parts of a zstd file written in pzstd's frames, as
 * lichess's files are (pgn_frames.c), for pgn_file.c.
 */
#ifndef CHESS_PGN_FRAMES_H
#define CHESS_PGN_FRAMES_H

#include "postgres.h"

#define FRAME_PARTS_MAX 64		/* more parts read such a file in runs */

typedef struct FrameReader FrameReader;

/* A piece of the text, and what comes before it in the file */
typedef struct FramePiece
{
	const char *text;			/* from a cut, the start of a game or the text's */
	size_t		len;
	int			games_before;	/* the games that begin before it */
	int64		offset;			/* its offset in the text */
} FramePiece;

/*
 * A part's reader of a file of pzstd's frames, in the memory of the call
 * (freed with it), or NULL when the file is not one.
 */
extern FrameReader *frames_start(const char *path, int part, int parts);
/* The part's next piece; false when the part is read */
extern bool frames_next(FrameReader *fr, FramePiece *piece);

#endif
