/*
 * explorer.h — the opening explorer's counters: what one game adds to the
 * statistics of a move played from a position, in cells of EXPLORER_WIDTH
 * 64-bit integers (doc/formats.md, "The explorer's cells"), and how a cell's
 * speed, rating group and date are found, as lichess's explorer finds them.
 */
#ifndef CHESS_ENGINE_EXPLORER_H
#define CHESS_ENGINE_EXPLORER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A cell: its code, then its counters. */
enum
{
	CELL_CODE,					/* move | group << 16 | speed << 20 | opponent rated << 23 */
	CELL_GAMES,					/* games (each counted once, whatever its result) */
	CELL_WHITE,					/* of them, won by White */
	CELL_DRAWS,					/* drawn */
	CELL_BLACK,					/* won by Black */
	CELL_RATING_SUM,			/* the mover's ratings, summed (group 0: none known) */
	CELL_OPPONENT_SUM,			/* the opponent's ratings, summed (when the code says rated) */
	CELL_LAST,					/* the latest date played, yyyymmdd; 0 when none is known */
	EXPLORER_WIDTH
};

#define CELL_MOVE(code)			((unsigned) ((code) & 0xFFFF))
#define CELL_GROUP(code)		((int) (((code) >> 16) & 0xF))
#define CELL_SPEED(code)		((int) (((code) >> 20) & 0x7))
#define CELL_OPPONENT_RATED(code) ((int) (((code) >> 23) & 1))
#define CELL_CODE_MAX			((INT64_C(1) << 24) - 1)
#define CELL_CODE(move, group, speed, rated) \
	((int64_t) (move) | (int64_t) (group) << 16 | (int64_t) (speed) << 20 | (int64_t) (rated) << 23)

/* lichess's rating groups, by their lower bound: group i + 1 (0: no rating) */
#define EXPLORER_GROUPS 11
extern const int explorer_group_bounds[EXPLORER_GROUPS];

/* lichess's speeds, numbered from 1 (0: unknown) */
#define EXPLORER_SPEEDS 6
extern const char *const explorer_speed_names[EXPLORER_SPEEDS];

/* The group of a rating (1 to 11), 0 for none (rating <= 0). */
extern int	explorer_group(int rating);

/* The number of a speed's name (1 to 6), 0 when it is none of lichess's. */
extern int	explorer_speed(const char *name, size_t len);

/*
 * A PGN tag's rating: the digits of a positive number below 10,000, else 0
 * (unknown: "?", "-", "", 0).
 */
extern int	explorer_rating(const char *s, size_t len);

/*
 * A PGN date "yyyy.mm.dd": yyyymmdd when the whole date is known and is a
 * date, else 0; *month receives yyyymm when the year and month are known,
 * else 0.
 */
extern int	explorer_date(const char *s, size_t len, int *month);

/* Whether yyyymmdd is a day of the calendar, years 1 to 9999. */
extern bool explorer_valid_day(int64_t yyyymmdd);

/*
 * The performance of a score (in half points, of games) against opponents
 * averaging average: average plus FIDE's rating difference for the
 * fraction scored (its table of dp, from -800 to 800), as ChessBase reports
 * a performance.
 */
extern int	explorer_performance(int64_t half_points, int64_t games, int average);

/*
 * A filter of Polyglot keys, for a rebuild of the explorer: which keys came
 * twice or more among those it saw (key_filter_see()), or which it was
 * given (key_filter_want()).  Blocks of 64 bytes (a cache line), a key's
 * block from its bits 32 and up: in it, two Bloom filters of 256 bits, the
 * keys seen (bytes 0-31) and the keys seen twice or wanted (bytes 32-63),
 * a key's four bits in each from its bytes 0 to 3 (the keys are uniform).
 * A key seen whose bits the first has all already goes into the second.
 * key_filter_has() is true for every key wanted or seen twice, and for a
 * few others, more the smaller the filter (by a simulation of uniform keys
 * seen once: 0.5 % at 2 bytes a key, a fifth at half a byte, nearly all at
 * a sixth of a byte): a filter, not a set, in memory that the caller fixes
 * whatever the number of keys.  At a million games (118 plies each on
 * average), in 256 MB, 708,497 positions passed, of which the explorer
 * keeps 379,564; two bits a slot in one filter, seen once and twice
 * (0.10.0 before its release), let 4.2 million pass, the other keys of a
 * slot seen once making it seen twice.  bytes: KEY_FILTER_BLOCK times a
 * power of two.
 */
#define KEY_FILTER_BLOCK 64
#define KEY_FILTER_TWICE 32		/* the offset of the second filter in a block */

static inline uint8_t *
key_filter_block(uint8_t *bits, size_t bytes, uint64_t key)
{
	return bits + ((key >> 32) & (bytes / KEY_FILTER_BLOCK - 1)) * KEY_FILTER_BLOCK;
}

/* the key's bit i (0 to 3) in a filter of 256 bits: bit b is bit b % 8 of byte b / 8 */
#define KEY_FILTER_BIT(key, i) ((unsigned) ((key) >> (8 * (i))) & 255)

/* whether a filter of 256 bits has the key's four bits */
static inline bool
key_filter_all(const uint8_t *filter, uint64_t key)
{
	unsigned	all = 1;
	int			i;

	for (i = 0; i < 4; i++)
		all &= filter[KEY_FILTER_BIT(key, i) >> 3] >> (KEY_FILTER_BIT(key, i) & 7);
	return all & 1;
}

static inline void
key_filter_set(uint8_t *filter, uint64_t key)
{
	int			i;

	for (i = 0; i < 4; i++)
		filter[KEY_FILTER_BIT(key, i) >> 3] |= (uint8_t) (1 << (KEY_FILTER_BIT(key, i) & 7));
}

static inline void
key_filter_see(uint8_t *bits, size_t bytes, uint64_t key)
{
	uint8_t    *b = key_filter_block(bits, bytes, key);

	key_filter_set(key_filter_all(b, key) ? b + KEY_FILTER_TWICE : b, key);
}

static inline void
key_filter_want(uint8_t *bits, size_t bytes, uint64_t key)
{
	key_filter_set(key_filter_block(bits, bytes, key) + KEY_FILTER_TWICE, key);
}

static inline bool
key_filter_has(const uint8_t *bits, size_t bytes, uint64_t key)
{
	return key_filter_all(key_filter_block((uint8_t *) bits, bytes, key) + KEY_FILTER_TWICE, key);
}

#endif							/* CHESS_ENGINE_EXPLORER_H */
