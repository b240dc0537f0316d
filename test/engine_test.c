/*
 * engine_test.c — tests of the pure-C engine, without PostgreSQL.
 *
 * Usage: engine_test [PERFT_DATA_DIR]   (default test/data)
 *
 * Checks the square, piece and move codecs exhaustively, FEN input and output
 * (canonical round trips over every position of the perft suites, and one
 * case per validation error), the packed form, and that arbitrary bytes given
 * to the packed-form reader never crash it and never yield a position that
 * is not canonical; magic slider attacks against a ray walk; and, in the
 * suite positions and positions reached from them by seeded random play,
 * that the legal generator, its counting mode, the pseudo-legal generator
 * and the move diagnosis agree on every one of the 1,969 move values, and
 * every legal move reads back from its SAN;
 * Polyglot keys against the published vectors.  Prints "N passed, M failed" and exits non-zero on any
 * failure.
 */
#include "engine/game.h"
#include "engine/annotation.h"
#include "engine/diagnose.h"
#include "engine/perft.h"
#include "engine/outcome.h"
#include "engine/polyglot.h"
#include "engine/pgn.h"
#include "engine/san.h"
#include "engine/make_move.h"
#include "engine/openings.h"
#include "engine/search.h"
#include "engine/query.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int	passed,
			failed;

#define CHECK(cond, ...) \
	do { \
		if (cond) \
			passed++; \
		else \
		{ \
			failed++; \
			printf("FAIL %s:%d: ", __FILE__, __LINE__); \
			printf(__VA_ARGS__); \
			printf("\n"); \
		} \
	} while (0)

static void
test_squares(void)
{
	int			sq,
				bad = 0;
	char		name[3];
	Square		back;

	for (sq = 0; sq < 64; sq++)
	{
		square_write((Square) sq, name);
		if (!square_parse(name, 2, &back) || back != sq ||
			name[0] != "abcdefgh"[sq % 8] || name[1] != "12345678"[sq / 8])
			bad++;
	}
	CHECK(bad == 0, "%d squares do not round-trip", bad);
	CHECK(square_parse("E4", 2, &back) && back == SQ_MAKE(4, 3), "upper-case file accepted");
	CHECK(!square_parse("i1", 2, &back), "i1 rejected");
	CHECK(!square_parse("a9", 2, &back), "a9 rejected");
	CHECK(!square_parse("a0", 2, &back), "a0 rejected");
	CHECK(!square_parse("e", 1, &back), "e rejected");
	CHECK(!square_parse("e44", 3, &back), "e44 rejected");
}

static void
test_pieces(void)
{
	const char *letters = "PNBRQKpnbrqk";
	int			value,
				valid = 0;
	Piece		pc;

	for (value = 0; value < 256; value++)
	{
		if (!piece_valid((Piece) value))
			continue;
		valid++;
		CHECK(piece_from_char(piece_to_char((Piece) value), &pc) && pc == value,
			  "piece %d round-trips", value);
		CHECK(strchr(letters, piece_to_char((Piece) value)) != NULL, "piece %d has a letter", value);
	}
	CHECK(valid == 12, "12 valid piece codes, got %d", valid);
	CHECK(piece_from_char('N', &pc) && PIECE_COLOR(pc) == WHITE && PIECE_KIND(pc) == KNIGHT, "N");
	CHECK(piece_from_char('k', &pc) && PIECE_COLOR(pc) == BLACK && PIECE_KIND(pc) == KING, "k");
	CHECK(!piece_from_char('x', &pc), "x rejected");
}

/*
 * Every 16-bit value: move_check accepts it exactly when UCI text round-trips
 * to it.  The accepted set is counted independently: 1 null move, the
 * from/to pairs on a queen line or a knight jump (64 * 27 ... summed below),
 * and four promotions for each pawn step or capture onto the last rank.
 */
static void
test_moves(void)
{
	int			value,
				accepted = 0,
				bad = 0,
				expected = 1;
	int			from,
				to;
	char		text[6];
	Move		back;

	for (from = 0; from < 64; from++)
		for (to = 0; to < 64; to++)
		{
			int			df = abs(to % 8 - from % 8),
						dr = abs(to / 8 - from / 8);

			if (from == to)
				continue;
			if (df == 0 || dr == 0 || df == dr || (df == 1 && dr == 2) || (df == 2 && dr == 1))
				expected++;
			if (df <= 1 && ((from / 8 == 6 && to / 8 == 7) || (from / 8 == 1 && to / 8 == 0)))
				expected += 4;
		}

	for (value = 0; value < 65536; value++)
	{
		if (move_check((Move) value) != MOVE_OK)
			continue;
		accepted++;
		move_write((Move) value, text);
		if (move_parse(text, strlen(text), &back) != MOVE_OK || back != value)
			bad++;
	}
	CHECK(bad == 0, "%d accepted move values do not round-trip", bad);
	CHECK(accepted == expected, "accepted %d move values, expected %d", accepted, expected);
	CHECK(move_parse("e7e8q", 5, &back) == MOVE_OK && MOVE_PROMO(back) == QUEEN, "e7e8q");
	CHECK(move_parse("e7e8Q", 5, &back) == MOVE_OK, "e7e8Q accepted");
	CHECK(move_parse("0000", 4, &back) == MOVE_OK && back == MOVE_NULL, "0000");
	CHECK(move_parse("e2e2", 4, &back) == MOVE_ERR_SAME_SQUARE, "e2e2");
	CHECK(move_parse("a1c4", 4, &back) == MOVE_ERR_NO_PIECE_MOVES, "a1c4");
	CHECK(move_parse("e7e8k", 5, &back) == MOVE_ERR_PROMOTION_KIND, "e7e8k");
	CHECK(move_parse("e6e7q", 5, &back) == MOVE_ERR_PROMOTION_SQUARE, "e6e7q");
	CHECK(move_parse("e7g8q", 5, &back) == MOVE_ERR_PROMOTION_SQUARE, "e7g8q");
	CHECK(move_parse("e2e4 ", 5, &back) == MOVE_ERR_SYNTAX, "trailing space");
	CHECK(move_check(0x8000 | MOVE_MAKE(12, 28, 0)) == MOVE_ERR_RESERVED_BIT, "bit 15");
}

/* Parses, writes, parses again: output must be a fixed point and pack losslessly. */
static void
check_round_trip(const char *fen, const char *where)
{
	Position	pos,
				again,
				unpacked;
	PositionError err;
	char		out[FEN_MAX_LENGTH],
				out2[FEN_MAX_LENGTH];
	uint8_t		packed[PACKED_POSITION_SIZE],
				packed2[PACKED_POSITION_SIZE];

	if (!fen_parse(fen, &pos, &err))
	{
		CHECK(false, "%s: %s rejected: %s", where, fen, err.detail);
		return;
	}
	fen_write(&pos, out);
	CHECK(fen_parse(out, &again, &err), "%s: output %s re-parses", where, out);
	fen_write(&again, out2);
	CHECK(strcmp(out, out2) == 0, "%s: %s is a fixed point (got %s)", where, out, out2);
	position_pack(&pos, packed);
	CHECK(position_unpack_checked(packed, &unpacked, &err), "%s: packed form re-reads", where);
	position_pack(&unpacked, packed2);
	CHECK(memcmp(packed, packed2, PACKED_POSITION_SIZE) == 0, "%s: pack round-trips", where);
	fen_write(&unpacked, out2);
	CHECK(strcmp(out, out2) == 0, "%s: unpacked FEN %s", where, out2);
}

/* Every FEN of an EPD file (FEN ;D1 n ...) or a tricky.perft file (epd FEN). */
static int
round_trip_file(const char *path)
{
	FILE	   *f = fopen(path, "r");
	char		line[1024];
	int			count = 0;

	if (!f)
	{
		CHECK(false, "cannot open %s", path);
		return 0;
	}
	while (fgets(line, sizeof(line), f))
	{
		char	   *fen = line;
		char	   *end;

		if (strncmp(line, "epd ", 4) == 0)
			fen = line + 4;
		else if (strncmp(line, "id ", 3) == 0 || strncmp(line, "perft ", 6) == 0 ||
				 line[0] == '#' || line[0] == '\n' || line[0] == '\r')
			continue;
		end = strchr(fen, ';');
		if (end)
			*end = '\0';
		fen[strcspn(fen, "\r\n")] = '\0';
		check_round_trip(fen, path);
		count++;
	}
	fclose(f);
	return count;
}

typedef struct FenCase
{
	const char *fen;
	PositionErrorCode code;		/* POS_OK: accepted, written as canonical */
	const char *canonical;
} FenCase;

