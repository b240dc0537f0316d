/*
 * openings.h — the names of openings: lichess's data set (data/chess-openings,
 * CC0), each line's final position with its ECO code and name, compiled into
 * the library (openings_data.c, written by the build's openings_gen from the
 * data set's files), and the classification of a game by it.
 */
#ifndef CHESS_ENGINE_OPENINGS_H
#define CHESS_ENGINE_OPENINGS_H

#include "position.h"

/* The bytes of a packed position that say which position it is: not its clocks. */
#define OPENING_ID_SIZE 26

/*
 * A line of the data set.  id is its final position's packed bytes 0-25
 * (placement, side to move, castling rights, an en passant square only
 * when a capture there is legal), whose Polyglot key is the line's entry
 * of opening_name_keys[]; fen the position with its clocks; plies the
 * line's length.
 */
typedef struct OpeningName
{
	uint8_t		id[OPENING_ID_SIZE];
	uint8_t		plies;
	const char *eco;
	const char *name;			/* UTF-8, as the data set writes it */
	const char *name_ascii;		/* the same without accents */
	const char *pgn;			/* the line's moves, as the data set writes them */
	const char *fen;
} OpeningName;

/* The lines, ascending by key then id (no two share an id), and their number. */
extern const OpeningName opening_names[];
extern const int opening_name_count;
/*
 * Their keys, in the same order, and where those of each value of their top
 * OPENING_BUCKET_BITS bits begin (4,097 entries: the last is the count), so
 * that a search reads one entry or two, where a binary search of 3,807
 * guessed wrong at half its 12 branches.
 */
#define OPENING_BUCKET_BITS 12
extern const uint64_t opening_name_keys[];
extern const uint16_t opening_name_buckets[];
/* The lines in the data set's order (its files a to e, line by line): indexes of opening_names. */
extern const short opening_name_order[];
/* The fewest pieces on the board of any named position. */
extern const int opening_min_pieces;

/*
 * The plies of a game that lichess looks at for its opening (scalachess's
 * OpeningDb.search): the positions after plies 1 to 40 of a game from the
 * standard start.
 */
#define OPENING_SEARCH_PLIES 40

/* The line whose final position is this one, clocks aside; NULL when none is. */
extern const OpeningName *opening_of_position(const Position *pos);

#endif							/* CHESS_ENGINE_OPENINGS_H */
