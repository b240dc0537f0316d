#!/usr/bin/env bash
# GIN index sizes after loading with the indexes in place, against the size
# a REINDEX gives: the recipe's tables (examples/chessdb.sql), the corpus
# of test/bench/gen_corpus (GAMES games, default 20,000) loaded
#   - by examples/load_parts.sh in 2 parts into the empty table, which
#     builds the GIN indexes after the load,
#   - into the indexed table by one session, and by two (a part each),
#   - the same with fastupdate = off on the two GIN indexes,
# each followed by VACUUM; then REINDEX.  Prints each index's size and its
# ratio to the REINDEX size.  Run as root: bash test/bench/index_growth.sh [GAMES]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-20000}
. test/bench/corpus.sh
corpus=$(bench_corpus "$games")
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
cp "$corpus" "$work/games.pgn"
chmod 644 "$work/games.pgn"
cat >"$work/run.sh" <<SH
set -euo pipefail
export PGDATABASE=postgres
size() { psql -X -At -c "SELECT string_agg(c.relname || '=' || pg_relation_size(c.oid), ' ' ORDER BY c.relname) FROM pg_class c WHERE c.relname IN ('games', 'games_positions', 'games_patterns', 'games_openings')"; }
fresh() {
	psql -X -q -c "DROP EXTENSION IF EXISTS chess CASCADE" -c "DROP TABLE IF EXISTS games, load_batches, load_rejects CASCADE" -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null
}
for mode in after one two one_nofastupdate two_nofastupdate; do
	fresh
	case \$mode in
	*nofastupdate) psql -X -q -c "ALTER INDEX games_positions SET (fastupdate = off)" -c "ALTER INDEX games_patterns SET (fastupdate = off)" ;;
	esac
	s=\$(date +%s.%N)
	if [[ \$mode == after ]]; then
		# load_parts.sh's way into an empty table: the GIN indexes after
		bash examples/load_parts.sh $work/games.pgn 2
	else
		# the indexes in place: the parts' statements, by hand
		n=1; [[ \$mode == two* ]] && n=2
		for ((k = 1; k <= n; k++)); do
			psql -X -q -c "INSERT INTO games (tags, tag_order, result, g) SELECT tags, tag_order, result, value FROM pgn_games_file('$work/games.pgn', part => \$k, parts => \$n) ON CONFLICT (game_key) DO NOTHING" &
		done
		wait
	fi
	psql -X -q -c "VACUUM games"
	e=\$(date +%s.%N)
	echo "\$mode: \$(echo "\$e - \$s" | bc) s: \$(size)"
	psql -X -q -c "REINDEX TABLE games"
	echo "\$mode reindexed: \$(size)"
done
SH
pg_virtualenv -v 15 bash "$work/run.sh" 2>&1 | grep -v "^Creating\|^Dropping"
