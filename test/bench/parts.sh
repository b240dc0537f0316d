#!/usr/bin/env bash
# pgn_games_file() on one core and on two: the benchmark corpus (GAMES games
# of test/bench/gen_corpus, default 100,000; with lichess, the same games as
# lichess writes them, a clock after every move), plain, as pzstd compresses
# it (lichess's files: frames, each part decompresses its own) and as
# zstd -3 does (one frame: runs, each part decompresses the text before its
# run too), read into an
# unlogged table without indexes by one session (part 1 of 1) and by two
# (parts 1 and 2 of 2, at once), ROUNDS times alternately (default 3), the
# best of each; prints the games a second and the speed-up of two sessions.
# It also times parts 1 and 2 of 2 alone, one after the other: the longer
# against one session is the speed-up two free cores give, which a VM whose
# two cores slow each other down (timings of a session vary by 10 to 40 %
# here) does not show at once.
#
#   bash test/bench/parts.sh [GAMES [ROUNDS [lichess]]]     (as root)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-100000}
rounds=${2:-3}
kind=${3:-generate}
. test/bench/corpus.sh
corpus=$(bench_corpus "$games" "$kind")
work=$(mktemp -d)
chmod 755 "$work"
trap 'rm -rf "$work"; bench_huge_pages_restore' EXIT
bench_huge_pages 256       # pg_virtualenv's shared_buffers of 128 MB, and more
cp "$corpus" "$work/games.pgn"
pzstd -q -c "$work/games.pgn" >"$work/games.pzstd.zst"
zstd -q -3 "$work/games.pgn" -o "$work/games.pgn.zst"
chmod 644 "$work"/games.*
cat >"$work/run.sh" <<SH
set -euo pipefail
export PGDATABASE=postgres
psql -X -q -c "CREATE EXTENSION chess" -c "CREATE UNLOGGED TABLE g (tags jsonb, result text, v game)"
now() { date +%s.%N; }
. test/bench/corpus.sh
for ((r = 1; r <= $rounds; r++)); do
	for f in games.pgn games.pzstd.zst games.pgn.zst; do
		for n in 1 2; do
			t=\$(bench_parts "$work/\$f" \$n)		# a part that fails stops the run (set -e)
			echo "\$f \$n \$t \$(psql -X -At -c 'SELECT count(*) FROM g')"
		done
		psql -X -q -c "TRUNCATE g"
		longest=0
		for k in 1 2; do
			psql -X -q -c "CHECKPOINT"
			s=\$(now)
			psql -X -q -c "INSERT INTO g SELECT tags, result, value FROM pgn_games_file('$work/\$f', part => \$k, parts => 2)"
			longest=\$(echo "\$(now) - \$s" | bc | awk -v l="\$longest" '{ print (\$1 > l ? \$1 : l) }')
		done
		echo "\$f alone \$longest \$(psql -X -At -c 'SELECT count(*) FROM g')"
	done
done
SH
before=$(bash test/bench/cores.sh)
pg_virtualenv -v 15 "${BENCH_PG_OPTS[@]}" bash "$work/run.sh" 2>/dev/null | tee "$work/raw" | awk -v games="$games" '
	$1 ~ /^games/ && NF == 4 { t = $3 + 0; k = $1 " " $2; if (!(k in best) || t < best[k]) best[k] = t; if ($4 != games) bad = 1 }
	END {
		printf "%-16s %10s %10s %8s %12s\n", "file", "1 session", "2 sessions", "speed-up", "parts alone"
		split("games.pgn games.pzstd.zst games.pgn.zst", names, " ")
		for (f = 1; f <= 3; f++) {
			name = names[f]
			printf "%-16s %8.0f/s %8.0f/s %7.2fx %11.2fx\n", name, games / best[name " 1"], games / best[name " 2"],
				best[name " 1"] / best[name " 2"], best[name " 1"] / best[name " alone"]
		}
		if (bad) print "!! a run did not read every game"
	}'
grep -c '^games' "$work/raw" | xargs -I{} echo "({} runs;" | tr -d '\n'
echo " best of $rounds rounds; $(basename "$corpus"); $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
echo "server: ${BENCH_PG_OPTS[*]:-without huge pages}"
echo "before: $before"
echo "after:  $(bash test/bench/cores.sh)"
