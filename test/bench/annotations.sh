#!/usr/bin/env bash
# Annotated games, in one run: what lichess's clocks, and clocks with
# evaluations, cost in a game value against the PGN text and its .pgn.zst;
# how fast such files import against the same games without annotations;
# and searches by scan over annotated games against the same games bare
# (the annotations are never decoded by a search).  GAMES seeded
# lichess-style games of each profile (test/differential/annotations.mjs),
# the best of ROUNDS for each time.
#
#   bash test/bench/annotations.sh [GAMES [ROUNDS]]     (as root; default 20000 10)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-20000}
rounds=${2:-10}
if [[ -z ${CHESS_BENCH_INNER:-} ]]; then
	CHESS_BENCH_INNER=1 exec pg_virtualenv -v 15 bash "$0" "$games" "$rounds"
fi
work=$(mktemp -d /tmp/chess-annotations.XXXXXX)
trap 'rm -rf "$work"' EXIT
chmod 755 "$work"
[[ -d test/differential/node_modules/chessops ]] ||
	(cd test/differential && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
for profile in clocks evals; do
	node test/differential/annotations.mjs write "$games" 20261202 "$profile" >"$work/$profile.pgn"
done
psql() { command psql -X -q -v ON_ERROR_STOP=1 "$@"; }
psql -c 'CREATE EXTENSION chess'
psql -c "CREATE TABLE clocks AS SELECT tags, value FROM pgn_games_file('$work/clocks.pgn')" \
	-c "CREATE TABLE evals AS SELECT tags, value FROM pgn_games_file('$work/evals.pgn')"
# the same games without annotations, as PGN (pgn() of their main lines)
for t in clocks evals; do
	psql -At -c "SELECT pgn(mainline(value), tags) FROM $t" >"$work/${t}_bare.pgn"
done
for f in "$work"/*.pgn; do zstd -q -k "$f"; done
psql -v work="$work" -v rounds="$rounds" -f test/bench/annotations.sql
printf '\n%-18s %12s %12s %8s\n' "file" "PGN bytes" ".pgn.zst" "ratio"
for f in clocks clocks_bare evals evals_bare; do
	a=$(stat -c %s "$work/$f.pgn") b=$(stat -c %s "$work/$f.pgn.zst")
	printf '%-18s %12d %12d %8.2f\n' "$f.pgn" "$a" "$b" "$(echo "$a / $b" | bc -l)"
done
