#!/usr/bin/env bash
# Benchmark: building the GIN indexes of the chess database (games_positions,
# games_patterns of examples/chessdb.sql) over the 100,000-game corpus on
# PostgreSQL 15 (this machine's, one process: GIN builds serially before
# 18) and on PostgreSQL 18 in its Debian root file system
# (test/majors.sh makes it), serially and with two parallel workers (18's
# parallel GIN build).  Same corpus, same machine, one invocation; each
# build best of 3.  Prints seconds and the ratios.
#
#   bash test/bench/gin_build.sh          (after bash test/majors.sh 18)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
corpus=${CHESS_BENCH_CACHE:-/var/cache/chess-bench}/corpus-100k.pgn
root=${CHESS_ROOTS:-/var/cache/chess-majors}/sid
[[ -f $corpus ]] || { echo "no corpus: bash test/bench/chessdb.sh makes it"; exit 1; }
[[ -x $root/usr/lib/postgresql/18/bin/pg_config ]] || { echo "no PostgreSQL 18 root: bash test/majors.sh 18"; exit 1; }
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"; umount "$root/proc" "$root/dev/pts" "$root/dev" 2>/dev/null || true' EXIT

# the SQL both majors run: load, then each index built three times per
# setting; the last lines are "major index workers seconds"
cat >"$work/build.sql" <<'SQL'
\set ON_ERROR_STOP on
SET client_min_messages = warning;
CREATE EXTENSION chess;
CREATE TABLE games (id bigserial PRIMARY KEY, result text NOT NULL, g game NOT NULL);
INSERT INTO games (result, g) SELECT result, value FROM pgn_games_file(:'corpus');
VACUUM ANALYZE games;
SET maintenance_work_mem = '1GB';
CREATE TEMP TABLE timings (index text, workers integer, seconds float8);
CREATE PROCEDURE build(index text, opclass text, workers integer) LANGUAGE plpgsql AS $$
DECLARE
	t timestamptz;
BEGIN
	PERFORM set_config('max_parallel_maintenance_workers', workers::text, false);
	FOR i IN 1..3 LOOP
		t := clock_timestamp();
		EXECUTE format('CREATE INDEX %I ON games USING gin (g %s)', index, opclass);
		INSERT INTO timings VALUES (index, workers, extract(epoch FROM clock_timestamp() - t));
		EXECUTE format('DROP INDEX %I', index);
		COMMIT;
	END LOOP;
END $$;
CALL build('games_positions', '', 0);
CALL build('games_patterns', 'game_pattern_ops', 0);
\if :parallel
CALL build('games_positions', '', 2);
CALL build('games_patterns', 'game_pattern_ops', 2);
\endif
SELECT current_setting('server_version_num')::int / 10000, index, workers, round(min(seconds)::numeric, 2)
FROM timings GROUP BY index, workers ORDER BY index, workers;
SQL

echo "== PostgreSQL 15 (this machine)"
source test/setup.sh >/dev/null
cp "$corpus" "$work/corpus.pgn"
chmod 644 "$work/corpus.pgn"
pg_virtualenv -v 15 psql -X -q -A -t -F ' ' -v corpus="$work/corpus.pgn" -v parallel=false \
	-f "$work/build.sql" 2>/dev/null | grep -E '^[0-9]+ ' | tee "$work/15"

echo "== PostgreSQL 18 (Debian sid root)"
mount -t proc proc "$root/proc"
mount --bind /dev "$root/dev"
mount --bind /dev/pts "$root/dev/pts"
rm -rf "$root/build/chess" && mkdir -p "$root/build/chess"
tar -c --exclude=.git --exclude=node_modules --exclude='*.o' --exclude='*.so' --exclude='*.bc' . |
	tar -x -C "$root/build/chess"
cp "$work/build.sql" "$corpus" "$root/build/"
chmod 644 "$root/build/corpus-100k.pgn"
chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LANG=C.UTF-8 bash -c \
	"cd /build/chess && make -s PG_CONFIG=/usr/lib/postgresql/18/bin/pg_config install >/dev/null &&
	 pg_virtualenv -v 18 psql -X -q -A -t -F ' ' -v corpus=/build/corpus-100k.pgn -v parallel=true -f /build/build.sql" \
	2>/dev/null | grep -E '^[0-9]+ ' | tee "$work/18"
rm -f "$root/build/corpus-100k.pgn"

echo "== build seconds (best of 3), 100,000 games"
for index in games_positions games_patterns; do
	s15=$(awk -v i=$index '$2 == i && $3 == 0 {print $4}' "$work/15")
	s18=$(awk -v i=$index '$2 == i && $3 == 0 {print $4}' "$work/18")
	p18=$(awk -v i=$index '$2 == i && $3 == 2 {print $4}' "$work/18")
	echo "$index: 15 serial $s15 s; 18 serial $s18 s; 18 with 2 workers $p18 s ($(awk -v a="$s15" -v b="$p18" 'BEGIN {printf "%.2f", a / b}')x 15's)"
done
