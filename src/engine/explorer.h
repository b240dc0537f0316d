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
 * given (key_filter_want()).  Two bits a slot, seen (1) and wanted (2);
 * slots in blocks of 64 bytes (256 slots, a cache line), a key's block from
 * its bits 32 and up and its two slots in the block from its low 16 bits
 * (the keys are uniform).  key_filter_has() is true for every key wanted or
 * seen twice, and for some others (about 5 % with 8 slots a key): a
 * filter, not a set, in memory that the caller fixes whatever the number
 * of keys.  bytes: KEY_FILTER_BLOCK times a power of two.
 */
#define KEY_FILTER_BLOCK 64

static inline uint8_t *
key_filter_block(uint8_t *bits, size_t bytes, uint64_t key)
{
	return bits + ((key >> 32) & (bytes / KEY_FILTER_BLOCK - 1)) * KEY_FILTER_BLOCK;
}

/* the byte of a block that holds a slot, and the slot's shift in it */
#define KEY_FILTER_BYTE(block, slot) ((block)[(slot) >> 2])
#define KEY_FILTER_SHIFT(slot) (((slot) & 3) * 2)

/* a slot of a block seen: once sets its first bit, twice its second */
static inline void
key_filter_mark(uint8_t *block, unsigned slot)
{
	uint8_t    *p = &KEY_FILTER_BYTE(block, slot);
	unsigned	shift = KEY_FILTER_SHIFT(slot);

	*p |= (uint8_t) (((*p >> shift) & 1 ? 2 : 1) << shift);
}

static inline void
key_filter_see(uint8_t *bits, size_t bytes, uint64_t key)
{
	uint8_t    *b = key_filter_block(bits, bytes, key);

	key_filter_mark(b, (unsigned) (key & 255));
	key_filter_mark(b, (unsigned) ((key >> 8) & 255));
}

static inline void
key_filter_want(uint8_t *bits, size_t bytes, uint64_t key)
{
	uint8_t    *b = key_filter_block(bits, bytes, key);
	unsigned	s1 = (unsigned) (key & 255),
				s2 = (unsigned) ((key >> 8) & 255);

	KEY_FILTER_BYTE(b, s1) |= (uint8_t) (2 << KEY_FILTER_SHIFT(s1));
	KEY_FILTER_BYTE(b, s2) |= (uint8_t) (2 << KEY_FILTER_SHIFT(s2));
}

static inline bool
key_filter_has(const uint8_t *bits, size_t bytes, uint64_t key)
{
	const uint8_t *b = key_filter_block((uint8_t *) bits, bytes, key);
	unsigned	s1 = (unsigned) (key & 255),
				s2 = (unsigned) ((key >> 8) & 255);

	return (KEY_FILTER_BYTE(b, s1) >> KEY_FILTER_SHIFT(s1) & 2) &&
		(KEY_FILTER_BYTE(b, s2) >> KEY_FILTER_SHIFT(s2) & 2);
}

#endif							/* CHESS_ENGINE_EXPLORER_H */