static const FenCase fen_cases[] = {
	{"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", POS_OK,
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w KQkq -  ", POS_OK,
	"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
	{"4k3/8/8/8/8/8/8/4K3 w - - 5 0", POS_OK, "4k3/8/8/8/8/8/8/4K3 w - - 5 1"},
	/* castling rights without their king or rook are dropped */
	{"4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", POS_OK, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
	{"r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1", POS_OK, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"},
	/* en passant kept only when a capture is legal */
	{"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1", POS_OK,
	"rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"},
	{"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3", POS_OK,
	"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"},
	{"4k3/8/8/KPp4r/8/8/8/8 w - c6 0 2", POS_OK, "4k3/8/8/KPp4r/8/8/8/8 w - - 0 2"},
	{"8/8/8/8/k2Pp2Q/8/8/3K4 b - d3 0 1", POS_OK, "8/8/8/8/k2Pp2Q/8/8/3K4 b - - 0 1"},
	{"", POS_ERR_EMPTY, NULL},
	{"   ", POS_ERR_EMPTY, NULL},
	{"8/8/8/8/8/8/8/8", POS_ERR_FIELD_COUNT, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0", POS_ERR_FIELD_COUNT, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 1 x", POS_ERR_FIELD_COUNT, NULL},
	{"4k3/8/8/8/8/8/4K3 w - - 0 1", POS_ERR_RANK_COUNT, NULL},
	{"4k3/8/8/8/8/8/8/8/4K3 w - - 0 1", POS_ERR_RANK_COUNT, NULL},
	{"4k3/8/8/8/8/8/8/4K4 w - - 0 1", POS_ERR_RANK_FILES, NULL},
	{"4k3/8/8/8/8/8/8/4K2 w - - 0 1", POS_ERR_RANK_FILES, NULL},
	{"4k3/8/8/8/8/8/8/4X3 w - - 0 1", POS_ERR_PIECE_LETTER, NULL},
	{"4k3/8/8/8/8/8/8/4K03 w - - 0 1", POS_ERR_EMPTY_COUNT, NULL},
	{"4k3/8/8/8/8/8/8/44K w - - 0 1", POS_ERR_ADJACENT_COUNTS, NULL},
	{"4k3/8/8/8/8/8/8/4K3 x - - 0 1", POS_ERR_SIDE, NULL},
	{"4k3/8/8/8/8/8/8/4K3 W - - 0 1", POS_ERR_SIDE, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w KX - 0 1", POS_ERR_CASTLING, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w KK - 0 1", POS_ERR_CASTLING, NULL},
	/* Chess960: Shredder-FEN and X-FEN castling fields, written back in X-FEN */
	{"4k3/8/8/8/8/8/8/4K2R w HAha - 0 1", POS_OK, "4k3/8/8/8/8/8/8/4K2R w K - 0 1"},
	{"bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w HFhf - 0 1", POS_OK,
	"bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1"},
	{"bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1", POS_OK,
	"bqnb1rkr/pppppppp/8/8/8/8/PPPPPPPP/BQNB1RKR w KQkq - 0 1"},
	{"rk2r3/8/8/8/8/8/8/RK2R3 w EAea - 0 1", POS_OK, "rk2r3/8/8/8/8/8/8/RK2R3 w KQkq - 0 1"},
	{"2r1kr1r/8/8/8/8/8/8/2R1KR1R w FCfc - 0 1", POS_OK, "2r1kr1r/8/8/8/8/8/8/2R1KR1R w FQfq - 0 1"},
	{"2r1kr1r/8/8/8/8/8/8/2R1KR1R w KQkq - 0 1", POS_OK, "2r1kr1r/8/8/8/8/8/8/2R1KR1R w KQkq - 0 1"},
	{"4k3/8/8/8/8/8/8/R3K2R w KH - 0 1", POS_ERR_CASTLING, NULL},
	{"4k3/8/8/8/8/8/8/4K2R w I - 0 1", POS_ERR_CASTLING, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w - e9 0 1", POS_ERR_EP_SYNTAX, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w - E6 0 1", POS_ERR_EP_SYNTAX, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w - - -1 1", POS_ERR_HALFMOVE, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w - - 70000 1", POS_ERR_HALFMOVE, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w - - 0 1.5", POS_ERR_FULLMOVE, NULL},
	{"4k3/8/8/8/8/8/8/8 w - - 0 1", POS_ERR_KING_COUNT, NULL},
	{"4k3/8/8/8/8/8/8/3KK3 w - - 0 1", POS_ERR_KING_COUNT, NULL},
	{"4k3/8/8/8/8/8/8/3PK3 w - - 0 1", POS_ERR_PAWN_BACK_RANK, NULL},
	{"3pk3/8/8/8/8/8/8/4K3 w - - 0 1", POS_ERR_PAWN_BACK_RANK, NULL},
	{"4k3/8/8/8/NNNNNNNN/NNNNNNNN/NNNNNNNN/4K3 w - - 0 1", POS_ERR_TOO_MANY_PIECES, NULL},
	{"4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1", POS_ERR_TOO_MANY_PAWNS, NULL},
	{"4k3/8/8/8/8/8/8/4K2R w - - 0 1", POS_OK, "4k3/8/8/8/8/8/8/4K2R w - - 0 1"},
	{"4k2R/8/8/8/8/8/8/4K3 w - - 0 1", POS_ERR_OPPOSITE_CHECK, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w - e3 0 1", POS_ERR_EP_RANK, NULL},
	{"4k3/8/8/8/8/8/8/4K3 w - e6 0 1", POS_ERR_EP_NO_PAWN, NULL},
	{"4k3/4p3/8/4p3/8/8/8/4K3 w - e6 0 1", POS_ERR_EP_NO_PAWN, NULL},
};

static void
test_fen_cases(void)
{
	size_t		i;

	for (i = 0; i < sizeof(fen_cases) / sizeof(fen_cases[0]); i++)
	{
		const FenCase *c = &fen_cases[i];
		Position	pos;
		PositionError err;
		char		out[FEN_MAX_LENGTH];
		bool		ok = fen_parse(c->fen, &pos, &err);

		if (c->code == POS_OK)
		{
			CHECK(ok, "\"%s\" accepted (%s)", c->fen, err.detail);
			if (ok)
			{
				fen_write(&pos, out);
				CHECK(strcmp(out, c->canonical) == 0, "\"%s\" written as \"%s\", got \"%s\"",
					  c->fen, c->canonical, out);
			}
		}
		else
		{
			CHECK(!ok && err.code == c->code && err.detail[0] != '\0',
				  "\"%s\" rejected with code %d, got %d (%s)", c->fen, c->code,
				  ok ? 0 : err.code, ok ? "accepted" : err.detail);
		}
	}
}

/*
 * Random bytes, and random flips of valid packed positions, must never crash
 * the checked reader; whatever it accepts must be canonical (re-packing gives
 * a form that reads back to itself).
 */
static void
test_packed_fuzz(void)
{
	uint64_t	state = 0x9E3779B97F4A7C15ULL;
	Position	start,
				pos,
				again;
	PositionError err;
	uint8_t		bytes[PACKED_POSITION_SIZE],
				packed[PACKED_POSITION_SIZE],
				packed2[PACKED_POSITION_SIZE],
				base[PACKED_POSITION_SIZE];
	int			i,
				j,
				accepted = 0,
				noncanonical = 0,
				stored_read = 0,
				stored_mismatch = 0;
	/* the bytes changed are those of positions with castling rights, en passant, Chess960 rooks */
	static const char *const fens[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w EAea - 0 1"};
	uint8_t		bases[4][PACKED_POSITION_SIZE];

	for (i = 0; i < 4; i++)
	{
		CHECK(fen_parse(fens[i], &start, &err), "fuzz base %d parses", i);
		position_pack(&start, bases[i]);
	}
	position_set_startpos(&start);
	position_pack(&start, base);
	for (i = 0; i < 200000; i++)
	{
		for (j = 0; j < PACKED_POSITION_SIZE; j++)
		{
			state ^= state << 13;
			state ^= state >> 7;
			state ^= state << 17;
			bytes[j] = (uint8_t) state;
		}
		if (i % 2)
		{
			/* a valid form with one random byte changed */
			int			at = bytes[0] % PACKED_POSITION_SIZE;
			uint8_t		value = bytes[1];

			memcpy(bytes, bases[(i / 2) % 4], PACKED_POSITION_SIZE);
			bytes[at] = value;
		}
		{
			/* stored bytes are read exactly when they are the packed form of a valid position */
			Position	stored;
			PositionError err2;
			bool		is_stored = position_unpack_stored(bytes, &stored, &err2);
			bool		packs_back = position_unpack_checked(bytes, &pos, &err);

			if (packs_back)
			{
				position_pack(&pos, packed);
				packs_back = memcmp(packed, bytes, PACKED_POSITION_SIZE) == 0;
			}
			stored_mismatch += is_stored != packs_back;
			stored_read += is_stored;
		}
		if (!position_unpack_checked(bytes, &pos, &err))
			continue;
		accepted++;
		position_pack(&pos, packed);
		if (!position_unpack_checked(packed, &again, &err))
		{
			noncanonical++;
			continue;
		}
		position_pack(&again, packed2);
		if (memcmp(packed, packed2, PACKED_POSITION_SIZE) != 0)
			noncanonical++;
	}
	CHECK(accepted > 0, "fuzz accepted some inputs");
	CHECK(noncanonical == 0, "%d accepted fuzz inputs were not canonical", noncanonical);
	CHECK(stored_read > 0 && stored_mismatch == 0,
		  "position_unpack_stored() read %d inputs, %d of them otherwise than unpack and pack back",
		  stored_read, stored_mismatch);
}

/* Slider attacks by walking the rays, to check the attack tables. */
static Bitboard
walk_attacks(int sq, Bitboard occ, bool diagonal)
{
	static const int df[2][4] = {{0, 1, 0, -1}, {1, 1, -1, -1}};
	static const int dr[2][4] = {{1, 0, -1, 0}, {1, -1, -1, 1}};
	Bitboard	result = 0;
	int			d;

	for (d = 0; d < 4; d++)
	{
		int			f = sq % 8 + df[diagonal][d],
					r = sq / 8 + dr[diagonal][d];

		for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += df[diagonal][d], r += dr[diagonal][d])
		{
			result |= SQ_BB(r * 8 + f);
			if (occ & SQ_BB(r * 8 + f))
				break;
		}
	}
	return result;
}

static uint64_t rng_state = 0x243F6A8885A308D3ULL;

static uint64_t
rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static void
test_magics(void)
{
	int			i,
				bad = 0;

	for (i = 0; i < 200000; i++)
	{
		int			sq = (int) (rng() % 64);
		Bitboard	occ = rng() & rng();

		if (bb_rook_attacks((Square) sq, occ) != walk_attacks(sq, occ, false) ||
			bb_bishop_attacks((Square) sq, occ) != walk_attacks(sq, occ, true))
			bad++;
	}
	CHECK(bad == 0, "%d magic attack sets differ from the ray walk", bad);

	/* the rook's line tables, exhaustively: every occupancy of its rank and file, noise elsewhere */
	bad = 0;
	for (i = 0; i < 64; i++)
	{
		Bitboard	lines = walk_attacks(i, 0, false),
					subset = 0;

		do
		{
			Bitboard	occ = subset | (rng() & rng() & ~lines);

			if (bb_rook_attacks((Square) i, occ) != walk_attacks(i, occ, false))
				bad++;
			subset = (subset - lines) & lines;
		} while (subset);
	}
	CHECK(bad == 0, "%d rook attack sets differ from the ray walk", bad);
}

static bool
in_list(const Move *moves, int n, Move m)
{
	int			i;

	for (i = 0; i < n; i++)
		if (moves[i] == m)
			return true;
	return false;
}

static bool
is_king_safety_verdict(MoveVerdict v)
{
	return v == MV_KING_INTO_CHECK || v == MV_LEAVES_KING_IN_CHECK ||
		v == MV_CASTLE_IN_CHECK || v == MV_CASTLE_THROUGH_CHECK || v == MV_CASTLE_INTO_CHECK;
}

static int	consistency_positions;
static int	consistency_errors;

/*
 * The generators and the diagnosis agree on every move value in pos: a move
 * is legal exactly when diagnosed legal; pseudo-legal exactly when diagnosed
 * legal or rejected only for king safety; every legal move leads to a
 * position that validates.
 */
static void
check_consistency(const Position *pos, const char *fen)
{
	Move		legal[MAX_MOVES],
				pseudo[MAX_MOVES];
	int			nl = gen_legal(pos, legal);
	int			np = gen_pseudo_legal(pos, pseudo);
	int			value,
				i,
				j,
				errors = 0;

	consistency_positions++;
	if (count_legal(pos) != nl)
		errors++;
	/* the targets mode: the same number, and exactly the legal moves' squares */
	{
		Bitboard	targets[64],
					expect[64] = {0};
		Square		sq;

		/* only the side to move's squares are written: the rest stay as they were */
		memset(targets, 0xA5, sizeof(targets));
		if (legal_targets(pos, targets) != nl)
			errors++;
		for (i = 0; i < nl; i++)
			expect[MOVE_FROM(legal[i])] |= SQ_BB(MOVE_TO(legal[i]));
		for (sq = 0; sq < 64; sq++)
			if (pos->by_color[pos->side] & SQ_BB(sq) ? targets[sq] != expect[sq] :
				targets[sq] != 0xA5A5A5A5A5A5A5A5ULL)
				errors++;
	}
	/* the moves onto one square: gen_legal's moves there, in its order */
	{
		Square		sq;

		for (sq = 0; sq < 64; sq++)
		{
			Move		onto[MAX_MOVES];
			int			k = gen_legal_to(pos, sq, onto),
						m = 0;
			bool		same = true;

			for (i = 0; i < nl && same; i++)
				if (MOVE_TO(legal[i]) == sq)
					same = m < k && onto[m++] == legal[i];
			if (!same || m != k)
			{
				if (errors++ < 3)
					printf("  %s: gen_legal_to(%d) gives %d moves, gen_legal %d there\n", fen, sq, k, m);
			}
		}
	}
	/*
	 * One piece's pseudo-legal targets are the squares of its moves among
	 * gen_pseudo_legal()'s, and every legal move, a game of one ply from
	 * here, reads back from the game format (which ranks a move among them)
	 */
	{
		Bitboard	expect[64] = {0},
					own = pos->by_color[pos->side];

		for (i = 0; i < np; i++)
			expect[MOVE_FROM(pseudo[i])] |= SQ_BB(MOVE_TO(pseudo[i]));
		while (own)
		{
			Square		sq = bb_pop(&own);

			if (piece_pseudo_targets(pos, sq) != expect[sq] && errors++ < 3)
				printf("  %s: the pseudo-legal targets of %d differ\n", fen, sq);
		}
		for (i = 0; i < nl; i++)
		{
			uint8_t		enc[GAME_ENCODED_MAX(1)];
			GameReader	r;
			Position	final;
			int			b;
			size_t		n = game_encode(pos, &legal[i], 1, enc, &b, &final);
			uint8_t		trusted[GAME_ENCODED_MAX(1)];

			game_reader_init(&r, enc, n);
			if ((n == 0 || game_reader_next(&r) != legal[i]) && errors++ < 3)
				printf("  %s: move %d of %d does not read back from the game format\n", fen, i, nl);
			/* a legal move written untested: the same bytes (the start's en passant square too) */
			if ((game_encode_legal(pos, &legal[i], 1, trusted) != n || memcmp(trusted, enc, n) != 0) &&
				errors++ < 3)
				printf("  %s: move %d of %d is written otherwise by game_encode_legal()\n", fen, i, nl);
		}
	}
	/* SAN: every legal move reads back from its SAN, strictly and leniently */
	for (i = 0; i < nl; i++)
	{
		char		san[SAN_MAX_LENGTH];
		SanResult	r;
		int			lenient;

		san_write(pos, legal[i], san);
		for (lenient = 0; lenient <= 1; lenient++)
		{
			san_parse(pos, san, strlen(san), lenient, &r);
			if (r.status != SAN_OK || r.move != legal[i])
			{
				if (errors++ < 3)
					printf("  %s: SAN %s reads back as status %d (%s)\n", fen, san, r.status, r.detail);
			}
		}
	}
	/*
	 * The common SAN read sooner: every legal move that is neither a
	 * castling nor a promotion, and any text it takes, must be read as
	 * san_parse() reads it, strictly and leniently; variants of each SAN
	 * (a disambiguation more or less, "x" added or dropped, signs and
	 * glyphs) and every square after each prefix probe what it refuses.
	 */
	for (i = 0; i < nl; i++)
	{
		char		san[SAN_MAX_LENGTH],
					variant[SAN_MAX_LENGTH + 8];
		Move		fast;
		int			k;
		bool		plain = MOVE_PROMO(legal[i]) == NO_KIND && castle_normalize(pos, legal[i]) == legal[i] &&
			!(PIECE_KIND(pos->board[MOVE_FROM(legal[i])]) == KING &&
			  (castle_right_of(pos, legal[i]) >= 0));

		san_write(pos, legal[i], san);
		if (plain && (!san_parse_common(pos, san, strlen(san), &fast) || fast != legal[i]) && errors++ < 3)
			printf("  %s: the common SAN %s is not read sooner as its move\n", fen, san);
		for (k = 0; k < 10; k++)
		{
			const char *body = san;
			size_t		len = strlen(san);

			while (len > 0 && (san[len - 1] == '+' || san[len - 1] == '#'))
				len--;
			switch (k)
			{
				case 0: snprintf(variant, sizeof(variant), "%.*s!?", (int) len, body); break;
				case 1: snprintf(variant, sizeof(variant), "%.*s++", (int) len, body); break;
				case 2: snprintf(variant, sizeof(variant), "%c%c%s", body[0], 'a' + SQ_FILE(MOVE_FROM(legal[i])), body + 1); break;
				case 3: snprintf(variant, sizeof(variant), "%c%c%s", body[0], '1' + SQ_RANK(MOVE_FROM(legal[i])), body + 1); break;
				case 4: snprintf(variant, sizeof(variant), "%c%c%c%s", body[0], 'a' + SQ_FILE(MOVE_FROM(legal[i])),
								 '1' + SQ_RANK(MOVE_FROM(legal[i])), body + 1); break;
				case 5: snprintf(variant, sizeof(variant), "%.*sx%s", (int) len - 2, body, body + len - 2); break;
				default:
					{
						/* the SAN without its k-5th character */
						size_t		cut = (size_t) (k - 6);

						if (cut >= len)
							continue;
						snprintf(variant, sizeof(variant), "%.*s%s", (int) cut, body, body + cut + 1);
					}
			}
			if (san_parse_common(pos, variant, strlen(variant), &fast))
			{
				SanResult	strict,
							lenient;

				san_parse(pos, variant, strlen(variant), false, &strict);
				san_parse(pos, variant, strlen(variant), true, &lenient);
				if ((strict.status != SAN_OK || strict.move != fast || lenient.status != SAN_OK ||
					 lenient.move != fast) && errors++ < 3)
					printf("  %s: %s is read sooner as %d, by san_parse() as %d/%d\n", fen, variant, fast,
						   strict.move, lenient.move);
			}
		}
	}
	for (value = 0; value < 64 * 9; value++)
	{
		static const char *const prefixes[9] = {"", "N", "B", "R", "Q", "K", "dx", "Nd", "Q4"};
		char		text[8];
		Move		fast;

		snprintf(text, sizeof(text), "%s%c%c", prefixes[value / 64], 'a' + value % 8, '1' + value % 64 / 8);
		if (san_parse_common(pos, text, strlen(text), &fast))
		{
			SanResult	strict;

			san_parse(pos, text, strlen(text), false, &strict);
			if ((strict.status != SAN_OK || strict.move != fast) && errors++ < 3)
				printf("  %s: %s is read sooner as %d, strictly as status %d\n", fen, text, fast, strict.status);
		}
	}
	for (i = 0; i < nl; i++)
		for (j = i + 1; j < nl; j++)
			if (legal[i] == legal[j])
				errors++;
	for (value = 0; value < 65536; value++)
	{
		Move		m = (Move) value;
		Square		where;
		MoveVerdict v;

		if (move_check(m) != MOVE_OK)
			continue;
		v = move_diagnose(pos, m, &where);
		if (move_is_legal(pos, m) != in_list(legal, nl, m))
		{
			if (errors++ < 3)
				printf("  %s: move %d: move_is_legal %d\n", fen, value, move_is_legal(pos, m));
		}
		/* castling written the other way (e1h1 for e1g1, or back) is the generated move's alias */
		if (castle_normalize(pos, m) != m)
		{
			Square		w2;

			if (move_diagnose(pos, castle_normalize(pos, m), &w2) != v ||
				(v == MV_LEGAL) != in_list(legal, nl, castle_normalize(pos, m)))
			{
				if (errors++ < 3)
					printf("  %s: castling alias %d verdict %d\n", fen, value, v);
			}
			continue;
		}
		if ((v == MV_LEGAL) != in_list(legal, nl, m) ||
			(v == MV_LEGAL || is_king_safety_verdict(v)) != in_list(pseudo, np, m))
		{
			char		uci[6];

			move_write(m, uci);
			if (errors++ < 3)
				printf("  %s: move %s verdict %d, legal %d, pseudo %d\n", fen, uci, v,
					   in_list(legal, nl, m), in_list(pseudo, np, m));
		}
		if (v == MV_LEGAL)
		{
			Position	after = *pos;
			PositionError err;
			uint8_t		packed[PACKED_POSITION_SIZE];

			position_play(&after, m);
			position_pack(&after, packed);
			if (!position_unpack_checked(packed, &after, &err))
			{
				if (errors++ < 3)
					printf("  %s: move %d leads to an invalid position: %s\n", fen, value, err.detail);
			}
		}
	}
	consistency_errors += errors;
}

/*
 * Whether moves from start, encoded, read back as they are with either
 * selection of the reader (PDEP when pdep, by counting always).
 */
static int
read_back(const Position *start, const Move *moves, int n, bool pdep)
{
	uint8_t		out[GAME_ENCODED_MAX(64)];
	int			bad,
				way,
				i;
	size_t		len = game_encode(start, moves, n, out, &bad, NULL);
	int			wrong = len == 0;

	for (way = 0; way <= (int) pdep && !wrong; way++)
	{
		GameReader	r;

		game_reader_use_pdep(way == 1);
		wrong = !game_reader_init(&r, out, len);
		for (i = 0; i < n && !wrong; i++)
			wrong = game_reader_next(&r) != moves[i];
		wrong = wrong || game_reader_failed(&r);
	}
	game_reader_use_pdep(pdep);
	return wrong;
}

/* Every suite position and 24 plies of seeded random play from each. */
static void
consistency_from_file_every(const char *path, int every, int plies)
{
	FILE	   *f = fopen(path, "r");
	char		line[1024];
	int			record = 0,
				keyed = 0,
				key_errors = 0,
				read = 0,
				read_errors = 0;
	bool		pdep = game_reader_use_pdep(true);

	if (!f)
	{
		CHECK(false, "cannot open %s", path);
		return;
	}
	while (fgets(line, sizeof(line), f))
	{
		char	   *fen = strncmp(line, "epd ", 4) == 0 ? line + 4 : line;
		Position	pos,
					start;
		PositionError err;
		int			ply;
		Move		played[64];

		if (fen == line && (line[0] < '1' || line[0] > 'r'))
			continue;			/* not a FEN line */
		if (record++ % every != 0)
			continue;
		fen[strcspn(fen, ";\r\n")] = '\0';
		if (!fen_parse(fen, &pos, &err))
			continue;			/* the round-trip test reports these */
		start = pos;
		for (ply = 0; ply < plies && ply < 64; ply++)
		{
			Move		moves[MAX_MOVES];
			int			n;
			Position	before = pos;
			uint64_t	key;

			check_consistency(&pos, fen);
			n = gen_legal(&pos, moves);
			if (n == 0)
				break;
			played[ply] = moves[rng() % (uint64_t) n];
			position_play(&pos, played[ply]);
			key = polyglot_key_update(polyglot_key(&before), &before, &pos);
			keyed++;
			if (key != polyglot_key(&pos) && key_errors++ == 0)
				printf("polyglot key of %s after ply %d: updated %016llx, computed %016llx\n",
					   fen, ply + 1, (unsigned long long) key, (unsigned long long) polyglot_key(&pos));
		}
		/* the moves encoded, and read back by each way of selecting a bit the processor has */
		read_errors += read_back(&start, played, ply, pdep);
		read++;
	}
	fclose(f);
	CHECK(key_errors == 0, "%s: the Polyglot key updated move by move differs from the computed one at %d of %d plies",
		  path, key_errors, keyed);
	CHECK(read_errors == 0, "%s: %d of %d games read back wrong (selecting by PDEP%s)", path, read_errors, read,
		  pdep ? " and by counting" : ": not on this processor; by counting alone");
}

static void
consistency_from_file(const char *path)
{
	consistency_from_file_every(path, 1, 24);
}

static void
test_polyglot(const char *path)
{
	FILE	   *f = fopen(path, "r");
	char		line[512];
	int			vectors = 0;

	if (!f)
	{
		CHECK(false, "cannot open %s", path);
		return;
	}
	while (fgets(line, sizeof(line), f))
	{
		char	   *fen = strtok(line, "\t");
		char	   *hex = strtok(NULL, "\t\r\n");
		Position	pos;
		PositionError err;
		unsigned long long expected;

		if (!fen || !hex || fen[0] == '#')
			continue;
		expected = strtoull(hex, NULL, 16);
		CHECK(fen_parse(fen, &pos, &err), "vector FEN %s", fen);
		CHECK(polyglot_key(&pos) == expected, "polyglot key of %s: expected %016llx, got %016llx",
			  fen, expected, (unsigned long long) polyglot_key(&pos));
		vectors++;
	}
	fclose(f);
	CHECK(vectors == 14, "read %d polyglot vectors", vectors);
}

/*
 * Mutated FENs (a character replaced, inserted or deleted, a few times) must
 * never crash the parser; whatever it accepts must round-trip.
 */
static void
test_fen_fuzz(void)
{
	static const char *seeds[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
		"8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
	};
	static const char alphabet[] = "pnbrqkPNBRQK12345678/ wb-KQkqabcdefgh0123456789 \t;x";
	int			i,
				accepted = 0,
				bad = 0;

	for (i = 0; i < 300000; i++)
	{
		char		buf[160];
		int			len,
					edits = 1 + (int) (rng() % 4),
					e;
		Position	pos;
		PositionError err;

		snprintf(buf, sizeof(buf), "%s", seeds[rng() % 4]);
		for (e = 0; e < edits; e++)
		{
			int			at;
			char		c = alphabet[rng() % (sizeof(alphabet) - 1)];

			len = (int) strlen(buf);
			at = (int) (rng() % (uint64_t) (len + 1));
			switch (rng() % 3)
			{
				case 0:			/* replace */
					if (at < len)
						buf[at] = c;
					break;
				case 1:			/* insert */
					if (len + 1 < (int) sizeof(buf))
					{
						memmove(buf + at + 1, buf + at, (size_t) (len - at + 1));
						buf[at] = c;
					}
					break;
				default:		/* delete */
					if (at < len)
						memmove(buf + at, buf + at + 1, (size_t) (len - at));
					break;
			}
		}
		if (fen_parse(buf, &pos, &err))
		{
			char		out[FEN_MAX_LENGTH],
						again[FEN_MAX_LENGTH];
			Position	back;

			accepted++;
			fen_write(&pos, out);
			if (!fen_parse(out, &back, &err))
				bad++;
			else
			{
				fen_write(&back, again);
				bad += strcmp(out, again) != 0;
			}
		}
		else if (err.code == POS_OK || err.detail[0] == '\0')
			bad++;
	}
	CHECK(accepted > 1000, "fuzz: %d mutated FENs accepted", accepted);
	CHECK(bad == 0, "fuzz: %d mutated FENs misbehaved", bad);
}

/*
 * Random placements far from game play: both kings and up to 15 more pieces
 * a side, any kinds (many queens included).  Those that validate must keep
 * the generators and the diagnosis in agreement, within MAX_MOVES.
 */
static void
test_random_positions(void)
{
	int			tried,
				valid = 0,
				most = 0,
				key_errors = 0;
	Position	last = {0};

	for (tried = 0; valid < 3000 && tried < 1000000; tried++)
	{
		Position	pos;
		PositionError err;
		Move		moves[MAX_MOVES];
		int			c,
					n;

		position_clear(&pos);
		for (c = WHITE; c <= BLACK; c++)
		{
			int			extra = (int) (rng() % 16),
						k;
			Square		sq;

			do
				sq = (Square) (rng() % 64);
			while (pos.board[sq] != NO_PIECE);
			position_put(&pos, sq, PIECE_MAKE(c, KING));
			for (k = 0; k < extra; k++)
			{
				PieceKind	kind = (PieceKind) (PAWN + rng() % 5);

				if (rng() % 2)
					kind = QUEEN;
				sq = (Square) (rng() % 64);
				if (pos.board[sq] == NO_PIECE && !(kind == PAWN && (SQ_RANK(sq) == 0 || SQ_RANK(sq) == 7)))
					position_put(&pos, sq, PIECE_MAKE(c, kind));
			}
		}
		pos.side = (uint8_t) (rng() % 2);
		pos.castling = (uint8_t) (rng() % 16);
		if (!position_validate(&pos, &err))
			continue;
		valid++;
		n = gen_legal(&pos, moves);
		if (n > most)
			most = n;
		check_consistency(&pos, "random position");
		/* the key updated from another position, not a move away */
		if (valid > 1 && polyglot_key_update(polyglot_key(&last), &last, &pos) != polyglot_key(&pos))
			key_errors++;
		last = pos;
	}
	CHECK(key_errors == 0, "the Polyglot key of %d of %d random positions updated from the one before differs",
		  key_errors, valid - 1);
	CHECK(valid == 3000, "made %d random valid positions", valid);
	printf("random positions: %d valid of %d tried, at most %d legal moves\n", valid, tried, most);
}

/* The published position with 218 legal moves, the most known in a legal game. */
static void
test_san_cases(void)
{
	Position	pos;
	PositionError err;
	SanResult	r;

	/* bxc4 is standard SAN for the pawn, even leniently, with a bishop able to take too */
	fen_parse("4k3/8/8/8/2p5/1P6/8/4KB2 w - - 0 1", &pos, &err);
	san_parse(&pos, "bxc4", 4, true, &r);
	CHECK(r.status == SAN_OK && r.move == MOVE_MAKE(17, 26, NO_KIND), "lenient bxc4 is the pawn");
	san_parse(&pos, "bc4", 3, true, &r);
	CHECK(r.status == SAN_AMBIGUOUS && r.ncandidates == 2, "lenient bc4 is ambiguous");
	san_parse(&pos, "Bxc4", 4, true, &r);
	CHECK(r.status == SAN_OK && r.move == MOVE_MAKE(5, 26, NO_KIND), "lenient Bxc4 is the bishop");
	/* found by the SAN fuzzer: a NUL byte first was read as a sixth piece kind */
	san_parse(&pos, "\0b1", 3, true, &r);
	CHECK(r.status == SAN_MALFORMED, "a NUL byte is no piece letter");
}

static void
test_218(void)
{
	Position	pos;
	PositionError err;

	CHECK(fen_parse("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1", &pos, &err),
		  "218-move position parses");
	CHECK(count_legal(&pos) == 218, "218-move position has %d moves", count_legal(&pos));
}

/* A random game of up to max plies from pos; returns its length. */
static int
random_game(const Position *start, Move *moves, int max)
{
	Position	pos = *start;
	int			n = 0;

	while (n < max)
	{
		Move		legal[MAX_MOVES];
		int			k = gen_legal(&pos, legal);

		if (k == 0)
			break;
		moves[n] = legal[rng() % (uint64_t) k];
		position_play(&pos, moves[n++]);
	}
	return n;
}

/* A random game of up to 200 plies from start: its positions, seen[0] the start; returns its length. */
static int
random_game_positions(const Position *start, Position seen[201])
{
	Move		moves[200];
	int			n = random_game(start, moves, 200),
				i;

	seen[0] = *start;
	for (i = 0; i < n; i++)
	{
		seen[i + 1] = seen[i];
		position_play(&seen[i + 1], moves[i]);
	}
	return n;
}

/* Whether a pair code is among n (16 bits, as a move is: in_list() looks). */
static bool
has_pair(const uint16_t *codes, int n, uint16_t code)
{
	return in_list(codes, n, code);
}

/*
 * The pairs the pattern index keeps (position_pairs()): in seeded random
 * games from the standard start, a Chess960 start (castling that may swap
 * king and rook) and promotion and en passant positions, every pair that
 * the position before a move lacked is among the pairs near the squares
 * pairs_changed() gives (the index adds only those after the first ply of
 * a window); a pair is a square and its neighbour, each once, none across
 * the board's edge; and a pattern of some men of a position has only pairs
 * that the position has (pattern_pairs()), its paired men among them.
 */
static void
test_pattern_pairs(void)
{
	static const char *const starts[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"nrkbbrqn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBRQN w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"4k3/1P6/8/3pP3/8/8/6p1/4K3 w - d6 0 2",
	};
	Position	starts_pos[4];
	int			g,
				missed = 0,
				wrong = 0,
				pattern_bad = 0,
				positions = 0;
	long		total = 0;

	for (g = 0; g < 4; g++)
	{
		PositionError err;

		CHECK(fen_parse(starts[g], &starts_pos[g], &err), "pairs start %d parses", g);
	}
	for (g = 0; g < 400; g++)
	{
		Position	seen[201];
		uint16_t	all[PAIRS_MAX],
					prev[PAIRS_MAX];
		int			nprev = 0,
					n,
					i,
					j;

		n = random_game_positions(&starts_pos[g % 4], seen);
		for (i = 0; i <= n; i++)
		{
			int			nall = position_pairs(&seen[i], ~(Bitboard) 0, all);
			uint16_t	found[PAIRS_MAX];
			int			k = i == 0 ? 0 :
				position_pairs(&seen[i], pairs_changed(&seen[i - 1], &seen[i]), found);

			positions++;
			total += nall;
			for (j = 0; j < nall; j++)
			{
				Square		sq = (Square) (all[j] >> 10),
							up = (Square) (sq + (int[]) {1, 7, 8, 9}[(all[j] >> 8) & 3]);

				/* a pair the position before lacked is among those near the changes */
				if (i > 0 && !has_pair(prev, nprev, all[j]) && !has_pair(found, k, all[j]))
					missed++;
				/* neighbours on the board, both occupied, by the pieces the code names */
				if (up > 63 || abs(SQ_FILE(up) - SQ_FILE(sq)) > 1 ||
					seen[i].board[sq] != ((all[j] >> 4) & 15) || seen[i].board[up] != (all[j] & 15) ||
					has_pair(all + j + 1, nall - j - 1, all[j]))
					wrong++;
			}
			for (j = 0; j < k; j++)
				if (!has_pair(all, nall, found[j]))
					wrong++;
			memcpy(prev, all, sizeof(uint16_t) * nall);
			nprev = nall;
		}
		/* a pattern of some of the men of a random ply */
		{
			int			t = (int) (rng() % (uint64_t) (n + 1)),
						np,
						nall = position_pairs(&seen[t], ~(Bitboard) 0, all);
			Pattern		p;
			uint16_t	codes[PAIRS_MAX];
			Bitboard	paired,
						men = 0;

			memset(&p, 0, sizeof(p));
			for (i = 0; i < 12; i++)
			{
				Bitboard	b = seen[t].by_color[i / 6] & seen[t].by_kind[i % 6 + 1];

				while (b)
				{
					Square		s = bb_pop(&b);

					if (rng() % 2 == 0)
					{
						p.pieces[i] |= SQ_BB(s);
						men |= SQ_BB(s);
					}
				}
			}
			np = pattern_pairs(&p, codes, &paired);
			for (j = 0; j < np; j++)
				if (!has_pair(all, nall, codes[j]))
					pattern_bad++;
			if ((paired & ~men) != 0)
				pattern_bad++;
		}
	}
	CHECK(missed == 0 && wrong == 0,
		  "pairs near the changed squares give every pair: %d missed, %d wrong in %d positions",
		  missed, wrong, positions);
	CHECK(pattern_bad == 0, "%d patterns have pairs their position lacks", pattern_bad);
	/* by hand: the start has 8 + 8 vertical pairs, 7 + 7 + 7 + 7 horizontal, 7 + 7 diagonal each way */
	{
		Position	start;
		uint16_t	all[PAIRS_MAX];
		Pattern		p;
		uint16_t	codes[PAIRS_MAX];
		Bitboard	paired;

		position_set_startpos(&start);
		CHECK(position_pairs(&start, ~(Bitboard) 0, all) == 16 + 28 + 28,
			  "the start has %d pairs", position_pairs(&start, ~(Bitboard) 0, all));
		/* white pawns d5 and e4 (a pair: e4 north-west to d5), a black knight on f6 (none) */
		memset(&p, 0, sizeof(p));
		p.pieces[PAWN - 1] = SQ_BB(SQ_MAKE(3, 4)) | SQ_BB(SQ_MAKE(4, 3));
		p.pieces[6 + KNIGHT - 1] = SQ_BB(SQ_MAKE(5, 5));
		CHECK(pattern_pairs(&p, codes, &paired) == 1 &&
			  codes[0] == PAIR_CODE(SQ_MAKE(4, 3), 1, PIECE_MAKE(WHITE, PAWN), PIECE_MAKE(WHITE, PAWN)) &&
			  paired == (p.pieces[PAWN - 1]),
			  "d5 and e4 are one pair, f6 in none");
		/* a pattern may fill the board: every pair of it */
		memset(&p, 0, sizeof(p));
		p.pieces[KNIGHT - 1] = ~(Bitboard) 0;
		CHECK(pattern_pairs(&p, codes, &paired) == PAIRS_MAX && paired == ~(Bitboard) 0,
			  "a board of knights has %d pairs", PAIRS_MAX);
		/* h1 and a2 are no neighbours */
		memset(&p, 0, sizeof(p));
		p.pieces[ROOK - 1] = SQ_BB(SQ_MAKE(7, 0)) | SQ_BB(SQ_MAKE(0, 1));
		CHECK(pattern_pairs(&p, codes, &paired) == 0 && paired == 0, "h1 and a2 are no pair");
	}
	printf("pattern pairs: %d positions, %.1f pairs a position\n", positions, (double) total / positions);
}

/*
 * pattern_unreachable() never gives up on a game that matches later: in
 * seeded random games, a pattern made of some of the men of the position
 * at a later ply (pawns always among them when there are any) is never
 * called unreachable at an earlier ply, and a pattern with a pawn no pawn
 * can reach any more is.
 */
static void
test_pattern_reach(void)
{
	Position	start;
	int			g,
				stops = 0,
				bad = 0;

	position_set_startpos(&start);
	for (g = 0; g < 400; g++)
	{
		Position	seen[201];
		int			n = random_game_positions(&start, seen),
					t,
					i;
		Pattern		p;
		PatternReach reach;

		t = (int) (rng() % (uint64_t) (n + 1));
		memset(&p, 0, sizeof(p));
		for (i = 0; i < 12; i++)
		{
			Bitboard	b = seen[t].by_color[i / 6] & seen[t].by_kind[i % 6 + 1];

			while (b)
			{
				Square		s = bb_pop(&b);

				if (i % 6 + 1 == PAWN || rng() % 3 == 0)
					p.pieces[i] |= SQ_BB(s);
			}
		}
		pattern_reach_init(&p, &reach);
		CHECK(pattern_matches(&p, &seen[t]), "game %d: the pattern matches ply %d", g, t);
		for (i = 0; i <= t; i++)
			if (pattern_unreachable(&reach, &seen[i]))
				bad++;
		for (i = t + 1; i <= n; i++)
			if (pattern_unreachable(&reach, &seen[i]))
			{
				stops++;
				break;
			}
	}
	CHECK(bad == 0, "pattern_unreachable gave up on %d positions before a match", bad);
	/* a white pawn on e7 against the start: reachable; on a8's file from h2 only: not */
	{
		Pattern		p;
		PatternReach reach;
		Position	pos;
		PositionError err;

		memset(&p, 0, sizeof(p));
		p.pieces[PAWN - 1] = SQ_BB(SQ_MAKE(4, 6));
		pattern_reach_init(&p, &reach);
		CHECK(!pattern_unreachable(&reach, &start), "e7 is within reach of White's pawns");
		CHECK(fen_parse("4k3/8/8/8/8/8/7P/4K3 w - - 0 1", &pos, &err), "h-pawn position parses");
		memset(&p, 0, sizeof(p));
		p.pieces[PAWN - 1] = SQ_BB(SQ_MAKE(0, 4));
		pattern_reach_init(&p, &reach);
		CHECK(pattern_unreachable(&reach, &pos), "a5 is out of reach of a pawn on h2");
		p.pieces[PAWN - 1] = SQ_BB(SQ_MAKE(4, 6));
		pattern_reach_init(&p, &reach);
		CHECK(!pattern_unreachable(&reach, &pos), "e7 is within reach of a pawn on h2 (three captures)");
		memset(&p, 0, sizeof(p));
		p.pieces[KNIGHT - 1] = SQ_BB(SQ_MAKE(0, 0));
		pattern_reach_init(&p, &reach);
		CHECK(!pattern_unreachable(&reach, &pos), "a white knight can come from the pawn");
		p.pieces[KNIGHT - 1] |= SQ_BB(SQ_MAKE(1, 0));
		pattern_reach_init(&p, &reach);
		CHECK(pattern_unreachable(&reach, &pos), "two white knights cannot");
	}
	printf("pattern reach: %d random games, %d stopped early after their match\n", 400, stops);
}

/*
 * material_query_unreachable() never gives up on a game that matches later:
 * in seeded random games, a query asking at least some of the counts of
 * the position at a later ply is never called unreachable at an earlier
 * one, nor is any query at a ply before one it matches; and it knows that a
 * piece more takes a pawn.
 */
static void
test_material_reach(void)
{
	Position	start,
				pos;
	PositionError err;
	MaterialQuery q;
	int			g,
				stops = 0,
				bad = 0,
				verdicts = 0;

	position_set_startpos(&start);
	for (g = 0; g < 400; g++)
	{
		Position	seen[201];
		uint8_t		counts[2][MATERIAL_KINDS];
		int			n = random_game_positions(&start, seen),
					t = (int) (rng() % (uint64_t) (n + 1)),
					last = -1,
					c,
					k,
					i;

		material_counts(&seen[t], counts);
		for (c = 0; c < 2; c++)
			for (k = 0; k < MATERIAL_KINDS; k++)
			{
				q.min[c][k] = rng() % 2 ? counts[c][k] : (uint8_t) (rng() % (counts[c][k] + 1u));
				q.max[c][k] = rng() % 2 ? counts[c][k] : MATERIAL_COUNT_MAX;
			}
		CHECK(material_query_matches(&q, &seen[t]), "game %d: the query matches ply %d", g, t);
		for (i = 0; i <= n; i++)
		{
			MaterialVerdict v = material_query_verdict(&q, &seen[i]);

			if (material_query_matches(&q, &seen[i]))
				last = i;
			verdicts += v != (material_query_matches(&q, &seen[i]) ? MATERIAL_MATCH :
							  material_query_unreachable(&q, &seen[i]) ? MATERIAL_NEVER : MATERIAL_NOT_YET);
		}
		for (i = 0; i <= last; i++)
			bad += material_query_unreachable(&q, &seen[i]);
		for (i = last + 1; i <= n; i++)
			if (material_query_unreachable(&q, &seen[i]))
			{
				stops++;
				break;
			}
	}
	CHECK(bad == 0, "material_query_unreachable gave up on %d positions before a match", bad);
	CHECK(stops > 0, "material_query_unreachable never stopped a game early");
	CHECK(verdicts == 0, "material_query_verdict disagreed %d times with the two tests it joins", verdicts);
	CHECK(material_query_parse("KQQvK", &q, &err) && fen_parse("4k3/P7/8/8/8/8/8/Q3K3 w - - 0 1", &pos, &err),
		  "KQQvK and a queen and pawn parse");
	CHECK(!material_query_unreachable(&q, &pos), "a second queen from the pawn");
	CHECK(material_query_parse("KQQPvK", &q, &err) && material_query_unreachable(&q, &pos),
		  "no second queen when the pawn must stay");
	CHECK(material_query_parse("KvKP", &q, &err) && material_query_unreachable(&q, &pos),
		  "no black pawn comes back");
	printf("material reach: %d random games, %d stopped early after their last match\n", 400, stops);
}

/*
 * position_unreachable() is sound: in seeded random games no position is
 * called unreachable from an earlier one of the same game; and it knows
 * what no move undoes (a position is, from a later one, when the game lost
 * men, moved a pawn or gave up a right since).
 */
static void
test_position_reach(void)
{
	Position	start,
				now,
				later;
	PositionError err;
	int			g,
				bad = 0,
				backwards = 0,
				pairs = 0,
				over = 0,
				bound = 0,
				plies = 0;

	position_set_startpos(&start);
	for (g = 0; g < 200; g++)
	{
		Position	seen[201];
		int			n = random_game_positions(&start, seen),
					i,
					j;

		for (i = 0; i <= n; i++)
		{
			int			least = position_min_plies(&seen[i]);

			over += least > i || (least & 1) != (i & 1);
			bound += least;
			plies += i;
		}
		for (i = 0; i <= n; i++)
			for (j = 0; j <= n; j++)
			{
				bool		unreachable = position_unreachable(&seen[i], &seen[j]);

				if (i <= j && unreachable)
					bad++;
				backwards += j < i && unreachable;
				pairs += j < i;
			}
	}
	CHECK(bad == 0, "position_unreachable() refused %d later positions of their own game", bad);
	CHECK(over == 0, "position_min_plies() said more than the ply, or the wrong parity, %d times", over);
	CHECK(bound > plies / 8, "position_min_plies() is %d in all, against %d plies", bound, plies);
	CHECK(fen_parse("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2", &now, &err) &&
		  position_min_plies(&now) == 2 && position_min_plies(&start) == 0, "1. e4 e5 takes 2 plies");
	CHECK(fen_parse("r4rkn/1q1n1pP1/4bB2/1p5p/PQ1bB1P1/7P/2P5/2R2K1R w - - 1 36", &now, &err) &&
		  position_min_plies(&now) == 22, "the benchmark's rare position takes at least 22 plies (%d)",
		  position_min_plies(&now));
	CHECK(backwards > pairs / 2, "it recognised %d of %d earlier positions", backwards, pairs);
	/* a piece more of a kind takes a pawn; a pawn reaches only its cone */
	CHECK(fen_parse("4k3/P7/8/8/8/8/8/Q3K3 w - - 0 1", &now, &err) &&
		  fen_parse("Q3k3/8/8/8/8/8/8/Q3K3 b - - 0 1", &later, &err), "promotion positions parse");
	CHECK(!position_unreachable(&now, &later), "a second queen from the pawn");
	CHECK(fen_parse("4k3/8/8/8/8/8/8/Q3K3 w - - 0 1", &now, &err), "no pawn parses");
	CHECK(position_unreachable(&now, &later), "no second queen without a pawn");
	CHECK(fen_parse("4k3/8/8/8/8/8/7P/4K3 w - - 0 1", &now, &err) &&
		  fen_parse("4k3/8/8/P7/8/8/8/4K3 w - - 0 1", &later, &err), "pawn positions parse");
	CHECK(position_unreachable(&now, &later), "a5 is out of reach of a pawn on h2");
	CHECK(fen_parse("4k3/8/8/8/P7/8/8/4K3 w - - 0 1", &later, &err), "a4 parses");
	CHECK(position_unreachable(&now, &later), "a4 is out of reach of a pawn on h2");
	CHECK(fen_parse("4k3/8/4P3/8/8/8/8/4K3 w - - 0 1", &later, &err), "e6 parses");
	CHECK(!position_unreachable(&now, &later), "e6 is within reach of a pawn on h2 (three captures)");
	printf("position_min_plies: %d in all over %d plies of the random games\n", bound, plies);
	printf("position reach: %d random games, %d of %d earlier positions recognised\n", 200,
		   backwards, pairs);
}

/*
 * The game encoding: random games (from the start and from suite-like
 * positions) encode and decode to the same moves and final position, are
 * canonical, and compare as their move sequences compare; illegal moves
 * are refused with their index; the format of a known game is pinned.
 */
/* A position from a FEN that must be valid. */
static Position
must_parse(const char *fen)
{
	Position	pos;
	PositionError err;

	if (!fen_parse(fen, &pos, &err))
	{
		printf("FAIL: %s: %s\n", fen, err.detail);
		failed++;
		position_set_startpos(&pos);
	}
	return pos;
}

/* Whether uci is among pos's legal moves. */
static bool
has_legal(const Position *pos, const char *uci)
{
	Move		moves[MAX_MOVES],
				m;
	int			n = gen_legal(pos, moves);

	return move_parse(uci, strlen(uci), &m) == MOVE_OK && in_list(moves, n, m);
}

static void
test_chess960(const char *dir)
{
	Position	pos,
				again,
				start;
	PositionError err;
	char		fen[FEN_MAX_LENGTH],
				san[SAN_MAX_LENGTH];
	uint8_t		a[PACKED_POSITION_SIZE],
				b[PACKED_POSITION_SIZE];
	int			n,
				bad = 0;
	Move		m;
	Square		where;
	SanResult	r;

	/* the 960 starting positions: numbering, FEN both ways, packed form */
	for (n = 0; n < 960; n++)
	{
		position_set_chess960(&pos, n);
		position_pack(&pos, a);
		fen_write(&pos, fen);
		if (!fen_parse(fen, &again, &err) || (position_pack(&again, b), memcmp(a, b, sizeof(a)) != 0))
			bad++;
		fen_write_castling(&pos, true, fen);
		if (!fen_parse(fen, &again, &err) || (position_pack(&again, b), memcmp(a, b, sizeof(a)) != 0))
			bad++;
		if (!position_unpack_checked(a, &again, &err) || position_chess960_number(&again) != n)
			bad++;
	}
	CHECK(bad == 0, "%d of the 960 starting positions do not round-trip", bad);
	position_set_chess960(&pos, 518);
	start = must_parse("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1");
	position_pack(&pos, a);
	position_pack(&start, b);
	CHECK(memcmp(a, b, sizeof(a)) == 0, "Chess960 position 518 is the standard start");
	CHECK(a[30] == 0 && a[31] == 0, "a standard position keeps zero rook-file bytes");
	position_set_chess960(&pos, 0);
	fen_write(&pos, fen);
	CHECK(strcmp(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1") == 0, "position 0: %s", fen);
	fen_write_castling(&pos, true, fen);
	CHECK(strcmp(fen, "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1") == 0, "Shredder: %s", fen);

	/* castling with the king and rook on b1 and a1, e1: the king onto its rook */
	pos = must_parse("rk2r3/pppppppp/8/8/8/8/PPPPPPPP/RK2R3 w KQkq - 0 1");
	CHECK(has_legal(&pos, "b1a1") && has_legal(&pos, "b1e1") && !has_legal(&pos, "b1d1"),
		  "both castlings, as the king onto its rook");
	move_parse("b1e1", 4, &m);
	san_write(&pos, m, san);
	CHECK(strcmp(san, "O-O") == 0, "b1e1 is O-O (%s)", san);
	san_parse(&pos, "O-O-O", 5, false, &r);
	CHECK(r.status == SAN_OK && r.move == MOVE_MAKE(SQ_B1, SQ_A1, NO_KIND), "O-O-O reads as b1a1");
	position_play(&pos, m);
	fen_write(&pos, fen);
	CHECK(strcmp(fen, "rk2r3/pppppppp/8/8/8/8/PPPPPPPP/R4RK1 b kq - 1 1") == 0, "after O-O: %s", fen);
	/* the rook shielded the king's landing square: a1 attacks c1 once b1 is empty */
	pos = must_parse("4k3/8/8/8/8/8/8/rRK5 w Q - 0 1");
	move_parse("c1b1", 4, &m);
	CHECK(!has_legal(&pos, "c1b1") && move_diagnose(&pos, m, &where) == MV_CASTLE_INTO_CHECK,
		  "no castling into the check the rook hid");
	/* king and rook change places */
	pos = must_parse("4k3/8/8/8/8/8/8/5KR1 w K - 0 1");
	CHECK(has_legal(&pos, "f1g1"), "f1g1 castles");
	move_parse("f1g1", 4, &m);
	position_play(&pos, m);
	fen_write(&pos, fen);
	CHECK(strcmp(fen, "4k3/8/8/8/8/8/8/5RK1 b - - 1 1") == 0, "king and rook swapped: %s", fen);
	/* an inner rook is named by its file; a rook on that side further out keeps it so */
	pos = must_parse("4k3/8/8/8/8/8/8/2R1KR1R w F - 0 1");
	fen_write(&pos, fen);
	CHECK(strcmp(fen, "4k3/8/8/8/8/8/8/2R1KR1R w F - 0 1") == 0, "X-FEN F: %s", fen);
	CHECK(has_legal(&pos, "e1f1") && !has_legal(&pos, "e1g1"), "castling with the f1 rook");
	/* standard castling may be written as the king onto its rook */
	pos = must_parse("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
	move_parse("e1h1", 4, &m);
	CHECK(castle_normalize(&pos, m) == MOVE_MAKE(SQ_E1, SQ_G1, NO_KIND), "e1h1 is e1g1 in standard chess");
	move_parse("e1a1", 4, &m);
	CHECK(castle_normalize(&pos, m) == MOVE_MAKE(SQ_E1, SQ_C1, NO_KIND), "e1a1 is e1c1 in standard chess");
	/* Chess960 castling through a rook move loses the right of that rook only */
	pos = must_parse("1r2k1r1/8/8/8/8/8/8/1R2K1R1 b KQkq - 0 1");
	move_parse("g8g7", 4, &m);
	position_play(&pos, m);
	fen_write(&pos, fen);
	CHECK(strcmp(fen, "1r2k3/6r1/8/8/8/8/8/1R2K1R1 w KQq - 1 2") == 0, "a rook's move: %s", fen);
	/* the Chess960 suite's positions, every 8th, 12 plies: generators and diagnosis agree */
	snprintf(fen, sizeof(fen), "%s/ethereal-fischer.epd", dir);
	consistency_from_file_every(fen, 8, 12);
}

/* A game writer fed by the PGN reader, as pgn_games() feeds it. */
typedef struct WriterTest
{
	GameWriter	w;
	uint8_t		out[GAME_ENCODED_MAX(200)];
	bool		begun;
	size_t		len;
	char		text[8192];
	size_t		text_len;
} WriterTest;

static void
writer_begin(WriterTest *t, const Position *start)
{
	memset(t->out, 0, sizeof(t->out));
	game_writer_begin(&t->w, start, t->out);
	t->begun = true;
}

static void
writer_ply(void *arg, int ply, Move m, const Position *before, const Position *after,
		   const char *variation)
{
	WriterTest *t = arg;

	(void) ply;
	(void) after;
	if (variation)
		return;
	if (!t->begun)
		writer_begin(t, before);
	game_writer_add(&t->w, before, m);
}

static bool
writer_game(void *arg, int game, const char *result, const Position *start,
			const Position *final, int plies, const PgnError *err)
{
	WriterTest *t = arg;

	(void) game;
	(void) result;
	(void) final;
	(void) plies;
	if (!t->begun)
		writer_begin(t, start);
	t->len = err ? 0 : game_writer_end(&t->w);
	return true;
}

static void
writer_emit(void *arg, const char *s, size_t n)
{
	WriterTest *t = arg;

	if (t->text_len + n < sizeof(t->text))
	{
		memcpy(t->text + t->text_len, s, n);
		t->text_len += n;
	}
}

static void
test_game(void)
{
	static const char *const starts[] = {
		"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
		"r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
		"R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1",
		"4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2",
	};
	static uint8_t enc[400][GAME_ENCODED_MAX(200)],
				enc1[400][GAME_ENCODED_MAX(200)];	/* in version 1 */
	static Move games[400][200];
	static int	lens[400],
				sizes[400],
				sizes1[400],
				start_of[400];
	int			i,
				j,
				bad = 0,
				bad1 = 0,
				order_bad = 0,
				mixed_bad = 0,
				total_plies = 0;
	size_t		total_bytes = 0,
				total_bytes1 = 0;
	Position	start,
				final;
	PositionError err;
	GameReader	damaged;

	for (i = 0; i < 400; i++)
	{
		GameReader r;
		Position	expect;
		int			b;

		/* pairs of games sharing a prefix, so that the order is tested near it */
		start_of[i] = i % 2 == 1 && i % 4 != 3 ? start_of[i - 1] : i % 4;
		fen_parse(starts[start_of[i]], &start, &err);
		if (start_of[i] != i % 4)
		{
			int			keep = (int) (rng() % (uint64_t) (lens[i - 1] + 1));
			Position	p = start;

			memcpy(games[i], games[i - 1], sizeof(Move) * (size_t) keep);
			for (j = 0; j < keep; j++)
				position_play(&p, games[i][j]);
			lens[i] = keep + random_game(&p, games[i] + keep, 200 - keep);
		}
		else
			lens[i] = random_game(&start, games[i], (int) (rng() % 200));
		sizes[i] = (int) game_encode(&start, games[i], lens[i], enc[i], &b, &final);
		{
			uint8_t		t[GAME_ENCODED_MAX(200)];

			if (game_encode_legal(&start, games[i], lens[i], t) != (size_t) sizes[i] ||
				memcmp(t, enc[i], (size_t) sizes[i]) != 0)
				bad++;
		}
		total_plies += lens[i];
		total_bytes += (size_t) sizes[i];
		game_reader_init(&r, enc[i], (size_t) sizes[i]);
		expect = start;
		if (r.plies != lens[i])
			bad++;
		for (j = 0; j < lens[i] && r.plies == lens[i]; j++)
		{
			if (game_reader_next(&r) != games[i][j])
				bad++;
			position_play(&expect, games[i][j]);
		}
		{
			uint8_t		a[PACKED_POSITION_SIZE],
						c[PACKED_POSITION_SIZE];

			position_pack(&r.pos, a);
			position_pack(&final, c);
			if (memcmp(a, c, sizeof(a)) != 0)
				bad++;
		}
		/* version 1 reads back, and becomes version 2's bytes */
		{
			uint8_t		t[GAME_ENCODED_MAX(200)];

			sizes1[i] = (int) game_encode_version(&start, games[i], lens[i], enc1[i], &b, &final, 1);
			total_bytes1 += (size_t) sizes1[i];
			game_reader_init(&r, enc1[i], (size_t) sizes1[i]);
			for (j = 0; j < lens[i] && r.plies == lens[i]; j++)
				if (game_reader_next(&r) != games[i][j])
					bad1++;
			if (enc1[i][0] != 1 || r.plies != lens[i] ||
				game_transcode(enc1[i], (size_t) sizes1[i], t, &r) != (size_t) sizes[i] ||
				memcmp(t, enc[i], (size_t) sizes[i]) != 0)
				bad1++;
		}
	}
	CHECK(bad == 0, "%d games do not decode to their moves", bad);
	CHECK(bad1 == 0, "%d games of version 1 do not decode to their moves or transcode", bad1);

	/* written move by move as their PGN is read, from a FEN tag: the same bytes */
	bad = 0;
	for (i = 0; i < 400; i++)
	{
		static WriterTest t;
		PgnHandler	h = {.arg = &t, .ply = writer_ply, .game = writer_game};

		t.begun = false;
		t.len = 0;
		t.text_len = (size_t) snprintf(t.text, sizeof(t.text), "[FEN \"%s\"]\n\n{c} ",
									   starts[start_of[i]]);
		fen_parse(starts[start_of[i]], &start, &err);
		pgn_write_movetext(&start, games[i], lens[i], "*", true, writer_emit, &t, &final, NULL);
		if (pgn_read(t.text, t.text_len, &h) != 1 || t.len != (size_t) sizes[i] ||
			memcmp(t.out, enc[i], (size_t) sizes[i]) != 0)
			bad++;
	}
	CHECK(bad == 0, "%d of 400 games are written otherwise through the PGN reader", bad);
	CHECK(total_bytes * 100 < (size_t) total_plies * 90,
		  "encoded games take %zu bytes for %d plies", total_bytes, total_plies);

	/* the order of the encoded forms is the order of the move sequences */
	for (i = 0; i < 400; i++)
		for (j = 0; j < 400; j++)
		{
			int			c = game_compare(enc[i], (size_t) sizes[i], enc[j], (size_t) sizes[j], &damaged),
						expect = 0,
						k;

			if (start_of[i] != start_of[j])
			{
				/* different starts: the standard start first */
				if ((start_of[i] == 0 && c >= 0) || (start_of[j] == 0 && c <= 0))
					order_bad++;
				continue;
			}
			for (k = 0; k < lens[i] && k < lens[j] && expect == 0; k++)
				expect = (games[i][k] > games[j][k]) - (games[i][k] < games[j][k]);
			if (expect == 0)
				expect = (lens[i] > lens[j]) - (lens[i] < lens[j]);
			if ((c > 0) - (c < 0) != expect)
				order_bad++;
			if (expect == 0 && (sizes[i] != sizes[j] || memcmp(enc[i], enc[j], (size_t) sizes[i]) != 0))
				order_bad++;
			/* version 1 against version 1 and against version 2, both ways */
			c = game_compare(enc1[i], (size_t) sizes1[i], enc1[j], (size_t) sizes1[j], &damaged);
			mixed_bad += (c > 0) - (c < 0) != expect;
			c = game_compare(enc1[i], (size_t) sizes1[i], enc[j], (size_t) sizes[j], &damaged);
			mixed_bad += (c > 0) - (c < 0) != expect;
			c = game_compare(enc[i], (size_t) sizes[i], enc1[j], (size_t) sizes1[j], &damaged);
			mixed_bad += (c > 0) - (c < 0) != expect;
		}
	CHECK(order_bad == 0, "%d pairs of games compare otherwise than their moves", order_bad);
	CHECK(mixed_bad == 0, "%d comparisons with version 1 go otherwise than the moves", mixed_bad);

	/* an illegal move is refused with its index */
	{
		Move		m[3] = {MOVE_MAKE(SQ_MAKE(4, 1), SQ_MAKE(4, 3), NO_KIND),
			MOVE_MAKE(SQ_MAKE(4, 6), SQ_MAKE(4, 4), NO_KIND),
		MOVE_MAKE(SQ_MAKE(4, 3), SQ_MAKE(4, 4), NO_KIND)};
		int			b = -1;

		position_set_startpos(&start);
		CHECK(game_encode(&start, m, 3, enc[0], &b, &final) == 0 && b == 2,
			  "e4 e5 exe5 is refused at index 2 (%d)", b);
	}

	/*
	 * The format, pinned by hand: 1. e4 e5 2. Nf3 from the start.  Version
	 * 2: e2 is piece 12 of White's 16 in square order (4 bits: 1100), e4
	 * the second of its two targets e3 e4 (1); e7 is piece 4 of Black's 16
	 * (0100), e5 the first of e5 e6 (0); g1 is piece 6 (0110), f3 the
	 * second of e2 f3 h3 (2 bits: 01): 1100 1010 0001 1001.  Version 1,
	 * by move value among the legal moves: e2e4 is move 13 of 20 (5 bits:
	 * 01101), e7e5 move 8 of 20 (01000), g1f3 move 13 of 29 (01101): 0110
	 * 1010 0001 1010 with a zero bit of padding.
	 */
	{
		Move		m[3] = {MOVE_MAKE(SQ_MAKE(4, 1), SQ_MAKE(4, 3), NO_KIND),
			MOVE_MAKE(SQ_MAKE(4, 6), SQ_MAKE(4, 4), NO_KIND),
		MOVE_MAKE(SQ_MAKE(6, 0), SQ_MAKE(5, 2), NO_KIND)};
		static const uint8_t expect[] = {2, 0, 0, 3, 0xCA, 0x19},
					expect1[] = {1, 0, 0, 3, 0x6A, 0x1A};
		int			b;
		size_t		n;

		position_set_startpos(&start);
		n = game_encode(&start, m, 3, enc[0], &b, &final);
		CHECK(n == sizeof(expect) && memcmp(enc[0], expect, n) == 0,
			  "1. e4 e5 2. Nf3 encodes as %zu bytes %02x %02x %02x %02x %02x %02x", n,
			  enc[0][0], enc[0][1], enc[0][2], enc[0][3], enc[0][4], enc[0][5]);
		n = game_encode_version(&start, m, 3, enc[0], &b, &final, 1);
		CHECK(n == sizeof(expect1) && memcmp(enc[0], expect1, n) == 0,
			  "1. e4 e5 2. Nf3 encodes in version 1 as %zu bytes %02x %02x %02x %02x %02x %02x", n,
			  enc[0][0], enc[0][1], enc[0][2], enc[0][3], enc[0][4], enc[0][5]);
	}
	/*
	 * A start whose en passant square allows no legal capture: the reader
	 * starts from the packed start, which drops the square, and a pawn's
	 * pseudo-legal targets must not differ from the encoder's.  After
	 * 1... c5, bxc6 would leave the king on a5 to the rook on h5.
	 */
	{
		Move		m[4] = {MOVE_MAKE(SQ_MAKE(2, 6), SQ_MAKE(2, 4), NO_KIND),
			MOVE_MAKE(SQ_MAKE(1, 4), SQ_MAKE(1, 5), NO_KIND),
			MOVE_MAKE(SQ_MAKE(7, 4), SQ_MAKE(6, 4), NO_KIND),
		MOVE_MAKE(SQ_MAKE(1, 5), SQ_MAKE(1, 6), NO_KIND)};
		PositionError err;
		GameReader	r;
		int			b;
		size_t		n;

		CHECK(fen_parse("7k/2p5/8/KP5r/8/8/8/8 b - - 0 1", &start, &err), "the pinned position parses");
		position_play(&start, m[0]);
		n = game_encode(&start, m + 1, 3, enc[0], &b, &final);
		game_reader_init(&r, enc[0], n);
		CHECK(n > 0 && start.ep != SQ_NONE && game_reader_next(&r) == m[1] &&
			  game_reader_next(&r) == m[2] && game_reader_next(&r) == m[3],
			  "b6 Rg5 b7 from a start with an en passant square but no legal capture reads back");
	}
	/*
	 * The reader reads nothing past a value (copies of exactly its size, for
	 * AddressSanitizer): in version 1 a forced move has no bits, so a game
	 * of forced moves ends at its last header byte; in version 2 the king,
	 * White's only piece, has no bits for its rank, and 2 for its move.
	 */
	{
		Move		m[1] = {MOVE_MAKE(SQ_MAKE(0, 0), SQ_MAKE(1, 1), NO_KIND)};
		PositionError err;
		int			version;

		CHECK(fen_parse("7k/8/8/8/8/8/1q6/K7 w - - 0 1", &start, &err), "the forced position parses");
		for (version = 1; version <= 2; version++)
		{
			GameReader	r;
			uint8_t    *exact;
			int			b;
			size_t		n = game_encode_version(&start, m, 1, enc[0], &b, &final, version);

			exact = malloc(n);
			memcpy(exact, enc[0], n);
			game_reader_init(&r, exact, n);
			CHECK(n == 2 + PACKED_POSITION_SIZE + 2 + (version == 1 ? 0 : 1) &&
				  game_reader_next(&r) == m[0] && r.ply == r.plies,
				  "Kxb2, the only move, takes %zu bytes in version %d and reads back", n, version);
			free(exact);
		}
	}
	printf("games: %d plies in %zu bytes (%.2f bytes a ply; %.2f in version 1)\n", total_plies,
		   total_bytes, (double) total_bytes / total_plies, (double) total_bytes1 / total_plies);
}

static int	fuzz_games_ok;

static bool
count_game(void *arg, int game, const char *result, const Position *start,
		   const Position *final, int plies, const PgnError *err)
{
	(void) arg;
	(void) game;
	(void) result;
	(void) start;
	(void) final;
	(void) plies;
	if (!err)
		fuzz_games_ok++;
	return true;
}

/*
 * Mutated PGN (bytes replaced, inserted, deleted, NUL bytes included) must
 * never crash the reader or read past its input: the input is copied to a
 * buffer of exactly its length, so AddressSanitizer sees any over-read.
 */
static void
test_pgn_fuzz(void)
{
	static const char seed[] =
		"[Event \"F\"]\n[White \"A \\\"q\\\" B\"]\n[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\"]\n\n"
		"1. O-O {c} O-O-O (1... Kd8 2. Rb1 (2. Ra2)) 2. Rab1 $1 Rd2!? ; x\n3. Rbc1 *\n"
		"% escaped\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 1-0\n";
	static const char alphabet[] = "[]{}();$%!?\" \n.0123456789-/*abcdefghNBRQKOx=+#\\";
	PgnHandler	h = {.game = count_game};
	int			i,
				games = 0;

	fuzz_games_ok = 0;
	games = pgn_read(seed, strlen(seed), &h);
	CHECK(games == 2 && fuzz_games_ok == 2, "the seed PGN reads as 2 good games (%d, %d)",
		  games, fuzz_games_ok);
	for (i = 0; i < 20000; i++)
	{
		char		buf[sizeof(seed) + 16];
		size_t		len = strlen(seed);
		int			edits = 1 + (int) (rng() % 6),
					e;
		char	   *exact;

		memcpy(buf, seed, len);
		for (e = 0; e < edits; e++)
		{
			size_t		at = (size_t) (rng() % (len + 1));
			char		c = (rng() % 50 == 0) ? '\0' : alphabet[rng() % (sizeof(alphabet) - 1)];

			switch (rng() % 3)
			{
				case 0:
					if (at < len)
						buf[at] = c;
					break;
				case 1:
					if (len + 1 < sizeof(buf))
					{
						memmove(buf + at + 1, buf + at, len - at);
						buf[at] = c;
						len++;
					}
					break;
				default:
					if (at < len)
					{
						memmove(buf + at, buf + at + 1, len - at - 1);
						len--;
					}
					break;
			}
		}
		exact = malloc(len ? len : 1);
		memcpy(exact, buf, len);
		pgn_read(exact, len, &h);
		free(exact);
	}
	CHECK(fuzz_games_ok > 1000, "fuzz: %d mutated games still read", fuzz_games_ok);
}

/* Games as read: plies and result, one a game, in the order they come. */
static int	part_plies[64];
static char part_results[64][8];
static int	part_count;

static bool
record_game(void *arg, int game, const char *result, const Position *start,
			const Position *final, int plies, const PgnError *err)
{
	(void) arg;
	(void) game;
	(void) start;
	(void) final;
	if (part_count < 64)
	{
		part_plies[part_count] = err ? -1 : plies;
		snprintf(part_results[part_count], sizeof(part_results[0]), "%s", result);
	}
	part_count++;
	return true;
}

/*
 * A text read in two parts, cut anywhere, gives the games read in one:
 * pgn_read_part() holds back the game the first part ends in.
 */
static void
test_pgn_parts(void)
{
	static const char text[] =
		"[Event \"A\"]\n[White \"x\"]\n\n1. e4 e5 2. Nf3 {a comment} Nc6 (2... d6 3. d4) 3. Bb5 1-0\n\n"
		"1. d4 d5 2. c4 *\n\n[Event \"B\"]\n\n[Event \"C\"]\n1. f3 e5 2. g4 Qh4# 0-1\n"
		"{trailing} [Event \"D\"] 1. Nf3 Nf6 1/2-1/2";
	size_t		len = strlen(text),
				cut;
	int			whole_plies[64],
				whole_count,
				bad = 0,
				i;
	char		whole_results[64][8];
	PgnHandler	h = {.game = record_game};

	part_count = 0;
	pgn_read(text, len, &h);
	whole_count = part_count;
	memcpy(whole_plies, part_plies, sizeof(whole_plies));
	memcpy(whole_results, part_results, sizeof(whole_results));
	for (cut = 0; cut <= len; cut++)
	{
		size_t		consumed = 0,
					rest;
		char	   *second;

		part_count = 0;
		pgn_read_part(text, cut, false, &h, &consumed);
		if (consumed > cut)
		{
			bad++;
			continue;
		}
		/* the second part: from where the first stopped, to the end */
		rest = len - consumed;
		second = malloc(rest + 1);
		memcpy(second, text + consumed, rest);
		pgn_read_part(second, rest, true, &h, NULL);
		free(second);
		if (part_count != whole_count)
			bad++;
		else
			for (i = 0; i < whole_count; i++)
				if (part_plies[i] != whole_plies[i] || strcmp(part_results[i], whole_results[i]) != 0)
					bad++;
	}
	CHECK(whole_count == 5 && whole_plies[0] == 5 && whole_plies[4] == 2,
		  "the text reads as 5 games (%d)", whole_count);
	CHECK(bad == 0, "%d cuts of the text read otherwise than the whole", bad);
}

/*
 * ann_commands_length(), which the import and the decoder check every
 * annotated game by, against the length ann_write_commands() writes: random
 * nodes of every kind of command, and the edges (no command, negative and
 * fractional clocks, a mate, evaluations under a pawn, the largest values).
 */
static void
test_commands_length(void)
{
	static const int32_t edges[] = {0, 1, 9, 10, 99, 100, 5999, 6000, 359999, 360000, -1, -10, -100,
	-6001, INT32_MAX, INT32_MIN + 1, 12345678};
	AnnShape	shapes[8];
	AnnGame		g;
	char		out[ANN_COMMANDS_MAX(8) + 1];
	int			i,
				bad = 0;

	memset(&g, 0, sizeof(g));
	g.shapes = shapes;
	for (i = 0; i < 200000; i++)
	{
		AnnNode		nd;
		uint32_t	k;
		int			n = (int) (sizeof(edges) / sizeof(edges[0]));
		uint64_t	r = rng();

		memset(&nd, 0, sizeof(nd));
		nd.clock = (r & 7) == 0 ? ANN_NONE : (r & 7) < 4 ? edges[(r >> 3) % n] : (int32_t) (rng() % 1000000);
		nd.emt = ((r >> 8) & 3) ? ANN_NONE : edges[(r >> 10) % n];
		nd.eval_kind = (uint8_t) ((r >> 16) % 3);
		nd.eval = ((r >> 18) & 1) ? edges[(r >> 19) % n] : (int32_t) (rng() % 2001) - 1000;
		nd.depth = ((r >> 24) & 1) ? ANN_NONE : edges[(r >> 25) % n] & 0x1ffff;
		nd.nshapes = (uint32_t) ((r >> 32) % 9);
		for (k = 0; k < nd.nshapes; k++)
		{
			uint64_t	q = rng();

			shapes[k].color = (uint8_t) (q & 3);
			shapes[k].from = (uint8_t) ((q >> 2) & 63);
			shapes[k].to = (q >> 8) & 1 ? shapes[k].from : (uint8_t) ((q >> 9) & 63);
		}
		if (ann_commands_length(&g, &nd) != ann_write_commands(&g, &nd, out) || strlen(out) != ann_write_commands(&g, &nd, out))
		{
			if (bad++ < 3)
				printf("  counted %zu, written %zu: \"%s\"\n", ann_commands_length(&g, &nd), strlen(out), out);
		}
	}
	CHECK(bad == 0, "ann_commands_length() differs from ann_write_commands() for %d of 200000 nodes", bad);
}

/*
 * The opening names compiled in: sorted by key, each key its line's
 * position's, each line found from its FEN whatever its clocks, and nothing found for the same position with
 * the other side to move, or with a piece taken off.
 */
static void
test_openings(void)
{
	int			i,
				unsorted = 0,
				missed = 0,
				false_hits = 0;

	CHECK(opening_name_count == 3807, "3807 lines, got %d", opening_name_count);
	for (i = 0; i < opening_name_count; i++)
	{
		const OpeningName *o = &opening_names[i];
		Position	pos;
		PositionError err;

		if (i > 0 && opening_name_keys[i - 1] > opening_name_keys[i])
			unsorted++;
		if (!fen_parse(o->fen, &pos, &err) || polyglot_key(&pos) != opening_name_keys[i])
		{
			missed++;
			continue;
		}
		pos.halfmove = 77;
		pos.fullmove = 99;
		if (opening_of_position(&pos) != o)
			missed++;
		pos.side ^= 1;
		if (opening_of_position(&pos) == o)
			false_hits++;
		pos.side ^= 1;
		{
			Square		sq = SQ_MAKE(0, 1);	/* a2 or whatever stands there */

			if (pos.board[sq] != NO_PIECE)
			{
				Piece		pc = pos.board[sq];

				remove_piece(&pos, sq);
				if (opening_of_position(&pos) == o)
					false_hits++;
				position_put(&pos, sq, pc);
			}
		}
	}
	CHECK(unsorted == 0, "%d lines out of key order", unsorted);
	CHECK(missed == 0, "%d lines not found from their FEN", missed);
	CHECK(false_hits == 0, "%d altered positions found as the line", false_hits);
	CHECK(opening_min_pieces == 22, "fewest pieces of a named position 22, got %d", opening_min_pieces);
}

/* The query's arrays: a realloc whose blocks query_free() releases. */
#define QUERY_TEST_BLOCKS 32
static void *query_test_blocks[QUERY_TEST_BLOCKS];

static void *
query_test_alloc(void *ctx, void *old, size_t size)
{
	void	   *p = realloc(old, size);
	int			i;

	(void) ctx;
	for (i = 0; i < QUERY_TEST_BLOCKS && query_test_blocks[i] != old; i++)
		;
	if (old == NULL || i == QUERY_TEST_BLOCKS)
		for (i = 0; i < QUERY_TEST_BLOCKS && query_test_blocks[i] != NULL; i++)
			;
	if (i < QUERY_TEST_BLOCKS)
		query_test_blocks[i] = p;
	return p;
}

static void
query_free(void)
{
	int			i;

	for (i = 0; i < QUERY_TEST_BLOCKS; i++)
	{
		free(query_test_blocks[i]);
		query_test_blocks[i] = NULL;
	}
}

/*
 * A query on a game (a FEN and UCI moves): the plies, comma-separated, in
 * out ("" when it does not match), or "!" and the status for text that is
 * no query.
 */
static void
query_plies(const char *json, const char *fen, const char *uci, char *out, size_t size)
{
	GameQuery	q;
	QueryError	err;
	Position	start;
	PositionError perr;
	Move		moves[64];
	uint8_t		bytes[GAME_ENCODED_MAX(64)];
	GameReader	r;
	int			plies[64],
				n = 0,
				bad,
				k;
	size_t		len,
				used = 0;

	out[0] = '\0';
	if (!query_parse(json, strlen(json), &q, query_test_alloc, NULL, &err))
	{
		snprintf(out, size, "!%d", (int) err.status);
		query_free();
		return;
	}
	fen_parse(fen, &start, &perr);
	while (*uci && n < 64)
	{
		size_t		w = strcspn(uci, " ");

		move_parse(uci, w, &moves[n++]);
		uci += w + (uci[w] == ' ');
	}
	len = game_encode(&start, moves, n, bytes, &bad, NULL);
	/* the query, or else its flipped twin, as g @@ q tries them */
	if (len > 0 && q.nconditions <= 64 &&
		((game_reader_init(&r, bytes, len) && query_match(&q, &r, plies, NULL, NULL) > 0) ||
		 (q.flipped && game_reader_init(&r, bytes, len) && query_match(q.flipped, &r, plies, NULL, NULL) > 0)))
		for (k = 0; k < q.nconditions; k++)
			used += (size_t) snprintf(out + used, size - used, "%s%d", k ? "," : "", plies[k]);
	query_free();
}

/* A query's text without its "result" rules: what the index of matches() is asked (query_without_results()). */
static void
test_query_without_results(void)
{
	static const struct
	{
		const char *json;
		const char *want;		/* "" when the text is no JSON */
	}			cases[] = {
		{"{\"result\": \"1-0\", \"white-move\": \"O-O-O\"}", "{\"white-move\":\"O-O-O\"}"},
		{"{\"white-move\": [\"O-O-O\", \"Qd1\"], \"result\": [\"1-0\", \"0-1\"]}", "{\"white-move\":[\"O-O-O\",\"Qd1\"]}"},
		{" { \"sequence\" : [ {\"result\": \"1-0\"}, { \"white-move\" : \"e4\" , \"result\":\"1-0\" } ] , \"flip\": true } ",
		"{\"sequence\":[{\"pass\":\"\"},{\"white-move\":\"e4\"}],\"flip\":true}"},
		{"{\"streak\": [{\"result\": \"*\"}, {\"moved\": \"P\"}]}", "{\"streak\":[{\"pass\":\"\"},{\"moved\":\"P\"}]}"},
		{"{\"result\": \"*\"}", "{\"pass\":\"\"}"},
		{"{\"flip\": true, \"result\": \"1-0\"}", "{\"flip\":true,\"pass\":\"\"}"},
		{"{\"result\": \"0-1\", \"flip\": false}", "{\"flip\":false,\"pass\":\"\"}"},
		{"{\"result-type\": \"mate\", \"result\": \"1-0\"}", "{\"result-type\":\"mate\"}"},
		/* a key is compared as decoded, and "result" alone is dropped */
		{"{\"res\\u0075lt\": \"1-0\", \"sub-fen\": \"8\\/8/8/8/8/8/8/2KR4\"}", "{\"sub-fen\":\"8\\/8/8/8/8/8/8/2KR4\"}"},
		{"{\"results\": 1, \"resul\": 2}", "{\"results\":1,\"resul\":2}"},
		{"{\"imbalance\": \"vP\", \"result\": \"1/2-1/2\", \"stm\": \"white\"}", "{\"imbalance\":\"vP\",\"stm\":\"white\"}"},
		{"{\"result\": \"1-0\"", ""},
		{"[]", ""},
		{"{} x", ""},
	};
	size_t		i;

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		size_t		len = strlen(cases[i].json);
		char	   *out = malloc(len + 1);
		size_t		n = query_without_results(cases[i].json, len, out);

		CHECK(n <= len, "query_without_results(%s) wrote %zu bytes of %zu", cases[i].json, n, len);
		out[n] = '\0';
		CHECK(strcmp(out, cases[i].want) == 0, "query_without_results(%s): %s, expected %s",
			  cases[i].json, out, cases[i].want);
		if (n > 0)
		{
			GameQuery	q;
			QueryError	err;
			bool		ok = query_parse(out, n, &q, query_test_alloc, NULL, &err);

			CHECK(ok || strstr(cases[i].json, "results") != NULL,
				  "query_without_results(%s) reads as no query: %s", cases[i].json, err.detail);
			CHECK(!ok || q.results == QUERY_ANY_RESULT, "query_without_results(%s) keeps a result rule",
				  cases[i].json);
			query_free();
		}
		free(out);
	}
}

static void
test_query(void)
{
	static const char *const start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
	static const char *const game = "e2e4 e7e5 g1f3 d7d6 d2d4 e5d4 e4e5 d6e5 f3e5";
	static const struct
	{
		const char *json;
		const char *fen;
		const char *uci;
		const char *plies;
	}			cases[] = {
		/* Scoutfish's rules, on 1. e4 e5 2. Nf3 d6 3. d4 exd4 4. e5 dxe5 5. Nxe5 */
		{"{\"white-move\": \"Nf3\"}", NULL, NULL, "2"},
		{"{\"black-move\": \"d4\"}", NULL, NULL, "5"},	/* exd4: the x is optional */
		{"{\"black-move\": \"exd4\"}", NULL, NULL, "5"},
		{"{\"black-move\": \"cxd4\"}", NULL, NULL, ""},	/* a pawn capture's file is kept */
		{"{\"white-move\": \"Nxe5\"}", NULL, NULL, "8"},
		{"{\"white-move\": \"Nxf3\"}", NULL, NULL, ""},
		{"{\"moved\": \"N\", \"captured\": \"P\"}", NULL, NULL, "8"},
		{"{\"captured\": \"\", \"stm\": \"black\"}", NULL, NULL, "1"},
		{"{\"sub-fen\": \"8/8/8/4P3/8/8/8/8\"}", NULL, NULL, "7"},
		{"{\"imbalance\": \"vPP\"}", NULL, NULL, "8"},
		{"{\"material\": \"KQRRBBNNPPPPPPKQRRBBNNPPPPPPP\"}", NULL, NULL, "9"},
		{"{\"sequence\": [{\"white-move\": \"e4\"}, {\"white-move\": \"d4\"}, {\"black-move\": \"dxe5\"}]}", NULL, NULL, "0,4,7"},
		{"{\"streak\": [{\"white-move\": \"e5\"}, {\"pass\": \"\"}, {\"white-move\": \"Nxe5\"}]}", NULL, NULL, "6,7,8"},
		{"{\"streak\": [{\"white-move\": \"e5\"}, {\"white-move\": \"Nxe5\"}]}", NULL, NULL, ""},
		/*
		 * a streak of one condition of the material repeated: met while no
		 * move takes (exd4 at ply 5, dxe5 at 7 above; e5 at 6 takes nothing)
		 */
		{"{\"streak\": [{\"imbalance\": \"vP\"}, {\"imbalance\": \"vP\"}, {\"imbalance\": \"vP\"}]}", NULL, NULL, ""},
		{"{\"streak\": [{\"imbalance\": \"vP\"}, {\"imbalance\": \"vP\"}]}", NULL, NULL, "6,7"},
		{"{\"streak\": [{\"imbalance\": \"Pv\"}, {\"imbalance\": \"Pv\"}, {\"imbalance\": \"Pv\"}]}", start,
		"e2e4 d7d5 e4d5 g8f6 b1c3 f6d5", "3,4,5"},
		{"{\"streak\": [{\"imbalance\": \"Pv\"}, {\"imbalance\": \"Pv\"}, {\"imbalance\": \"Pv\"}, {\"imbalance\": \"Pv\"}]}",
		start, "e2e4 d7d5 e4d5 g8f6 b1c3 f6d5", ""},
		{"{\"streak\": [{\"material\": \"KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPP\"}, {\"material\": \"KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPP\"}]}",
		start, "e2e4 d7d5 e4d5 g8f6 b1c3 f6d5", "3,4"},
		/* the greedy streak: a pawn moves at plies 0 and 1, a knight at 2 */
		{"{\"streak\": [{\"moved\": \"P\"}, {\"moved\": \"N\"}]}", start, "e2e4 e7e5 g1f3", ""},
		{"{\"streak\": [{\"moved\": \"P\"}, {\"moved\": \"P\"}, {\"moved\": \"N\"}]}", start, "e2e4 e7e5 g1f3", "0,1,2"},
		/* a streak inside a sequence, after its first condition */
		{"{\"sequence\": [{\"white-move\": \"e4\"}, {\"streak\": [{\"moved\": \"P\"}, {\"moved\": \"N\"}]}]}", start, "e2e4 e7e5 g1f3", "0,1,2"},
		/* mate and stalemate at the last position only */
		{"{\"result-type\": \"mate\"}", start, "f2f3 e7e5 g2g4 d8h4", "4"},
		{"{\"result-type\": \"stalemate\"}", "7k/5Q2/8/8/8/8/8/K7 w - - 0 1", "a1b2", "1"},
		{"{\"result-type\": \"mate\"}", "7k/5Q2/8/8/8/8/8/K7 w - - 0 1", "a1b2", ""},
		/* castling, Chess960's too; en passant takes a pawn; a promotion that takes, the piece */
		{"{\"white-move\": \"O-O\"}", "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1", "f1g1 f8g8", "0"},
		{"{\"black-move\": \"O-O\"}", "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1", "f1g1 f8g8", "1"},
		{"{\"white-move\": \"Kg1\"}", "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1", "f1g1 f8g8", ""},
		/* O-O-O is a castling the other way */
		{"{\"white-move\": \"O-O-O\"}", start, "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e8c8", "8"},
		{"{\"black-move\": \"O-O\"}", start, "d2d4 d7d5 b1c3 b8c6 c1f4 c8f5 d1d2 d8d7 e1c1 e8c8", ""},
		/* a sub-FEN of no piece (no probe); a castling is no knight's move */
		{"{\"sub-fen\": \"8/8/8/8/8/8/8/8\"}", start, "e2e4 e7e5", "0"},
		{"{\"white-move\": \"O-O\", \"moved\": \"N\"}", "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1", "f1g1 f8g8", ""},
		{"{\"white-move\": \"O-O\", \"moved\": \"K\"}", "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1", "f1g1 f8g8", "0"},
		/* a castling brings a sub-FEN's rook onto its square (the move goes to g1, or the rook's square) */
		{"{\"sub-fen\": \"8/8/8/8/8/8/8/5RK1\"}", "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1", "f1g1 f8g8", "1"},
		{"{\"sub-fen\": \"5rk1/8/8/8/8/8/8/8\"}", "5kr1/5pp1/8/8/8/8/5PP1/5KR1 w Gg - 0 1", "f1g1 f8g8", "2"},
		{"{\"sub-fen\": \"8/8/8/8/8/8/8/5RK1\"}", start, "e2e4 e7e5 g1f3 b8c6 f1c4 f8c5 e1g1 g8f6", "7"},
		{"{\"black-move\": \"exf3\", \"captured\": \"P\"}", "3r3k/2P5/8/8/4pP2/8/8/K7 b - f3 0 1", "e4f3 a1b1 f3f2 c7d8r", "0"},
		{"{\"captured\": \"R\"}", "3r3k/2P5/8/8/4pP2/8/8/K7 b - f3 0 1", "e4f3 a1b1 f3f2 c7d8r", "3"},
		{"{\"white-move\": \"cxd8=R\"}", "3r3k/2P5/8/8/4pP2/8/8/K7 b - f3 0 1", "e4f3 a1b1 f3f2 c7d8r", "3"},
		{"{\"white-move\": \"cxd8=Q\"}", "3r3k/2P5/8/8/4pP2/8/8/K7 b - f3 0 1", "e4f3 a1b1 f3f2 c7d8r", ""},
		{"{\"white-move\": \"d8\"}", "3r3k/2P5/8/8/4pP2/8/8/K7 b - f3 0 1", "e4f3 a1b1 f3f2 c7d8r", "3"},
		/* no move is played from the last position */
		{"{\"moved\": \"R\"}", "3r3k/2P5/8/8/4pP2/8/8/K7 b - f3 0 1", "e4f3 a1b1 f3f2 c7d8r", ""},
		/* beyond Scoutfish: a piece's path, one move or any number a step; either colour; counts; Scid's searches */
		{"{\"manoeuvre\": \"Ng1-f3-e5\"}", NULL, NULL, "8"},
		{"{\"manoeuvre\": \"Pe2-e4-e5\"}", NULL, NULL, "6"},
		{"{\"manoeuvre\": \"Pe2..e5\"}", NULL, NULL, "6"},
		{"{\"manoeuvre\": \"pe7-e5-d4\"}", NULL, NULL, "5"},
		{"{\"manoeuvre\": \"pd7-d6-e5\"}", NULL, NULL, "7"},
		{"{\"manoeuvre\": \"Pe2-e4-d5\"}", NULL, NULL, ""},
		{"{\"manoeuvre\": \"Pe4..e6\"}", NULL, NULL, ""},	/* the pawn is taken on e5 */
		{"{\"sequence\": [{\"black-move\": \"exd4\"}, {\"manoeuvre\": \"Nf3-e5\"}]}", NULL, NULL, "5,8"},
		{"{\"flip\": true, \"black-move\": \"Nf6\"}", NULL, NULL, "2"},
		{"{\"flip\": true, \"manoeuvre\": \"nb1-c3\"}", NULL, NULL, ""},
		{"{\"mobility\": 20}", NULL, NULL, "0"},
		{"{\"mobility\": {\"min\": 35}}", NULL, NULL, "6"},
		{"{\"mobility\": {\"min\": 38}}", NULL, NULL, ""},
		{"{\"doubled-pawns\": {\"color\": \"white\", \"min\": 1}}", NULL, NULL, ""},
		{"{\"isolated-pawns\": true}", "4k3/p7/8/8/8/8/PP5P/4K3 w - - 0 1", "b2b3", "0"},
		{"{\"isolated-pawns\": 3}", "4k3/p7/8/8/8/8/PP5P/4K3 w - - 0 1", "b2b4 a7a5 b4a5", "3"},
		{"{\"same-pawns\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1\"}", NULL, NULL, ""},
		{"{\"flip\": true, \"same-pawns\": \"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1\"}", NULL, NULL, "0"},
		{"{\"checkers\": 2}", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4c3 e8d8", ""},
		{"{\"checkers\": 1}", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4c3 e8d8", "1"},
		{"{\"checkers\": 2}", "4k3/8/8/8/4N3/8/8/4R1K1 w - - 0 1", "e4f6 e8f8", "1"},
		{"{\"pinned\": {\"color\": \"black\"}}", "4k3/4r3/8/8/8/8/8/4R1K1 w - - 0 1", "g1g2", "0"},
		{"{\"manoeuvre\": \"Nb1-b3\"}", NULL, NULL, "!1"},
		{"{\"flip\": true}", NULL, NULL, "!1"},
		{"{\"checkers\": 300}", NULL, NULL, "!1"},
		/* text that is no query: 1 syntax, 2 too big */
		{"{\"stm\": 3}", NULL, NULL, "!1"},
		{"{\"stm\": \"white\"} x", NULL, NULL, "!1"},
		{"{\"black-move\": \"xd5\"}", NULL, NULL, "!1"},
		{"{\"white-move\": \"e2\"}", NULL, NULL, "!1"},
		{"{\"sub-fen\": \"8/8/8\"}", NULL, NULL, "!1"},
		{"{\"pass\": [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]}", NULL, NULL, "!2"},
	};
	size_t		i;
	char		out[256];

	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
	{
		query_plies(cases[i].json, cases[i].fen ? cases[i].fen : start, cases[i].uci ? cases[i].uci : game,
					out, sizeof(out));
		CHECK(strcmp(out, cases[i].plies) == 0, "query %s: plies \"%s\", expected \"%s\"", cases[i].json,
			  out, cases[i].plies);
	}
}

/*
 * Manoeuvres against a brute force: on seeded random games (Chess960
 * starts among them), each piece followed by an identity through its moves
 * (castling moves the rook too; a promoted pawn keeps its identity; a piece
 * taken ends), and a path matched at the earliest ply where one piece's
 * own moves, from its move off the first square, split into the path's
 * steps: "-" one move to the next square, ".." one or more ending there.
 */
#define MV_PLIES 80

typedef struct MvTrack
{
	int			n;
	int			ply[MV_PLIES];
	Square		from[MV_PLIES],
				to[MV_PLIES];
	Piece		piece[MV_PLIES];	/* before the move */
} MvTrack;

/* The earliest ply completing steps i.. of the path from the track's move k on, or INT_MAX. */
static int
mv_brute(const QueryManoeuvre *mv, const MvTrack *t, int k, int i)
{
	int			best = INT_MAX,
				e;

	if (i == mv->nsquares - 1)
		return k > 0 ? t->ply[k - 1] : INT_MAX;
	if (k >= t->n)
		return INT_MAX;
	if (!((mv->loose >> i) & 1))
		return t->to[k] == mv->squares[i + 1] ? mv_brute(mv, t, k + 1, i + 1) : INT_MAX;
	for (e = k; e < t->n; e++)
		if (t->to[e] == mv->squares[i + 1])
		{
			int			r = mv_brute(mv, t, e + 1, i + 1);

			if (r < best)
				best = r;
		}
	return best;
}

static void
test_manoeuvre_brute(void)
{
	int			g,
				checked = 0,
				matched = 0,
				differ = 0;

	for (g = 0; g < 400; g++)
	{
		Position	start,
					pos;
		Move		moves[MV_PLIES];
		uint8_t		bytes[GAME_ENCODED_MAX(MV_PLIES)];
		MvTrack		tracks[64];		/* by identity: the square a piece stood on at ply 0 */
		int			id[64],
					n = 0,
					bad,
					q,
					sq;
		size_t		len;

		if (g % 4 == 3)
			position_set_chess960(&start, (int) (rng() % 960));
		else
			position_set_startpos(&start);
		pos = start;
		memset(tracks, 0, sizeof(tracks));
		for (sq = 0; sq < 64; sq++)
			id[sq] = pos.board[sq] != NO_PIECE ? sq : -1;
		while (n < MV_PLIES)
		{
			Move		legal[MAX_MOVES];
			int			nl = gen_legal(&pos, legal);
			Move		m;
			Square		from,
						to;
			int			castle;

			if (nl == 0)
				break;
			m = legal[rng() % (uint64_t) nl];
			from = MOVE_FROM(m);
			to = MOVE_TO(m);
			castle = PIECE_KIND(pos.board[from]) == KING ? castle_right_of(&pos, m) : -1;
			if (castle >= 0)
			{
				Square		rook = castle_rook(&pos, castle);
				int			kid = id[from],
							rid = id[rook];
				MvTrack    *kt = &tracks[kid],
						   *rt = &tracks[rid];

				kt->ply[kt->n] = n, kt->from[kt->n] = from, kt->to[kt->n] = CASTLE_KING_TO(castle),
					kt->piece[kt->n++] = pos.board[from];
				rt->ply[rt->n] = n, rt->from[rt->n] = rook, rt->to[rt->n] = CASTLE_ROOK_TO(castle),
					rt->piece[rt->n++] = pos.board[rook];
				id[from] = id[rook] = -1;
				id[CASTLE_KING_TO(castle)] = kid;
				id[CASTLE_ROOK_TO(castle)] = rid;
			}
			else
			{
				MvTrack    *t = &tracks[id[from]];

				t->ply[t->n] = n, t->from[t->n] = from, t->to[t->n] = to, t->piece[t->n++] = pos.board[from];
				if (PIECE_KIND(pos.board[from]) == PAWN && to == pos.ep)
					id[to ^ 8] = -1;
				id[to] = id[from];
				id[from] = -1;
			}
			moves[n++] = m;
			position_play(&pos, m);
		}
		len = game_encode(&start, moves, n, bytes, &bad, NULL);
		CHECK(len > 0, "manoeuvre game %d encodes", g);
		for (q = 0; q < 12 && len > 0; q++)
		{
			/* a path from some piece's own moves, the separators at random, a square changed now and then */
			int			who = (int) (rng() % 64),
						k,
						e,
						steps,
						expected = INT_MAX,
						got,
						plies[2];
			const MvTrack *t = &tracks[who];
			char		json[128];
			size_t		used;
			GameQuery	gq;
			QueryError	err;
			GameReader	r;

			if (t->n < 2)
				continue;
			k = (int) (rng() % (uint64_t) t->n);
			steps = 1 + (int) (rng() % 4);
			used = (size_t) snprintf(json, sizeof(json), "{\"manoeuvre\": \"%c%c%c",
									 "?PNBRQK??pnbrqk"[t->piece[k]], 'a' + SQ_FILE(t->from[k]), '1' + SQ_RANK(t->from[k]));
			/*
			 * every other path, when the piece comes back to a square: off
			 * its first, "..", to that square, "-", to where it went from
			 * there the second time (passing through first)
			 */
			if (q % 2 == 0)
			{
				int			e1,
							e2,
							found = 0;

				for (e1 = k; e1 < t->n && !found; e1++)
					for (e2 = e1 + 1; e2 + 1 < t->n && !found; e2++)
						if (t->to[e1] == t->to[e2] && t->to[e2 + 1] != t->to[e1 + 1])
						{
							used += (size_t) snprintf(json + used, sizeof(json) - used, "..%c%c-%c%c",
													  'a' + SQ_FILE(t->to[e2]), '1' + SQ_RANK(t->to[e2]),
													  'a' + SQ_FILE(t->to[e2 + 1]), '1' + SQ_RANK(t->to[e2 + 1]));
							found = 1;
						}
				if (found)
					steps = 0;
			}
			for (sq = 0, e = k; sq < steps; sq++)
			{
				/* a square the piece reaches later, perhaps not for the first time */
				Square		target;

				if (e >= t->n)
					e = t->n - 1;
				e += (int) (rng() % (uint64_t) (t->n - e));
				target = t->to[e++];

				if (rng() % 8 == 0)
					target = (Square) (rng() % 64);
				used += (size_t) snprintf(json + used, sizeof(json) - used, "%s%c%c", rng() % 2 ? ".." : "-",
										  'a' + SQ_FILE(target), '1' + SQ_RANK(target));
			}
			snprintf(json + used, sizeof(json) - used, "\"}");
			if (!query_parse(json, strlen(json), &gq, query_test_alloc, NULL, &err))
			{
				query_free();
				continue;		/* a step its piece cannot make, or the same square twice */
			}
			for (sq = 0; sq < 64; sq++)
			{
				const MvTrack *u = &tracks[sq];
				int			s;

				for (s = 0; s < u->n; s++)
					if (u->from[s] == gq.manoeuvres[0].squares[0] &&
						u->piece[s] == PIECE_MAKE(gq.manoeuvres[0].color, gq.manoeuvres[0].kind))
					{
						int			e = mv_brute(&gq.manoeuvres[0], u, s, 0);

						if (e < expected)
							expected = e;
					}
			}
			got = game_reader_init(&r, bytes, len) && query_match(&gq, &r, plies, NULL, NULL) > 0 ? plies[0] : INT_MAX;
			checked++;
			matched += expected != INT_MAX;
			if (got != expected)
			{
				differ++;
				if (differ <= 5)
					printf("manoeuvre %s in game %d: ply %d, brute force %d\n", json, g, got, expected);
			}
			query_free();
		}
	}
	CHECK(differ == 0, "manoeuvres: %d of %d differ from the brute force", differ, checked);
	CHECK(matched > checked / 4 && matched < checked, "manoeuvres: %d of %d matched (both kinds wanted)", matched, checked);
	printf("manoeuvres against a brute force: %d paths, %d found\n", checked, matched);
}

/* Appends to out one rule of Scoutfish's language true of ply i of a game (pos[i], and moves[i] played from it). */
static size_t
quick_rule(char *out, size_t size, const Position *pos, Move m)
{
	static const char letters[] = "QRBNP";
	static const PieceKind kinds[] = {QUEEN, ROOK, BISHOP, KNIGHT, PAWN};
	uint8_t		counts[2][MATERIAL_KINDS];
	size_t		used = 0;
	int			kind = (int) (rng() % 6),
				c,
				k,
				j;

	material_counts(pos, counts);
	switch (kind)
	{
		case 0:					/* a sub-FEN of one to three of its men */
			{
				Pattern		p;
				char		text[PATTERN_MAX_LENGTH];
				Bitboard	occ = position_occupied(pos);

				memset(&p, 0, sizeof(p));
				for (j = 0; j < 1 + (int) (rng() % 3); j++)
				{
					Square		sq = bb_select(occ, (int) (rng() % (uint64_t) bb_count(occ)));

					p.pieces[PATTERN_INDEX(pos->board[sq])] |= SQ_BB(sq);
				}
				pattern_write(&p, text);
				return (size_t) snprintf(out, size, "\"sub-fen\": \"%s\"", text);
			}
		case 1:					/* its material */
		case 2:					/* its imbalance */
			used = (size_t) snprintf(out, size, kind == 1 ? "\"material\": \"K" : "\"imbalance\": \"");
			for (c = WHITE; c <= BLACK; c++)
			{
				if (c == BLACK)
					used += (size_t) snprintf(out + used, size - used, kind == 1 ? "vK" : "v");
				for (k = 0; k < MATERIAL_KINDS; k++)
				{
					int			n = kind == 1 ? counts[c][k] : c == WHITE ? counts[0][k] - counts[1][k] : counts[1][k] - counts[0][k];

					for (j = 0; j < n; j++)
						used += (size_t) snprintf(out + used, size - used, "%c", letters[k]);
				}
			}
			return used + (size_t) snprintf(out + used, size - used, "\"");
		case 3:
			return (size_t) snprintf(out, size, "\"stm\": \"%s\"", pos->side == WHITE ? "white" : "black");
		case 4:					/* its move in SAN */
			{
				char		san[SAN_MAX_LENGTH];

				san_write(pos, m, san);
				san[strcspn(san, "+#")] = '\0';
				return (size_t) snprintf(out, size, "\"%s-move\": \"%s\"", pos->side == WHITE ? "white" : "black", san);
			}
		default:				/* the kind that moved, and what it took */
			{
				Piece		taken = pos->board[MOVE_TO(m)];
				PieceKind	mover = PIECE_KIND(pos->board[MOVE_FROM(m)]);

				if (mover == PAWN && MOVE_TO(m) == pos->ep)
					taken = PIECE_MAKE(pos->side ^ 1, PAWN);
				if (mover == KING && taken != NO_PIECE && PIECE_COLOR(taken) == pos->side)
					taken = NO_PIECE;	/* a Chess960 castling onto its rook */
				used = (size_t) snprintf(out, size, "\"moved\": \"%c\"", "?PNBRQK"[mover]);
				if (rng() % 2 == 0)
					return used;
				if (taken == NO_PIECE || PIECE_KIND(taken) == KING)
					return used + (size_t) snprintf(out + used, size - used, ", \"captured\": \"\"");
				for (k = 0; k < MATERIAL_KINDS && kinds[k] != PIECE_KIND(taken); k++)
					;
				return used + (size_t) snprintf(out + used, size - used, ", \"captured\": \"%c\"", letters[k]);
			}
	}
}

/*
 * query_match()'s quick tests of a ply (a move rule's target squares, a
 * sub-FEN's probe, the material unchanged after a quiet move) against
 * query_match() without them: random games, captures favoured so that the
 * material changes, and queries made of rules true of their own plies
 * (single conditions, sequences, streaks, some flipped).
 */
static void
test_query_quick(void)
{
	int			g,
				parsed = 0,
				tried = 0,
				matched = 0,
				differ = 0;

	for (g = 0; g < 300; g++)
	{
		Position	pos[MV_PLIES + 1];
		Move		moves[MV_PLIES];
		uint8_t		bytes[GAME_ENCODED_MAX(MV_PLIES)];
		int			n = 0,
					bad,
					t;
		size_t		len;

		if (g % 4 == 3)
			position_set_chess960(&pos[0], (int) (rng() % 960));
		else
			position_set_startpos(&pos[0]);
		while (n < MV_PLIES)
		{
			Move		legal[MAX_MOVES],
						takes[MAX_MOVES];
			int			nl = gen_legal(&pos[n], legal),
						nt = 0,
						i;

			if (nl == 0)
				break;
			for (i = 0; i < nl; i++)
				if (pos[n].board[MOVE_TO(legal[i])] != NO_PIECE && PIECE_COLOR(pos[n].board[MOVE_TO(legal[i])]) != pos[n].side)
					takes[nt++] = legal[i];
			moves[n] = nt > 0 && rng() % 2 ? takes[rng() % (uint64_t) nt] : legal[rng() % (uint64_t) nl];
			pos[n + 1] = pos[n];
			position_play(&pos[n + 1], moves[n]);
			n++;
		}
		/* half the games in the format's version 1, which the reader seeks in through another loop */
		len = game_encode_version(&pos[0], moves, n, bytes, &bad, NULL, g % 2 ? 1 : 2);
		if (len == 0 || n < 4)
			continue;
		for (t = 0; t < 10; t++)
		{
			char		json[4096];
			size_t		used;
			int			steps = 1 + (int) (rng() % 3),
						form = (int) (rng() % 3),	/* one condition, a sequence, a streak */
						i = (int) (rng() % (uint64_t) (n - steps)),
						s,
						way;
			GameQuery	q;
			QueryError	err;
			int			got[2][64],
						res[2];

			/* a third of the streaks repeat their first condition, of the material: it holds until a capture */
			bool		repeat = form == 2 && rng() % 3 == 0;
			size_t		first = 0,
						first_end = 0;

			if (steps == 1)
				form = 0;
			used = (size_t) snprintf(json, sizeof(json), "{%s%s", rng() % 5 == 0 ? "\"flip\": true, " : "",
									 form == 0 ? "" : form == 1 ? "\"sequence\": [" : "\"streak\": [");
			for (s = 0; s < steps; s++)
			{
				int			at = form == 2 ? i + s : i + (int) (rng() % (uint64_t) (n - i));

				if (form == 1)
					i = at;
				used += (size_t) snprintf(json + used, sizeof(json) - used, "%s", form ? (s ? ", {" : "{") : "");
				if (repeat && s > 0 && used + (first_end - first) < sizeof(json))
				{
					memmove(json + used, json + first, first_end - first);	/* the first's text, before used */
					used += first_end - first;
					json[used] = '\0';
				}
				else if (repeat)
				{
					first = used;
					do
						first_end = first + quick_rule(json + first, sizeof(json) - first, &pos[at], moves[at]);
					while (strncmp(json + first, "\"material\"", 10) != 0 &&
						   strncmp(json + first, "\"imbalance\"", 11) != 0);
					used = first_end;
				}
				else
				{
					used += quick_rule(json + used, sizeof(json) - used, &pos[at], moves[at]);
					if (rng() % 3 == 0)
					{
						used += (size_t) snprintf(json + used, sizeof(json) - used, ", ");
						used += quick_rule(json + used, sizeof(json) - used, &pos[at], moves[at]);
					}
				}
				used += (size_t) snprintf(json + used, sizeof(json) - used, "%s", form ? "}" : "");
			}
			snprintf(json + used, sizeof(json) - used, "%s}", form ? "]" : "");
			if (!query_parse(json, strlen(json), &q, query_test_alloc, NULL, &err))
			{
				query_free();
				continue;		/* two rules of one kind in a condition, say */
			}
			parsed++;
			for (way = 0; way < 2; way++)
			{
				GameReader	r;

				query_use_quick_tests(way == 0);
				memset(got[way], -1, sizeof(got[way]));
				res[way] = game_reader_init(&r, bytes, len) ? query_match(&q, &r, got[way], NULL, NULL) : -2;
				if (res[way] <= 0 && q.flipped && game_reader_init(&r, bytes, len))
					res[way] = query_match(q.flipped, &r, got[way], NULL, NULL);
			}
			query_use_quick_tests(true);
			tried++;
			matched += res[0] > 0;
			if (res[0] != res[1] || (res[0] > 0 && memcmp(got[0], got[1], (size_t) res[0] * sizeof(int)) != 0))
			{
				if (differ++ < 5)
					printf("quick tests: %s in game %d: %d against %d without them\n", json, g, res[0], res[1]);
			}
			query_free();
		}
	}
	CHECK(differ == 0, "query_match() with its quick tests: %d of %d queries answer otherwise than without them", differ, tried);
	CHECK(parsed > 2000 && matched > tried / 4 && matched < tried,
		  "quick tests: %d queries read, %d tried, %d matched (both kinds wanted)", parsed, tried, matched);
	printf("query_match() with and without its quick tests: %d queries, %d matched\n", tried, matched);
}

int
main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "test/data";
	const char *files[] = {"ethereal-standard.epd", "cpw-perft-results.epd",
	"python-chess-tricky.perft"};
	char		path[1024];
	size_t		i;

	test_squares();
	test_pieces();
	test_moves();
	test_fen_cases();
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
	{
		int			n;

		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		n = round_trip_file(path);
		printf("round-tripped %d FENs of %s\n", n, files[i]);
	}
	test_packed_fuzz();
	test_magics();
	for (i = 0; i < sizeof(files) / sizeof(files[0]); i++)
	{
		snprintf(path, sizeof(path), "%s/%s", dir, files[i]);
		consistency_from_file(path);
	}
	test_random_positions();
	test_chess960(dir);
	CHECK(consistency_errors == 0, "%d disagreements between generators and diagnosis",
		  consistency_errors);
	test_fen_fuzz();
	test_pgn_fuzz();
	test_pgn_parts();
	test_san_cases();
	test_218();
	test_game();
	test_commands_length();
	test_openings();
	test_pattern_reach();
	test_material_reach();
	test_pattern_pairs();
	test_position_reach();
	test_query();
	test_query_without_results();
	test_manoeuvre_brute();
	test_query_quick();
	printf("checked every move value in %d positions\n", consistency_positions);
	snprintf(path, sizeof(path), "%s/polyglot-vectors.tsv", dir);
	test_polyglot(path);
	printf("engine tests: %d passed, %d failed\n", passed, failed);
	return failed ? 1 : 0;
}
