#!/usr/bin/env bash
# Openings by name: how fast opening(g) names the games of the benchmark
# corpus (GAMES games of test/bench/gen_corpus, default 100,000), beside
# pgn-extract -e naming the same file with its own ECO file
# (/usr/share/pgn-extract/eco.pgn) in the same run; then how often the two
# give the same ECO code, on the corpus and on any further PGN files given
# (real collections: pgn-extract and we read the same games).
#
#   bash test/bench/openings.sh [GAMES [FILE.pgn ...]]     (as root)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-100000}
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [GAMES [FILE.pgn ...]]" >&2; exit 2; }
shift || true
bash test/setup.sh >/dev/null
dpkg-query -W -f='${Status}' pgn-extract 2>/dev/null | grep -q 'install ok installed' ||
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q pgn-extract >/dev/null
. test/bench/corpus.sh
corpus=$(bench_corpus "$games")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

echo "== pgn-extract: the corpus read, checked and written (-s -o), then read, checked, named and written (-e)"
s=$(now)
/usr/games/pgn-extract -s "$corpus" -o "$work/corpus-plain.pgn" 2>/dev/null
plain=$(since "$s")
s=$(now)
/usr/games/pgn-extract -s -e/usr/share/pgn-extract/eco.pgn "$corpus" -o "$work/corpus-eco.pgn" 2>/dev/null
named=$(since "$s")
echo "pgn-extract -s: $plain s; with -e: $named s (naming: $(awk -v a="$plain" -v b="$named" 'BEGIN { printf "%.2f", b - a }') s)"

files=("$work/corpus-eco.pgn")
for f in "$@"; do
	out=$work/$(basename "$f" .pgn)-eco.pgn
	/usr/games/pgn-extract -s -e/usr/share/pgn-extract/eco.pgn "$f" -o "$out" 2>/dev/null || true
	if [[ -s $out ]]; then files+=("$out"); else echo "pgn-extract wrote nothing for $f: left out"; fi
done
chmod 644 "${files[@]}"

pg_virtualenv -v 15 sh -c 'psql -X -q -v ON_ERROR_STOP=1 -v corpus="$1" -f /dev/stdin' sh "$corpus" <<EOF
\\pset footer off
SET client_min_messages = warning;
CREATE EXTENSION chess;
CREATE TABLE corpus AS SELECT value AS g FROM pgn_games_file(:'corpus');
VACUUM ANALYZE corpus;
SELECT count(*) AS games, sum(least(plies(g), 40)) AS window, sum(plies(g)) AS plies FROM corpus \\gset
\\timing on
\\echo opening(g) of every game, three times:
SELECT count(opening(g)) FROM corpus;
SELECT count(opening(g)) FROM corpus;
SELECT count(opening(g)) FROM corpus;
\\timing off
\\echo (games :games, their plies 1 to 40 :window, all their plies :plies: divide by the best time)
\\echo
\\echo the same ECO code as pgn-extract -e, by file:
CREATE TABLE compared (file text, game integer, eco text, ours text, ply integer);
$(for f in "${files[@]}"; do
	name=$(basename "$f" -eco.pgn)
	printf "INSERT INTO compared SELECT '%s', game, tags->>'ECO', (opening(value)).eco, (opening(value)).ply FROM pgn_games_file('%s', skip_errors => true, encoding => 'LATIN1') WHERE start(value) = start_position() AND plies(value) > 0;\n" "${name//\'/\'\'}" "${f//\'/\'\'}"
done)
SELECT file, count(*) AS games, count(*) FILTER (WHERE eco = ours) AS same,
       round(100.0 * count(*) FILTER (WHERE eco = ours) / count(*), 1) AS "same %",
       count(*) FILTER (WHERE left(eco, 2) = left(ours, 2)) AS "same tens",
       count(*) FILTER (WHERE ours IS NULL) AS "ours none", count(*) FILTER (WHERE eco IS NULL) AS "theirs none"
FROM compared GROUP BY file ORDER BY file;
\\echo where they differ most, all files:
SELECT eco AS theirs, ours, count(*) FROM compared WHERE eco IS DISTINCT FROM ours
GROUP BY 1, 2 ORDER BY 3 DESC LIMIT 8;
EOF
