#!/usr/bin/env bash
# The client path on one core and on two: examples/load_pgn.py loads the
# benchmark corpus (GAMES games of test/bench/gen_corpus, default 100,000)
# into the recipe's table (examples/chessdb.sql, its GIN and btree indexes
# of games dropped as for a bulk load; game_key and its unique index kept)
# with --jobs 1 and with --jobs 2, from the plain file on standard input
# and from its .pgn.zst through zstdcat, ROUNDS times alternately (default
# 3), the best of each; prints the games a second and the speed-up of two
# sessions.  --jobs 1 runs on one core (the loader, zstdcat and every
# process of the server pinned with taskset), on each core in turn in
# every round, the best of them (of ROUNDS times the cores) one core's
# rate; and free on every core, where the client and zstdcat run beside
# the server's session, which is one session's rate.  On a VM whose cores
# change speed from one minute to the next (test/bench/cores.sh), the
# best of each column can come from different minutes: so it also prints
# each round's two sessions against the mean of its cores' one-core rates
# (on 2 cores, run just before and just after them).  A queue of batches
# gives 2 there when the cores keep their speeds through the round; the
# spread of the rounds shows how far they do not.  With lichess, the
# corpus is the same games in lichess's form (clocks on every move,
# evaluations on some games).
#
#   bash test/bench/client_jobs.sh [GAMES [ROUNDS [lichess]]]     (as root)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-100000}
rounds=${2:-3}
. test/bench/corpus.sh
corpus=$(bench_corpus "$games" "${3:-generate}")
work=$(mktemp -d)
trap 'rm -rf "$work"; bench_huge_pages_restore' EXIT
bench_huge_pages 256       # pg_virtualenv's shared_buffers of 128 MB, and more
zstd -q -T0 -3 "$corpus" -o "$work/games.pgn.zst"
cat >"$work/run.sh" <<SH
set -euo pipefail
export PGDATABASE=postgres
psql -X -q -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null
psql -X -q -c "DROP INDEX games_positions, games_patterns, games_openings"
now() { date +%s.%N; }
# the server's processes, and those it starts after, on the cores given
postmaster=\$(head -1 "\$(psql -X -At -c 'SHOW data_directory')/postmaster.pid")
pin() { for p in \$postmaster \$(pgrep -P \$postmaster); do taskset -p -c "\$1" \$p >/dev/null || true; done; }
every=0-\$((\$(nproc) - 1))
# a round: one core's runs (1c0 on core 0, ...), two jobs after the first
order="1c0 2"
for ((c = 1; c < \$(nproc); c++)); do order+=" 1c\$c"; done
for ((r = 1; r <= $rounds; r++)); do
	for input in plain zstd; do
		for jobs in \$order 1; do
			psql -X -q -c "TRUNCATE games" -c "CHECKPOINT"
			cores=\$every
			[[ \$jobs == 1c* ]] && cores=\${jobs#1c}
			pin \$cores
			s=\$(now)
			if [[ \$input == plain ]]; then
				taskset -c \$cores /usr/bin/python3 examples/load_pgn.py --jobs \${jobs:0:1} <"$corpus" >/dev/null
			else
				taskset -c \$cores zstdcat "$work/games.pgn.zst" |
					taskset -c \$cores /usr/bin/python3 examples/load_pgn.py --jobs \${jobs:0:1} >/dev/null
			fi
			e=\$(now)
			pin \$every
			echo "run \$input \$jobs \$(echo "\$e - \$s" | bc) \$(psql -X -At -c 'SELECT count(*) FROM games')"
		done
	done
done
SH
before=$(bash test/bench/cores.sh)
pg_virtualenv -v 15 "${BENCH_PG_OPTS[@]}" bash "$work/run.sh" 2>/dev/null | tee "$work/raw" | awk -v games="$games" '
	$1 == "run" && NF == 5 {
		t = $4 + 0; k = $2 " " ($3 ~ /^1c/ ? "1c" : $3); if (!(k in best) || t < best[k]) best[k] = t
		if ($5 != games) bad = 1
		# a round: its cores alone (their mean rate), two jobs, one job free
		if ($3 ~ /^1c/) { alone[$2] += games / t; n[$2]++ }
		if ($3 == "2") two[$2] = games / t
		if ($3 == "1") { rounds[$2] = rounds[$2] sprintf(" %.2f", two[$2] / (alone[$2] / n[$2])); alone[$2] = n[$2] = 0 }
	}
	END {
		printf "%-18s %12s %12s %12s %10s %10s\n", "load_pgn.py", "1, one core", "--jobs 1", "--jobs 2",
			"2 / 1 core", "2 / 1"
		split("plain zstd", inputs, " ")
		label["plain"] = "plain file"; label["zstd"] = "zstdcat .pgn.zst"
		for (i = 1; i <= 2; i++) {
			f = inputs[i]
			printf "%-18s %10.0f/s %10.0f/s %10.0f/s %9.2fx %9.2fx\n", label[f], games / best[f " 1c"],
				games / best[f " 1"], games / best[f " 2"], best[f " 1c"] / best[f " 2"], best[f " 1"] / best[f " 2"]
		}
		for (i = 1; i <= 2; i++)
			printf "%-18s each round, 2 against its cores alone:%s\n", label[inputs[i]], rounds[inputs[i]]
		if (bad) print "!! a run did not load every game"
	}'
echo "($(grep -c '^run' "$work/raw") runs; best of $rounds rounds, of $((rounds * $(nproc))) on one core; $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
echo "server: ${BENCH_PG_OPTS[*]:-without huge pages}"
echo "before: $before"
echo "after:  $(bash test/bench/cores.sh)"
