/*
 * san.h — Standard Algebraic Notation: writing and reading moves.
 */
#ifndef CHESS_ENGINE_SAN_H
#define CHESS_ENGINE_SAN_H

#include "diagnose.h"

/* "Qa1xh8=Q#" is 9 characters; room for the terminator and more. */
#define SAN_MAX_LENGTH 16

/*
 * The SAN of a legal move: piece letter, the least disambiguation (file,
 * else rank, else both) among the legal moves of the same kind to the same
 * square, "x" for captures, "=Q" for promotions, O-O and O-O-O, and "+" for
 * check or "#" for mate.
 */
extern void san_write(const Position *pos, Move m, char out[SAN_MAX_LENGTH]);

typedef enum SanStatus
{
	SAN_OK = 0,
	SAN_MALFORMED,				/* not SAN (or, strictly, not standard SAN) nor UCI */
	SAN_ILLEGAL,				/* well formed, but no legal move matches */
	SAN_AMBIGUOUS				/* several legal moves match */
} SanStatus;

typedef struct SanResult
{
	SanStatus	status;
	Move		move;			/* SAN_OK: the move; SAN_ILLEGAL: the move meant, if one is clear */
	int			ncandidates;	/* SAN_AMBIGUOUS: the matching legal moves */
	Move		candidates[MAX_MOVES];
	char		detail[200];	/* SAN_MALFORMED and SAN_ILLEGAL: why, a full sentence */
} SanResult;

/*
 * Reads a move in SAN or UCI.  Strict: standard SAN as san_write() writes it,
 * with one check or mate sign at most, right or not (python-chess ignores
 * it, and so do we: a player's "Qh4+" for a mate is the move), annotation glyphs
 * (!, ?, !!, ?!, ...) allowed after it.  Lenient also accepts what people
 * type: 0-0 and o-o, a missing "x" or "=", a lower-case promotion letter, a
 * superfluous or wrong "+" or "#", more disambiguation than needed, a "-"
 * between the squares, and a piece letter in lower case where that is not
 * ambiguous (bc4 could be a bishop or the b-pawn; bxc4, standard SAN, is
 * always the pawn).
 */
extern void san_parse(const Position *pos, const char *text, size_t len, bool lenient,
					  SanResult *result);

/*
 * The SAN that fills PGN files, read sooner: a pawn's push or capture that
 * does not promote, or a piece's move, written as the standard SAN of a
 * legal move (a check or mate sign and glyphs after it aside).  Returns
 * true with the move exactly when san_parse() would read the text so,
 * strictly and leniently alike; false for every other text (castling, a
 * promotion, non-standard or illegal SAN, UCI), which san_parse() reads.
 */
extern bool san_parse_common(const Position *pos, const char *text, size_t len, Move *out);

#endif							/* CHESS_ENGINE_SAN_H */
