#!/usr/bin/env bash
# opening(g) against chess.js (openings.mjs): the first GAMES games of the
# benchmark corpus (test/bench/gen_corpus, seed 20240601; default 3,000, the
# whole corpus is 100,000) and every line of the data set played as a game,
# each named by the extension and by lichess's rule written with chess.js
# over data/chess-openings.  Needs npm's chess.js (test/differential: npm ci).
# Prints "openings against chess.js: N passed, M failed".
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-3000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
make -s test/bench/gen_corpus >/dev/null
test/bench/gen_corpus generate 20240601 0 "$games" >"$work/corpus.pgn"
chmod 644 "$work/corpus.pgn"
# (the cluster's messages on stdout, the rows in the file)
pg_virtualenv -v 15 sh -c 'psql -X -q -v ON_ERROR_STOP=1 -v corpus="$1/corpus.pgn" \
	-f test/differential/openings.sql >"$1/ours.tsv"' sh "$work"
echo "$(wc -l <"$work/ours.tsv") games named by opening(g): $games of the corpus and the data set's lines"
# every game of the corpus and every line of the data set, or it fails
node test/differential/openings.mjs data/chess-openings $((games + $(tail -q -n +2 data/chess-openings/*.tsv | wc -l))) \
	<"$work/ours.tsv"
