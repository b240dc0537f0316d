#!/usr/bin/env bash
# Benchmark: parallel query, and one server against two shards over
# postgres_fdw (test/bench/scale.py), on the benchmark corpus.
#
#   bash test/bench/scale.sh [GAMES]        (100000 by default; 1000000)
#
# The corpus is the one test/bench/chessdb.sh makes and keeps in
# $CHESS_BENCH_CACHE (default /var/cache/chess-bench); run that first.
# Three throwaway servers on this machine: one with the games, a
# coordinator, two shards (test/shard/cluster.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
cache=${CHESS_BENCH_CACHE:-/var/cache/chess-bench}
games=${1:-100000}
if ((games == 100000)); then corpus=$cache/corpus-100k.pgn; else corpus=$cache/corpus-$games.pgn; fi
[[ -f $corpus ]] || { echo "no corpus $corpus: run bash test/bench/chessdb.sh $games first" >&2; exit 2; }
bash test/setup.sh >/dev/null
source test/shard/cluster.sh
dir=$(mktemp -d /tmp/chess-scale.XXXXXX)
trap 'shard_stop "$dir"; rm -rf "$dir"' EXIT
shard_start "$dir" 3
node() { local i=$1; shift; psql -X -q -v ON_ERROR_STOP=1 -h "$dir" -p $((5470 + i)) -U postgres "$@"; }
for i in 1 2; do node "$i" -d postgres -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null; done
node 0 -d postgres -c "CREATE EXTENSION chess" -v shard1="$(shard_conn "$dir" 1)" \
	-v shard2="$(shard_conn "$dir" 2)" -v shard_user=postgres -f examples/coordinator.sql >/dev/null
node 0 -d postgres -c "CREATE DATABASE single"
node 0 -d single -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null
cp "$corpus" "$dir/corpus.pgn"
chown postgres: "$dir/corpus.pgn"
/usr/bin/python3 test/bench/scale.py "$dir/corpus.pgn" "$(shard_conn "$dir" 0) dbname=single user=postgres" \
	"$(shard_conn "$dir" 0) user=postgres" "$(shard_conn "$dir" 1) user=postgres" "$(shard_conn "$dir" 2) user=postgres"
