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
# NOTICE each); a game the table has (its game_key) is not inserted again.
# Exits non-zero when a part failed: its transaction left nothing, the
# other parts' games stay, and running the script again loads what is
# missing.
set -euo pipefail
if [[ $# -lt 1 || $# -gt 2 ]]; then
	echo "usage: $0 FILE [PARTS]" >&2
	exit 2
fi
file=$1
parts=${2:-$(nproc)}
pids=()
for ((k = 1; k <= parts; k++)); do
	psql -X -q -v ON_ERROR_STOP=1 -v file="$file" -v part="$k" -v parts="$parts" <<'SQL' &
INSERT INTO games (tags, tag_order, result, g)
SELECT tags, tag_order, result, value
FROM pgn_games_file(:'file', skip_errors => true, part => :part, parts => :parts)
ON CONFLICT (game_key) DO NOTHING;
SQL
	pids+=($!)
done
failed=0
for pid in "${pids[@]}"; do
	wait "$pid" || failed=$((failed + 1))
done
if ((failed)); then
	echo "load_parts.sh: $failed of $parts parts failed" >&2
	exit 1
fi
