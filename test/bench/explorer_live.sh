#!/bin/bash
# The live explorer under concurrent inserts (examples/explorer.sql): a
# table of BASE games of gen_corpus's lichess-form corpus (with speeds,
# ratings and dates) with its explorer built, then
# the next ADD games inserted by one session, and again (after deleting
# them and folding) by two sessions at once, each half of them, the
# explorer kept by the triggers; and once more with the maintenance
# deferred (explorer_defer()) and a rebuild after; the GIN indexes dropped,
# so that what is measured is the explorer's upkeep.  Prints games a second for
# each, whether any session waited on a lock (pg_locks sampled while they
# run), and checks that the start position counts every game.
#
#   pg_virtualenv -v 15 bash test/bench/explorer_live.sh [BASE [ADD]]
#
# (libpq environment variables name the server; the extension installed.)
set -euo pipefail
base=${1:-20000}
add=${2:-4000}
cd "$(dirname "$0")/../.."
source test/bench/corpus.sh
corpus=$(bench_corpus $((base + add)) lichess)
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
awk -v n="$base" '/^\[Event /{k++} k>n{exit} {print}' "$corpus" >"$work/base.pgn"
awk -v n="$base" -v m="$add" '/^\[Event /{k++} k>n && k<=n+m {print}' "$corpus" >"$work/add.pgn"
chmod 644 "$work"/*.pgn
sql() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
now() { date +%s.%N; }
sql -c "DROP DATABASE IF EXISTS explorer_live" -c "CREATE DATABASE explorer_live"
export PGDATABASE=explorer_live
sql -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null
# without the GIN indexes, whose inserts would be most of the time measured
# (and whose fast-update list serialises concurrent inserters)
sql -c "DROP INDEX games_positions, games_patterns"
sql -c "INSERT INTO games (tags, result, g) SELECT tags, result, value FROM pgn_games_file('$work/base.pgn')"
t=$(now)
positions=$(sql -c "SET work_mem = '256MB'" -c "SELECT explorer_rebuild()")
echo "explorer_live: $base games, the explorer built in $(awk -v a="$t" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s: $positions positions, $(sql -c "SELECT pg_size_pretty(pg_total_relation_size('explorer'))")"

# inserts PARTS sessions at once, each its part of the added games; prints
# the seconds and the largest number of lock waits seen at once
load() {
	local parts=$1 defer=$2 k pids=() waits=0 w t
	if [[ $defer == on ]]; then
		sql -c "SELECT explorer_defer()" >/dev/null
	fi
	t=$(now)
	for ((k = 1; k <= parts; k++)); do
		sql -c "INSERT INTO games (tags, result, g) SELECT tags, result, value FROM pgn_games_file('$work/add.pgn', part => $k, parts => $parts)" &
		pids+=($!)
	done
	while kill -0 "${pids[@]}" 2>/dev/null; do
		w=$(sql -c "SELECT count(*) FROM pg_locks WHERE NOT granted")
		((w > waits)) && waits=$w
		sleep 0.05
	done
	wait "${pids[@]}"
	echo "$(awk -v a="$t" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }') $waits"
}
report() {
	local label=$1 secs=$2 waits=$3
	echo "explorer_live: $label: $add games in $secs s, $(awk -v n="$add" -v s="$secs" 'BEGIN { printf "%.0f", n / s }') games/s; lock waits seen at once: $waits; $(sql -c "SELECT count(*) FROM explorer_pending") pending rows"
}
check() {
	local got
	got=$(sql -c "SELECT (SELECT sum(games) FROM explore(start_position())) = (SELECT count(*) FROM games)")
	[[ $got == t ]] || { echo "explorer_live: the start position does not count every game" >&2; exit 1; }
}
reset() {
	sql -c "DELETE FROM games WHERE id > (SELECT min(id) + $base - 1 FROM games)" -c "SELECT explorer_fold()" >/dev/null
	sql -c "VACUUM ANALYZE games, explorer, explorer_pending"
}
read -r s w < <(load 1 off); report "one session, kept live" "$s" "$w"; check
t=$(now); sql -c "SELECT explorer_fold()" >/dev/null
echo "explorer_live: the fold of one load: $(awk -v a="$t" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }') s"
reset
read -r s w < <(load 2 off); report "two sessions at once, kept live" "$s" "$w"; check
reset
read -r s w < <(load 2 on); report "two sessions at once, deferred" "$s" "$w"; check
t=$(now); sql -c "SET work_mem = '256MB'" -c "SELECT explorer_rebuild()" >/dev/null
echo "explorer_live: the rebuild after it: $(awk -v a="$t" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s"
check
sql -d postgres -c "DROP DATABASE explorer_live"
