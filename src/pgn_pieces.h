/*
 * pgn_pieces.h — the pieces of a PGN file's text for its parts
 * (pgn_pieces.c), for pgn_file.c.
 */
#ifndef CHESS_PGN_PIECES_H
#define CHESS_PGN_PIECES_H

#include "postgres.h"

#define FILE_PART (1 << 20)		/* a file is read a megabyte at a time */
#define SHARE_SAMPLE FILE_PART	/* the text whose games tell a compressed file's runs */
#define ZONE_PARTS_MAX 1024		/* more parts take the pieces in turn */
/* how far past where a piece may end its end is looked for before the file is refused */
#define PIECE_SEARCH_MAX (64 << 20)

/* The first cut at or after buf[p] (p >= 1), or len */
extern size_t next_cut(const char *buf, size_t p, size_t len);
/* The games that begin in buf[0, len) (at_start: the text's start) */
extern int	count_game_starts(const char *buf, size_t len, bool at_start);
/* len bytes of the file at at, fewer at its end only (short reads read on); an error raised */
extern ssize_t pread_full(int fd, void *buf, size_t len, off_t at, const char *path);
/* The size of a zstd file's text, or -1 when its headers do not tell */
extern int64 zstd_text_size(const char *path);
/* An estimate of a compressed file's text size, or -1 when its first bytes do not decompress or are cut short */
extern int64 text_size_estimate(const char *path, bool gzip);
/* d, decompressing against reading, for the zstd or gzip text that begins so */
extern double decompress_share(const char *text, size_t len, bool gzip);
/* The end of each part's run of pieces (the last's INT64_MAX), palloc'd */
extern int64 *zone_ends(int64 text_size, int64 size, int parts, double d);

#endif
