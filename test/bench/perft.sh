#!/usr/bin/env bash
# Benchmark: perft 6 from the start position (119,060,324 leaves), three ways
# in one run: perft() inside PostgreSQL, the engine's standalone perft, and
# Stockfish's "go perft 6" (Debian's stockfish, single-threaded like ours).
# Prints nodes per second and the ratio to Stockfish; best of three runs each.
#
#   bash test/bench/perft.sh [DEPTH]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
depth=${1:-6}
runs=3
source test/setup.sh >/dev/null
if [[ ! -x /usr/games/stockfish ]]; then
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q stockfish >/dev/null
fi
make -s PG_CONFIG="$PG_CONFIG" test/perft
fen='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'

now() { date +%s.%N; }

# Stockfish: time from "go perft" to its "Nodes searched" line, so that the
# start-up of the process is not counted.
stockfish_seconds() {
	local start line nodes
	coproc SF { /usr/games/stockfish; }
	echo "position startpos" >&"${SF[1]}"
	echo "isready" >&"${SF[1]}"
	while read -r line <&"${SF[0]}"; do [[ $line == readyok ]] && break; done
	start=$(now)
	echo "go perft $depth" >&"${SF[1]}"
	while read -r line <&"${SF[0]}"; do
		if [[ $line == "Nodes searched:"* ]]; then nodes=${line#Nodes searched: }; break; fi
	done
	awk -v a="$(now)" -v b="$start" -v n="$nodes" 'BEGIN {printf "%.4f %s\n", a - b, n}'
	echo quit >&"${SF[1]}"
	wait "$SF_PID" 2>/dev/null || true
}

best() { sort -n | head -n 1; }

sf=$(for _ in $(seq $runs); do stockfish_seconds; done | sort -n | head -n 1)
sf_s=${sf% *}
sf_nodes=${sf#* }

engine=$(for _ in $(seq $runs); do
	test/perft --fen "$fen" --depth "$depth" | awk '{print $4, $2}'
done | sort -n | head -n 1)
engine_s=${engine% *}
engine_nodes=${engine#* }

sql_s=$(pg_virtualenv -v 15 sh -c "psql -X -q -At -c 'CREATE EXTENSION chess' -c '\\timing on' \
	$(for _ in $(seq $runs); do printf -- "-c %q " "SELECT perft(start_position(), $depth)"; done)" 2>/dev/null |
	awk '/^Time:/ {print $2 / 1000}' | best)
sql_nodes=$(pg_virtualenv -v 15 sh -c "psql -X -q -At -c 'CREATE EXTENSION chess' \
	-c 'SELECT perft(start_position(), $depth)'" 2>/dev/null | grep -E '^[0-9]+$' | tail -n 1)

printf '\nperft(start position, %d), best of %d runs\n' "$depth" "$runs"
printf '%-34s %14s %10s %14s %8s\n' "" nodes seconds "nodes/s" "vs SF"
row() {
	awk -v name="$1" -v n="$2" -v s="$3" -v sf="$sf_s" \
		'BEGIN {printf "%-34s %14d %10.3f %14.0f %7.2fx\n", name, n, s, n / s, sf / s}'
}
row "stockfish go perft (Debian)" "$sf_nodes" "$sf_s"
row "engine standalone (test/perft)" "$engine_nodes" "$engine_s"
row "SQL perft() in PostgreSQL 15" "$sql_nodes" "$sql_s"
if [[ $sql_nodes != "$sf_nodes" || $engine_nodes != "$sf_nodes" ]]; then
	echo "node counts differ: SQL $sql_nodes, engine $engine_nodes, Stockfish $sf_nodes"
	exit 1
fi
