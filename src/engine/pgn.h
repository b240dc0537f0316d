/*
 * pgn.h — reading and writing Portable Game Notation.
 */
#ifndef CHESS_ENGINE_PGN_H
#define CHESS_ENGINE_PGN_H

#include "san.h"

typedef enum PgnErrorCode
{
	PGN_OK = 0,
	PGN_SYNTAX,					/* malformed tag, unbalanced comment or variation, ... */
	PGN_BAD_FEN,				/* the FEN tag is not a valid position */
	PGN_BAD_MOVE,				/* a move token is no SAN */
	PGN_ILLEGAL_MOVE,			/* a move is illegal in its position */
	PGN_AMBIGUOUS_MOVE			/* a move matches several legal moves */
} PgnErrorCode;

typedef struct PgnError
{
	PgnErrorCode code;
	int			ply;			/* the ply of the offending move, 0 when none */
	char		token[48];		/* the offending token */
	char		detail[256];	/* a full sentence */
} PgnError;

/*
 * What the reader reports, game by game.  Tag names, values and comments
 * are not NUL-terminated and point into the text or are valid only during
 * the call.  variation is NULL for the main line, else the variation's path:
 * "1", "2" for the main line's variations in the order they open, "1.1" for
 * the first variation inside variation 1, and so on.  A callback returning
 * false stops the reading.
 */
typedef struct PgnHandler
{
	void	   *arg;
	void		(*tag) (void *arg, const char *name, size_t nlen, const char *value, size_t vlen);
	void		(*ply) (void *arg, int ply, Move m, const Position *before,
						const Position *after, const char *variation);
	void		(*comment) (void *arg, int ply, const char *variation, const char *text, size_t len);
	/* a bad move in a variation: the rest of that variation is skipped */
	void		(*variation_error) (void *arg, int ply, const char *variation,
									const char *token, size_t tlen, const char *detail);
	/* the end of a game: err is NULL when it was read without error */
	bool		(*game) (void *arg, int game, const char *result, const Position *start,
						 const Position *final, int plies, const PgnError *err);
} PgnHandler;

/*
 * Reads every game of a PGN text.  Moves are read leniently (0-0, missing
 * "x" and "=", ...: PGN "import format").  The main line is what is played;
 * variations (nested up to 32 deep) are played from the position before the
 * move they replace and reported with their path, and a bad move in one
 * ends only that variation.  A game with an error in its main line or its
 * syntax is reported with it, and reading goes on at the next game.
 * Returns the number of games.
 */
extern int	pgn_read(const char *text, size_t len, const PgnHandler *handler);

typedef void (*PgnEmit) (void *arg, const char *s, size_t n);

/*
 * Writes the movetext of moves played from start — move numbers, SAN, the
 * result — in lines of at most 80 characters, through emit.  Returns -1, or
 * the index of the first illegal move (nothing more is written); final gets
 * the position reached.
 */
extern int	pgn_write_movetext(const Position *start, const Move *moves, int n,
							   const char *result, PgnEmit emit, void *arg, Position *final);

#endif							/* CHESS_ENGINE_PGN_H */
