#!/usr/bin/env bash
# Before and after, in one run: the extension at REV (default ebaded9,
# 0.8.0) and the working tree, each installed in turn into one throwaway
# PostgreSQL 15 cluster and timed by test/bench/compare.py on the same
# corpus (perft, PGN import, the index builds, the explorer's refresh,
# searches through the indexes and by scans), ROUNDS times alternately
# (old, new, old, new, ...: the VM's drift falls on both), the best of each
# figure compared.  Prints a table: each figure before and after, the ratio
# after/before (below 1: faster), and whether both found the same counts.
#
#   bash test/bench/compare.sh [REV [GAMES [ROUNDS]]]     (as root)
#
# The corpus is test/bench/gen_corpus's, GAMES games (default 100,000),
# made once and kept in $CHESS_BENCH_CACHE (default /var/cache/chess-bench)
# with its five positions; REV's tree is taken with git archive and built
# there too.  CHESS_BENCH_REPEATS (default 5) is how often each search runs;
# CHESS_BENCH_ONLY=import times perft and the import only.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
rev=${1:-ebaded9}
games=${2:-100000}
rounds=${3:-2}
repeats=${CHESS_BENCH_REPEATS:-5}
cache=${CHESS_BENCH_CACHE:-/var/cache/chess-bench}
pg_config=/usr/lib/postgresql/15/bin/pg_config
[[ $games =~ ^[1-9][0-9]*$ && $rounds =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [REV [GAMES [ROUNDS]]]" >&2; exit 2; }
bash test/setup.sh >/dev/null
mkdir -p "$cache"

corpus=$cache/gen-corpus-$games.pgn
positions=$cache/gen-positions-$games.txt
if [[ ! -f $corpus || ! -f $positions ]]; then
	echo "== generating a corpus of $games games with test/bench/gen_corpus (once)"
	make -s PG_CONFIG=$pg_config test/bench/gen_corpus
	half=$((games / 2))
	test/bench/gen_corpus generate 20240601 0 "$half" >"$corpus.part0" &
	test/bench/gen_corpus generate 20240601 "$half" "$games" >"$corpus.part1"
	wait $!
	cat "$corpus.part0" "$corpus.part1" >"$corpus.tmp"
	rm -f "$corpus.part0" "$corpus.part1"
	test/bench/gen_corpus select "$corpus.tmp" $((games > 54321 ? 54321 : games / 2)) >"$positions"
	mv "$corpus.tmp" "$corpus"
fi

. test/bench/corpus.sh
sha=$(git rev-parse --short "$rev^{commit}")
old=$(bench_revision "$rev")
echo "== building the working tree"
make -s PG_CONFIG=$pg_config >/dev/null

work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"' EXIT
cp "$corpus" "$work/corpus.pgn"
chmod 644 "$work/corpus.pgn"
cat >"$work/rounds.sh" <<EOF
set -euo pipefail
for round in \$(seq $rounds); do
	for side in old new; do
		dir=\$([[ \$side == old ]] && echo "$old" || echo "$root")
		make -s -C "\$dir" PG_CONFIG=$pg_config install >/dev/null
		echo "== round \$round: \$side (\$dir)"
		(cd "\$dir" && /usr/bin/python3 "$root/test/bench/compare.py" "$work/corpus.pgn" "$positions" $repeats) |
			tee "$work/\$side.\$round"
	done
done
EOF
pg_virtualenv -v 15 bash "$work/rounds.sh"
# the working tree installed again, as it was before the run
make -s PG_CONFIG=$pg_config install >/dev/null

echo "== $rev ($sha) against the working tree, $games games, best of $rounds rounds ($(date -u +%F), $(lscpu | sed -n 's/^Model name: *//p'))"
cat "$work"/old.* | awk '$1 == "RESULT"' >"$work/old"
cat "$work"/new.* | awk '$1 == "RESULT"' >"$work/new"
awk '
	NR == FNR { if (!($2 in old) || $3 < old[$2]) old[$2] = $3; oc[$2] = $4; if (!($2 in order)) { order[$2] = ++n; names[n] = $2 } next }
	{ if (!($2 in new) || $3 < new[$2]) new[$2] = $3; nc[$2] = $4 }
	END {
		printf "%-28s %12s %12s %8s  %s\n", "figure", "before ms", "after ms", "ratio", "counts"
		for (i = 1; i <= n; i++) {
			k = names[i]
			printf "%-28s %12.1f %12.1f %8.2f  %s\n", k, old[k], new[k], new[k] / old[k],
				oc[k] == nc[k] ? (oc[k] == "" ? "" : "same (" oc[k] ")") : "DIFFER: " oc[k] " / " nc[k]
		}
	}' "$work/old" "$work/new"
