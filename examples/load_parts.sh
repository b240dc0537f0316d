#!/usr/bin/env bash
# Loads a PGN file on the server into the games table of examples/chessdb.sql
# with every core: one session for each part of the file, all at once, each
# reading its part with pgn_games_file(path, part => k, parts => n) in its
# own transaction (doc/database.md, "Importing games").  For a superuser or
# a member of pg_read_server_files; libpq's environment (PGDATABASE, ...)
# names the database.
#
#   examples/load_parts.sh /data/lichess_db_standard_rated_2024-01.pgn.zst [PARTS]
#
# PARTS defaults to the number of cores.  Games with errors are skipped (a
# NOTICE each, naming the game's number and byte offset in the file; their
# count at the end); a game the table has (its game_key) is not inserted
# again.
# Prints what it did, on standard error: the games inserted and the
# seconds the load, each index build and the explorer's rebuild took.
# Exits non-zero when a part failed: its transaction left nothing, the
# other parts' games stay, and running the script again loads what is
# missing.
#
# Into an empty table, the table's GIN indexes are dropped before the load
# and built after it (two at a time): GIN indexes that take the rows of
# several sessions at once grow several times the size a build gives
# (their fast-update lists; test/bench/index_growth.sh), and building them
# after is faster than keeping them up to date.  Into a table with games,
# the indexes stay and take the new games.  The recipe's explorer, when
# there is one, is not kept up to date game by game during the load
# (explorer_defer() first: its triggers would keep a copy of every row the
# load inserts) but rebuilt after it, beside the index builds; explore()
# counts the games meanwhile.
# Index builds and the rebuild use the sessions' maintenance_work_mem and
# work_mem: PGOPTIONS="-c maintenance_work_mem=1GB -c work_mem=1GB" for a
# large file (doc/database.md, "A lichess month").
set -euo pipefail
if [[ $# -lt 1 || $# -gt 2 ]]; then
	echo "usage: $0 FILE [PARTS]" >&2
	exit 2
fi
file=$1
parts=${2:-$(nproc)}
sql() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
now() { date +%s.%N; }

# an empty table: its GIN indexes are built after the load
mapfile -t gin < <(sql -c "SELECT CASE WHEN NOT EXISTS (SELECT FROM games) THEN pg_get_indexdef(i.indexrelid) END
	FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
	WHERE i.indrelid = 'games'::regclass AND a.amname = 'gin' ORDER BY c.relname" | sed '/^$/d')
# each part's messages: the NOTICE of each game skipped, its number and
# offset in its context; and the indexes dropped, said again if the script
# stops before it has built them (a run again finds the table not empty,
# and would not build them)
log=$(mktemp)
built=0
unbuilt() {
	if ((${#gin[@]} && !built)); then
		echo "load_parts.sh: stopped before the GIN indexes it dropped were built; build them:" >&2
		printf '%s;\n' "${gin[@]}" >&2
	fi
	rm -f "$log" "$log".*
}
trap unbuilt EXIT
for def in "${gin[@]}"; do
	name=$(sed -E 's/^CREATE INDEX ([^ ]+) ON .*/\1/' <<<"$def")
	sql -c "DROP INDEX $name"
done
explorer=$(sql -c "SELECT to_regprocedure('explorer_defer()') IS NOT NULL")
if [[ $explorer == t ]]; then
	sql -c "SELECT explorer_defer()" >/dev/null
fi

# (each part's command tag, INSERT 0 N, in $log.out.K; ON CONFLICT names
# game_key, or nothing for a sharded database's partitioned table, which
# has no unique index: its shards' game_key refuses a game twice)
target=$(sql -c "SELECT CASE WHEN relkind = 'p' THEN '' ELSE '(game_key)' END FROM pg_class WHERE oid = 'games'::regclass")
pids=()
started=$(now)
for ((k = 1; k <= parts; k++)); do
	psql -X -At -v ON_ERROR_STOP=1 -v file="$file" -v part="$k" -v parts="$parts" -v target="$target" -v SHOW_CONTEXT=always \
		>"$log.out.$k" 2>"$log.err.$k" <<'SQL' &
INSERT INTO games (tags, tag_order, result, g)
SELECT tags, tag_order, result, value
FROM pgn_games_file(:'file', skip_errors => true, part => :part, parts => :parts)
ON CONFLICT :target DO NOTHING;
SQL
	pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
	wait "$pid" || failed=$((failed + 1))
done
if ((failed)); then
	echo "load_parts.sh: $failed of $parts parts failed (their errors below); the others' games are in" >&2
fi
loaded=$(now)
cat "$log".err.* >&2
skipped=$(cat "$log".err.* | grep -c 'NOTICE:  skipping game' || true)
if ((skipped)); then
	echo "load_parts.sh: $skipped games skipped (their notices above: game number, offset, error)" >&2
fi
inserted=$(sed -n 's/^INSERT 0 //p' "$log".out.* | awk '{ n += $1 } END { print n + 0 }')
echo "load_parts.sh: $inserted games inserted in $(awk -v a="$started" -v b="$loaded" 'BEGIN { printf "%.1f", b - a }') s, $parts parts at once" >&2

# then, two sessions at a time, whatever the load gave: the GIN indexes
# again, and the recipe's explorer (examples/explorer.sql) rebuilt, which
# starts as soon as a session is free (explore() answers meanwhile from the
# games themselves: the load marked the explorer stale)
jobs=("${gin[@]}")
if [[ $explorer == t ]]; then
	# its triggers made before the index builds, which they would wait for
	sql -c "SELECT explorer_triggers()" >/dev/null
	jobs+=("SELECT explorer_rebuild()")
fi
running=0
jobs_failed=0
for job in "${jobs[@]}"; do
	if ((running == 2)); then
		wait -n || jobs_failed=$((jobs_failed + 1))
		running=$((running - 1))
	fi
	(
		s=$(now)
		sql -c "$job" >/dev/null
		echo "load_parts.sh: $(sed -E 's/^CREATE INDEX ([^ ]+) .*/\1 built/; s/^SELECT explorer_rebuild\(\)$/the explorer rebuilt/' <<<"$job") in $(awk -v a="$s" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s" >&2
	) &
	running=$((running + 1))
done
while ((running > 0)); do
	wait -n || jobs_failed=$((jobs_failed + 1))
	running=$((running - 1))
done
built=1
sql -c "ANALYZE games"
if ((jobs_failed)); then
	echo "load_parts.sh: $jobs_failed of ${#jobs[@]} index builds and refreshes failed (their errors above)" >&2
elif ((${#jobs[@]})); then
	echo "load_parts.sh: ${#gin[@]} GIN indexes built$( ((${#jobs[@]} > ${#gin[@]})) && echo " and the explorer rebuilt"), the table analysed, in $(awk -v a="$loaded" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }') s, two at a time" >&2
fi
if ((failed + jobs_failed)); then
	exit 1
fi
