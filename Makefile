# chess — PostgreSQL extension, built with PGXS.

EXTENSION = chess
MODULE_big = chess
# chess--0.10.0.sql installs the extension fresh; the chain from 0.1.0
# upgrades an older installation to the same catalog (sql/upgrade.sql).
DATA = sql/chess--0.10.0.sql sql/chess--0.1.0.sql sql/chess--0.1.0--0.2.0.sql sql/chess--0.2.0--0.3.0.sql \
	sql/chess--0.3.0--0.4.0.sql sql/chess--0.4.0--0.5.0.sql sql/chess--0.5.0--0.6.0.sql \
	sql/chess--0.6.0--0.7.0.sql sql/chess--0.7.0--0.8.0.sql sql/chess--0.8.0--0.9.0.sql \
	sql/chess--0.9.0--0.10.0.sql

ENGINE_OBJS = src/engine/bitboard_data.o src/engine/codec.o src/engine/fen.o \
	src/engine/make_move.o src/engine/movegen.o src/engine/diagnose.o src/engine/perft.o src/engine/polyglot.o \
	src/engine/outcome.o src/engine/pgn.o src/engine/pgn_write.o src/engine/position.o src/engine/san.o \
	src/engine/tables.o src/engine/game.o src/engine/game_memo.o src/engine/annotation.o src/engine/annotation_codec.o src/engine/commands.o src/engine/analysis.o src/engine/search.o src/engine/svg.o src/engine/explorer.o \
	src/engine/openings.o src/engine/openings_data.o src/engine/json.o src/engine/query.o src/engine/query_match.o src/engine/query_flip.o src/engine/features.o
GLUE_OBJS = src/chess.o src/init.o src/square.o src/piece.o src/move.o src/position.o src/moves.o \
	src/tables.o src/notation.o src/game.o src/game_io.o src/game_play.o src/pgn.o src/pgn_file.o src/pgn_frames.o src/pgn_pieces.o src/pgn_scan.o src/pgn_tags.o src/pgn_write.o \
	src/annotation.o src/analysis.o src/outcome.o src/replay.o src/pattern.o src/balance.o src/search.o \
	src/prefix.o src/gin_position.o src/gin_game.o src/gin_pattern.o src/gin_pattern_query.o src/gin_keys.o src/opening.o src/explorer.o src/explorer_sum.o src/gamequery.o src/gin_query.o src/features.o
OBJS = $(GLUE_OBJS) $(ENGINE_OBJS)

REGRESS = square piece move position binary_io indexes epd_suite \
	movegen castling chess960 en_passant promotion double_check play polyglot seeds \
	san pgn games game game_play game_format annotations analysis openings formats damaged search parallel pgn_file chessdb explorer gamequery features reports readme application application_security limits upgrade catalog roles drop
REGRESS_OPTS = --inputdir=. --outputdir=. --load-extension=chess

# The server headers are included as system headers: they are not -Wextra
# clean, and our own code is held to -Wall -Wextra -Werror.
PG_CPPFLAGS = -Isrc -isystem $(shell $(PG_CONFIG) --includedir-server)
# pgn_games_file() reads gzip and zstd files
SHLIB_LINK = -lz -lzstd -lm
# A portable build: no -march.  On x86-64 the hottest functions carry
# versions for x86-64-v3, POPCNT and the baseline, chosen when the library
# is loaded (CHESS_HOT in src/engine/types.h), so that a package built on
# any machine runs on every x86-64 and is as fast as -march=native on new
# ones.  A packager sets nothing; OPTFLAGS=-march=native builds for the
# building machine only.  -Werror is for the project's tests and CI, which
# build with COPT=-Werror (a user's newer compiler may warn more).
OPTFLAGS ?=
PG_CFLAGS = -Wextra -O3 $(OPTFLAGS)
# Only the server's entry points are exported (PGDLLEXPORT in src/chess.h);
# 16 and later build modules so themselves.
PG_CFLAGS += -fvisibility=hidden

EXTRA_CLEAN = src/engine/bitboard_gen src/engine/bitboard_data.c src/engine/openings_gen src/engine/openings_data.c test/engine_test test/engine_test_sanitized test/perft test/bench/gen_corpus test/bench/encodings test/bench/line_transfer results regression.diffs regression.out \
	test/fuzz/fuzz_fen test/fuzz/fuzz_packed test/fuzz/fuzz_uci test/fuzz/fuzz_san test/fuzz/fuzz_pgn \
	test/fuzz/fuzz_game test/fuzz/fuzz_annotated test/fuzz/fuzz_stored test/fuzz/fuzz_pattern test/fuzz/fuzz_balance \
	test/fuzz/fuzz_query test/fuzz/obj

PG_CONFIG ?= pg_config
PGXS := $(shell $(PG_CONFIG) --pgxs)
include $(PGXS)

# Soft input errors (pg_input_is_valid) came in 16, COPY ... (ON_ERROR) in 17.
PG_MAJOR := $(shell $(PG_CONFIG) --version | sed 's/^PostgreSQL \([0-9]*\).*/\1/')
ifeq ($(shell test $(PG_MAJOR) -ge 17 && echo yes),yes)
REGRESS += softerr
endif

# The pg_regress tests of this major, for test/run.sh to know how many
# must report.
regress-tests:
	@echo $(REGRESS)
.PHONY: regress-tests

