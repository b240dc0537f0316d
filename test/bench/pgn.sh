#!/usr/bin/env bash
# Benchmark: importing a PGN file of 10,000 games, every move validated, in
# one run: pgn_games() and pgn_plies() in PostgreSQL, pgn-extract (Debian)
# checking the same file, and chess.js 1.4.0 loadPgn over the same games.
# The games are seeded random games written by the extension's pgn().
#
#   bash test/bench/pgn.sh [GAMES]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-10000}
source test/setup.sh >/dev/null
pgn_extract=/usr/games/pgn-extract
[[ -x $pgn_extract ]] ||
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q pgn-extract >/dev/null
(cd test/differential && npm ci --no-audit --no-fund --loglevel=error)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"

# the games: random play from the start, 40 to 200 plies, moves chosen by md5
pg_virtualenv -v 15 psql -X -q -At -v games="$games" -o "$work/games.pgn" >/dev/null <<'SQL'
CREATE EXTENSION chess;
WITH RECURSIVE walk(g, n, plies, p, ms) AS (
	SELECT g, 0, 40 + (hashtext('len' || g) & 255) % 161, start_position(), ARRAY[]::move[]
	FROM generate_series(1, :games) AS g
	UNION ALL
	SELECT w.g, w.n + 1, w.plies, play(w.p, x.m), w.ms || x.m
	FROM walk AS w, LATERAL (SELECT m FROM legal_moves(w.p) AS m
	                         ORDER BY md5(m::text || w.g || ':' || w.n) LIMIT 1) AS x
	WHERE w.n < w.plies
)
SELECT pgn(start_position(), ms, jsonb_build_object('Event', 'Random ' || g, 'White', 'W' || g, 'Black', 'B' || g))
FROM (SELECT DISTINCT ON (g) g, ms FROM walk ORDER BY g, n DESC) AS last ORDER BY g;
SQL
echo "file: $(grep -c '^\[Event ' "$work/games.pgn") games, $(du -h "$work/games.pgn" | cut -f1)"

now() { date +%s.%N; }

# pgn-extract: reads and checks every move (-s silent, output discarded);
# what it reports goes to its log, shown below when not empty
t0=$(now)
$pgn_extract -s -o /dev/null "$work/games.pgn" 2>"$work/pgn-extract.log"
t1=$(now)
pe_seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN {print b - a}')

# chess.js
read -r js_games js_plies js_seconds < <(node test/differential/chessjs_import.mjs "$work/games.pgn")

# PostgreSQL: the file as one text value, best of three
pg_virtualenv -v 15 psql -X -q -At -v file="$work/games.pgn" -o "$work/pg.out" >/dev/null <<'SQL'
CREATE EXTENSION chess;
\set content `cat :file`
CREATE TEMP TABLE t AS SELECT :'content'::text AS pgn;
CREATE TEMP TABLE timing (name text, ms numeric, games bigint, plies bigint);
DO $$
DECLARE
	t0 timestamptz;
	g bigint;
	p bigint;
BEGIN
	FOR i IN 1..3 LOOP
		t0 := clock_timestamp();
		SELECT count(*), sum(x.plies) INTO g, p FROM t, pgn_games(t.pgn) AS x;
		INSERT INTO timing VALUES ('pgn_games', extract(epoch FROM clock_timestamp() - t0) * 1000, g, p);
		t0 := clock_timestamp();
		SELECT count(DISTINCT x.game), count(*) INTO g, p FROM t, pgn_plies(t.pgn) AS x;
		INSERT INTO timing VALUES ('pgn_plies', extract(epoch FROM clock_timestamp() - t0) * 1000, g, p);
	END LOOP;
END $$;
SELECT name, min(ms) / 1000, max(games), max(plies) FROM timing GROUP BY name ORDER BY name;
SQL

printf '\nPGN import with every move validated, best of three for PostgreSQL\n'
printf '%-40s %8s %9s %9s %12s %14s\n' "" games plies seconds "games/s" "plies/s"
row() {
	awk -v name="$1" -v g="$2" -v p="$3" -v s="$4" \
		'BEGIN {printf "%-40s %8d %9d %9.3f %12.0f %14.0f\n", name, g, p, s, g / s, p / s}'
}
while IFS='|' read -r name seconds g p; do
	row "PostgreSQL $name()" "$g" "$p" "$seconds"
done <"$work/pg.out"
row "pgn-extract (checks moves)" "$js_games" "$js_plies" "$pe_seconds"
row "chess.js 1.4.0 loadPgn" "$js_games" "$js_plies" "$js_seconds"
# pgn-extract prints a progress count; anything else it says is shown
if tr '\r' '\n' <"$work/pgn-extract.log" | grep -qv '^\(Games: [0-9]*\)*$'; then
	echo "pgn-extract reported:"
	tr '\r' '\n' <"$work/pgn-extract.log" | grep -v '^\(Games: [0-9]*\)*$' | head -n 5
fi
