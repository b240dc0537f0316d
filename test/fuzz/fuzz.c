/*
 * fuzz.c — libFuzzer targets for every parser of the engine.  Built once per
 * target with -DFUZZ_<TARGET> (test/fuzz/run.sh): FEN, PACKED (binary
 * position input), UCI (move text and binary move values), SAN (strict and
 * lenient, in a few positions), PGN.  Besides "no crash, no leak, no
 * sanitizer report", each target checks what the parser promises: what is
 * accepted writes back canonically and reads back to the same value; moves
 * that are read are legal; the PGN reader's plies are legal and consistent.
 */
#include "engine/movegen.h"
#include "engine/pgn.h"
#include "engine/san.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define REQUIRE(cond) \
	do { \
		if (!(cond)) \
		{ \
			fprintf(stderr, "%s:%d: property failed: %s\n", __FILE__, __LINE__, #cond); \
			abort(); \
		} \
	} while (0)

int			LLVMFuzzerInitialize(int *argc, char ***argv);
int			LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void) argc;
	(void) argv;
	return 0;
}

/* A position's packed bytes, its FEN and the FEN's reading agree. */
static void check_position(const Position *pos) __attribute__((unused));
static void
check_position(const Position *pos)
{
	uint8_t		packed[PACKED_POSITION_SIZE],
				again[PACKED_POSITION_SIZE];
	char		fen[FEN_MAX_LENGTH],
				fen2[FEN_MAX_LENGTH];
	Position	back;
	PositionError err;
	Move		moves[MAX_MOVES];
	int			n;

	position_pack(pos, packed);
	REQUIRE(position_unpack_checked(packed, &back, &err));
	position_pack(&back, again);
	REQUIRE(memcmp(packed, again, sizeof(packed)) == 0);
	fen_write(pos, fen);
	REQUIRE(fen_parse(fen, &back, &err));
	fen_write(&back, fen2);
	REQUIRE(strcmp(fen, fen2) == 0);
	n = gen_legal(pos, moves);
	REQUIRE(n == count_legal(pos));
}

#if defined(FUZZ_FEN)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char	   *text = malloc(size + 1);
	Position	pos;
	PositionError err;

	memcpy(text, data, size);
	text[size] = '\0';
	if (fen_parse(text, &pos, &err))
		check_position(&pos);
	else
		REQUIRE(err.code != POS_OK && err.detail[0] != '\0');
	free(text);
	return 0;
}

#elif defined(FUZZ_PACKED)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	uint8_t		bytes[PACKED_POSITION_SIZE] = {0};
	Position	pos;
	PositionError err;

	memcpy(bytes, data, size < sizeof(bytes) ? size : sizeof(bytes));
	if (position_unpack_checked(bytes, &pos, &err))
		check_position(&pos);
	else
		REQUIRE(err.detail[0] != '\0');
	return 0;
}

#elif defined(FUZZ_UCI)

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	Move		m = MOVE_NULL,
				back;
	char		text[6];

	if (move_parse((const char *) data, size, &m) == MOVE_OK)
	{
		move_write(m, text);
		REQUIRE(move_parse(text, strlen(text), &back) == MOVE_OK && back == m);
		REQUIRE(move_check(m) == MOVE_OK);
	}
	if (size >= 2)
	{
		m = (Move) (data[0] << 8 | data[1]);
		if (move_check(m) == MOVE_OK)
		{
			move_write(m, text);
			REQUIRE(move_parse(text, strlen(text), &back) == MOVE_OK && back == m);
		}
	}
	return 0;
}

#elif defined(FUZZ_SAN)

static const char *const fens[] = {
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
	"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
	"2rq1rk1/pb2bppp/1p2p3/n1ppPn2/2PP4/PP3N2/1B1NQPPP/RB3RK1 b - - 4 13",
	"4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2",
	"n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
	"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
};

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static SanResult r;
	Position	pos;
	PositionError err;
	char		san[SAN_MAX_LENGTH];
	bool		lenient;

	if (size < 1)
		return 0;
	REQUIRE(fen_parse(fens[(data[0] & 0x7f) % (sizeof(fens) / sizeof(fens[0]))], &pos, &err));
	lenient = (data[0] & 0x80) != 0;
	san_parse(&pos, (const char *) data + 1, size - 1, lenient, &r);
	if (r.status == SAN_OK)
	{
		REQUIRE(move_is_legal(&pos, r.move));
		san_write(&pos, r.move, san);
		san_parse(&pos, san, strlen(san), false, &r);
		REQUIRE(r.status == SAN_OK);
	}
	else if (r.status == SAN_AMBIGUOUS)
		REQUIRE(r.ncandidates > 1);
	else
		REQUIRE(r.detail[0] != '\0');
	return 0;
}

#elif defined(FUZZ_PGN)

static void
check_ply(void *arg, int ply, Move m, const Position *before, const Position *after,
		  const char *variation)
{
	Position	p = *before;
	uint8_t		a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];

	(void) arg;
	(void) variation;
	REQUIRE(ply >= 1);
	REQUIRE(move_is_legal(before, m));
	position_play(&p, m);
	position_pack(&p, a);
	position_pack(after, b);
	REQUIRE(memcmp(a, b, sizeof(a)) == 0);
}

static void
check_tag(void *arg, const char *name, size_t nlen, const char *value, size_t vlen)
{
	(void) arg;
	(void) value;
	REQUIRE(pgn_tag_name_valid(name, nlen));
	REQUIRE(vlen <= PGN_MAX_TAG_VALUE);
}

static int	last_game;

static bool
check_game(void *arg, int game, const char *result, const Position *start,
		   const Position *final, int plies, const PgnError *err)
{
	(void) arg;
	(void) start;
	(void) final;
	REQUIRE(game == last_game + 1);
	last_game = game;
	REQUIRE(plies >= 0 && plies <= PGN_MAX_PLIES);
	REQUIRE(strlen(result) < 8);
	if (err)
	{
		REQUIRE(err->code != PGN_OK && err->detail[0] != '\0');
		REQUIRE(err->token != NULL);
	}
	return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	PgnHandler	h = {.tag = check_tag, .ply = check_ply, .game = check_game};
	int			games;

	last_game = 0;
	games = pgn_read((const char *) data, size, &h);
	REQUIRE(games == last_game);
	return 0;
}

#else
#error "define one of FUZZ_FEN, FUZZ_PACKED, FUZZ_UCI, FUZZ_SAN, FUZZ_PGN"
#endif
