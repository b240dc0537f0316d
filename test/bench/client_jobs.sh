#!/usr/bin/env bash
# The client path on one core and on two: examples/load_pgn.py loads the
# benchmark corpus (GAMES games of test/bench/gen_corpus, default 100,000)
# from standard input into the recipe's table (examples/chessdb.sql, its
# GIN and btree indexes of games dropped as for a bulk load; game_key and
# its unique index kept) with --jobs 1 and with --jobs 2, ROUNDS times
# alternately (default 3), the best of each; prints the games a second and
# the speed-up of two sessions.
#
#   bash test/bench/client_jobs.sh [GAMES [ROUNDS]]     (as root)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-100000}
rounds=${2:-3}
. test/bench/corpus.sh
corpus=$(bench_corpus "$games")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/run.sh" <<SH
set -euo pipefail
export PGDATABASE=postgres
psql -X -q -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null
psql -X -q -c "DROP INDEX games_positions, games_patterns, games_openings"
now() { date +%s.%N; }
for ((r = 1; r <= $rounds; r++)); do
	for jobs in 1 2; do
		psql -X -q -c "TRUNCATE games" -c "CHECKPOINT"
		s=\$(now)
		/usr/bin/python3 examples/load_pgn.py --jobs \$jobs <"$corpus" >/dev/null
		e=\$(now)
		echo "jobs \$jobs \$(echo "\$e - \$s" | bc) \$(psql -X -At -c 'SELECT count(*) FROM games')"
	done
done
SH
pg_virtualenv -v 15 bash "$work/run.sh" 2>/dev/null | tee "$work/raw" | awk -v games="$games" '
	$1 == "jobs" && NF == 4 { t = $3 + 0; k = $2; if (!(k in best) || t < best[k]) best[k] = t; if ($4 != games) bad = 1 }
	END {
		printf "%-10s %12s %12s %8s\n", "", "--jobs 1", "--jobs 2", "speed-up"
		printf "%-10s %10.0f/s %10.0f/s %7.2fx\n", "load_pgn", games / best[1], games / best[2], best[1] / best[2]
		if (bad) print "!! a run did not load every game"
	}'
echo "($(grep -c '^jobs' "$work/raw") runs; best of $rounds rounds; $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
