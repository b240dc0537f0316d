#!/usr/bin/env bash
# Game queries (gamequery, doc/query.md) against Scoutfish on the
# benchmark corpus, in one invocation: Scoutfish with one and two threads,
# ours serially, with two parallel workers and with the GIN indexes.
#
#   SCOUTFISH_DIR=... bash test/bench/query.sh [REPEATS]
#
# SCOUTFISH_DIR names a checkout of Scoutfish (mcostalba/scoutfish, GPL)
# with its binary built in src/: this project ships and builds none of its
# code.  The corpus is test/bench/chessdb.sh's ($CHESS_BENCH_CACHE,
# default /var/cache/chess-bench, corpus-100k.pgn): run that first.  On a
# VM whose cores run at different speeds (test/bench/cores.sh, printed
# before and after), the one-thread ratios compare the cores as much as the
# programs: run it under taskset -c N, and both run on one core (the
# two-thread columns then say nothing).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
cache=${CHESS_BENCH_CACHE:-/var/cache/chess-bench}
corpus=$cache/corpus-100k.pgn
repeats=${1:-3}
[[ -x ${SCOUTFISH_DIR:-}/src/scoutfish ]] || { echo "SCOUTFISH_DIR: a Scoutfish checkout with src/scoutfish built" >&2; exit 2; }
[[ -f $corpus ]] || { echo "no $corpus: run test/bench/chessdb.sh first" >&2; exit 2; }
export SCOUTFISH_DIR
echo "before: $(bash test/bench/cores.sh)"
pg_virtualenv -v 15 sh -c "psql -X -q -c 'CREATE EXTENSION chess' && \
	/usr/bin/python3 test/bench/query.py \"\$SCOUTFISH_DIR\" '$corpus' $repeats"
echo "after:  $(bash test/bench/cores.sh)"
