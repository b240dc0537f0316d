#!/usr/bin/env bash
# The client path on one core and on two: examples/load_pgn.py loads the
# benchmark corpus (GAMES games of test/bench/gen_corpus, default 100,000)
# into the recipe's table (examples/chessdb.sql, its GIN and btree indexes
# of games dropped as for a bulk load; game_key and its unique index kept)
# with --jobs 1 and with --jobs 2, from the plain file on standard input
# and from its .pgn.zst through zstdcat, ROUNDS times alternately (default
# 3), the best of each; prints the games a second and the speed-up of two
# sessions.
#
#   bash test/bench/client_jobs.sh [GAMES [ROUNDS]]     (as root)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-100000}
rounds=${2:-3}
. test/bench/corpus.sh
corpus=$(bench_corpus "$games")
work=$(mktemp -d)
trap 'rm -rf "$work"; bench_huge_pages_restore' EXIT
bench_huge_pages 256       # pg_virtualenv's shared_buffers of 128 MB, and more
zstd -q -3 "$corpus" -o "$work/games.pgn.zst"
cat >"$work/run.sh" <<SH
set -euo pipefail
export PGDATABASE=postgres
psql -X -q -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null
psql -X -q -c "DROP INDEX games_positions, games_patterns, games_openings"
now() { date +%s.%N; }
for ((r = 1; r <= $rounds; r++)); do
	for input in plain zstd; do
		for jobs in 1 2; do
			psql -X -q -c "TRUNCATE games" -c "CHECKPOINT"
			s=\$(now)
			if [[ \$input == plain ]]; then
				/usr/bin/python3 examples/load_pgn.py --jobs \$jobs <"$corpus" >/dev/null
			else
				zstdcat "$work/games.pgn.zst" | /usr/bin/python3 examples/load_pgn.py --jobs \$jobs >/dev/null
			fi
			e=\$(now)
			echo "run \$input \$jobs \$(echo "\$e - \$s" | bc) \$(psql -X -At -c 'SELECT count(*) FROM games')"
		done
	done
done
SH
before=$(bash test/bench/cores.sh)
pg_virtualenv -v 15 "${BENCH_PG_OPTS[@]}" bash "$work/run.sh" 2>/dev/null | tee "$work/raw" | awk -v games="$games" '
	$1 == "run" && NF == 5 { t = $4 + 0; k = $2 " " $3; if (!(k in best) || t < best[k]) best[k] = t; if ($5 != games) bad = 1 }
	END {
		printf "%-18s %12s %12s %8s\n", "load_pgn.py", "--jobs 1", "--jobs 2", "speed-up"
		split("plain zstd", inputs, " ")
		for (i = 1; i <= 2; i++) {
			f = inputs[i]
			printf "%-18s %10.0f/s %10.0f/s %7.2fx\n", (f == "plain" ? "plain file" : "zstdcat .pgn.zst"),
				games / best[f " 1"], games / best[f " 2"], best[f " 1"] / best[f " 2"]
		}
		if (bad) print "!! a run did not load every game"
	}'
echo "($(grep -c '^run' "$work/raw") runs; best of $rounds rounds; $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
echo "server: ${BENCH_PG_OPTS[*]:-without huge pages}"
echo "before: $before"
echo "after:  $(bash test/bench/cores.sh)"
