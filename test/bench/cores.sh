#!/usr/bin/env bash
# How fast each core runs the same work now: test/perft's perft 5 of
# "Kiwipete" (193,690,690 nodes, a third of a second), pinned to each core
# in turn, twice.  On a VM the cores' speeds differ and change from one
# minute to the next (EPYC-g, doc/benchmarks.md: one core at half the
# other's speed for minutes, then the other way round), and a speed-up on
# two cores cannot exceed what they give: equal halves of a job at most
# 2 x the slower's share, a queue of batches 1 + the slower's share.  Then
# how long a cache line takes between cores 0 and 1
# (test/bench/line_transfer.c): two sessions of one server pay it at each
# access to a lock word or page header the other touched last (EPYC-g:
# 214-248 ns).  The speed-up scripts print this line before and after
# their runs.
#
#   bash test/bench/cores.sh     (from the source tree)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
make -s test/perft test/bench/line_transfer >/dev/null
fen="r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
line=
# not where cores 0 and 1 are not both allowed (taskset): then no figure
(($(nproc) > 1)) && { line=$(test/bench/line_transfer 0 1 2>/dev/null) || line=; }
for ((c = 0; c < $(nproc); c++)); do
	for _ in 1 2; do
		taskset -c $c test/perft --fen "$fen" --depth 5 | awk -v c=$c '$1 == "nodes" { print c, $4 }'
	done
done | awk -v line="$line" '
	{ if (!($1 in best) || $2 < best[$1]) best[$1] = $2 }
	END {
		fast = -1; slow = -1
		for (c = 0; c in best; c++) {
			cores = cores sprintf("%score %d %.3f s", cores == "" ? "" : ", ", c, best[c])
			if (fast < 0 || best[c] < fast) fast = best[c]
			if (best[c] > slow) slow = best[c]
		}
		if (c < 2) { printf "cores now (perft 5 of Kiwipete, the best of two): %s\n", cores; exit }
		share = fast / slow
		printf "cores now (perft 5 of Kiwipete, the best of two): %s: the slower at %.2f of the faster; two equal halves of a job run at most %.2fx one on the faster core, a queue of batches %.2fx%s\n", cores, share, 2 * share, 1 + share,
			line == "" ? "" : sprintf("; a cache line between cores 0 and 1 in %d ns", line)
	}'