# PGXS tracks no header dependencies of its own.
$(OBJS): $(wildcard src/*.h src/engine/*.h)

# The engine's own tests: plain C, no server.
ENGINE_SRCS = $(ENGINE_OBJS:.o=.c)
# the engine without the names of openings (1.2 MB of generated data): what
# the programs that do not name openings compile
ENGINE_CORE_SRCS = $(filter-out src/engine/openings.c src/engine/openings_data.c,$(ENGINE_SRCS))
ENGINE_CFLAGS = -O2 -g -Wall -Wextra -Werror -Wdeclaration-after-statement -Isrc

test/engine_test: test/engine_test.c $(ENGINE_SRCS) $(wildcard src/engine/*.h)
	$(CC) $(ENGINE_CFLAGS) -o $@ test/engine_test.c $(ENGINE_SRCS) -lm

.PHONY: engine-check
engine-check: test/engine_test
	test/engine_test

test/engine_test_sanitized: test/engine_test.c $(ENGINE_SRCS) $(wildcard src/engine/*.h)
	$(CC) $(ENGINE_CFLAGS) -O1 -fsanitize=address,undefined -fno-sanitize-recover=all \
		-o $@ test/engine_test.c $(ENGINE_SRCS) -lm

test/perft: test/perft.c $(ENGINE_CORE_SRCS) $(wildcard src/engine/*.h)
	$(CC) $(ENGINE_CFLAGS) -O3 -o $@ test/perft.c $(ENGINE_CORE_SRCS) -lm

# The benchmark corpus by ../shared/bench/gen.js's method, on the engine (test/bench/chessdb.sh).
test/bench/gen_corpus: test/bench/gen_corpus.c $(ENGINE_CORE_SRCS) $(wildcard src/engine/*.h)
	$(CC) $(ENGINE_CFLAGS) -O3 -o $@ test/bench/gen_corpus.c $(ENGINE_CORE_SRCS) -lm

# Bits a ply and reading speed of the game encoding against two others
# (test/bench/encodings.c); x86-64-v3 as the extension's hot clones are.
test/bench/encodings: test/bench/encodings.c $(ENGINE_CORE_SRCS) $(wildcard src/engine/*.h)
	$(CC) $(ENGINE_CFLAGS) -O3 -march=x86-64-v3 -o $@ test/bench/encodings.c $(ENGINE_CORE_SRCS) -lm

# How long a cache line takes from one core to another (test/bench/cores.sh).
test/bench/line_transfer: test/bench/line_transfer.c
	$(CC) $(ENGINE_CFLAGS) -pthread -o $@ test/bench/line_transfer.c

# libFuzzer targets, one per parser (test/fuzz/run.sh runs them).
FUZZ_CC ?= clang
FUZZ_TARGETS = fen packed uci san pgn game annotated stored pattern balance query
FUZZERS = $(addprefix test/fuzz/fuzz_,$(FUZZ_TARGETS))

FUZZ_CFLAGS = -g -O1 -Wall -Wextra -Werror -fno-sanitize-recover=all -Isrc
# the engine compiled once for all the targets (it was once a target: 200
# of the fuzz step's 270-340 s in the test command)
FUZZ_OBJS = $(patsubst src/engine/%.c,test/fuzz/obj/%.o,$(ENGINE_CORE_SRCS))

test/fuzz/obj/%.o: src/engine/%.c $(wildcard src/engine/*.h)
	@mkdir -p test/fuzz/obj
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link,address,undefined -c -o $@ $<

.SECONDARY: $(FUZZ_OBJS)
test/fuzz/fuzz_%: test/fuzz/fuzz.c $(FUZZ_OBJS)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -fsanitize=fuzzer,address,undefined -DFUZZ_$(shell echo $* | tr a-z A-Z) \
		-o $@ test/fuzz/fuzz.c $(FUZZ_OBJS) -lm

.PHONY: fuzzers
fuzzers: $(FUZZERS)

# The attack tables as constant data (src/engine/bitboard_gen.c), made by a
# program of the build: no backend fills them at start-up.  `make magics`
# searches the magic numbers anew (the search is seeded: the same numbers).
# The programs of the build are compiled without -Werror, as the library
# is (COPT=-Werror, which the tests and CI set, adds it to both).
GEN_CFLAGS = -O2 -Wall -Wextra -Wdeclaration-after-statement -Isrc $(COPT)

src/engine/bitboard_gen: src/engine/bitboard_gen.c src/engine/bitboard.h src/engine/types.h \
		src/engine/magic_numbers.h
	$(CC) $(GEN_CFLAGS) -o $@ src/engine/bitboard_gen.c

src/engine/bitboard_data.c: src/engine/bitboard_gen
	src/engine/bitboard_gen > $@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }

.PHONY: magics
magics: src/engine/bitboard_gen
	src/engine/bitboard_gen --magics > src/engine/magic_numbers.h

# The names of openings (lichess's data set, data/chess-openings) as constant
# data, each line's final position computed by the engine at build time
# (src/engine/openings_gen.c).
OPENINGS_TSV = $(sort $(wildcard data/chess-openings/*.tsv))
src/engine/openings_gen: src/engine/openings_gen.c $(ENGINE_CORE_SRCS) $(wildcard src/engine/*.h)
	$(CC) $(GEN_CFLAGS) -o $@ src/engine/openings_gen.c $(ENGINE_CORE_SRCS) -lm

src/engine/openings_data.c: src/engine/openings_gen $(OPENINGS_TSV)
	$(if $(OPENINGS_TSV),,$(error data/chess-openings/*.tsv not found: the source tree is incomplete))
	src/engine/openings_gen $(OPENINGS_TSV) > $@.tmp && mv $@.tmp $@ || { rm -f $@.tmp; exit 1; }
