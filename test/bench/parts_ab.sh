#!/usr/bin/env bash
# Two trees' pgn_games_file() in parts, side by side in one cluster: the
# revision REV (built once in the cache: bench_revision) and the working tree, each
# run with its own chess.so copied over the installed one (a session loads
# the library when it starts), alternately.  The benchmark corpus (GAMES
# games of test/bench/gen_corpus, default 300,000; with lichess, the same
# games as lichess writes them) compressed three ways: pzstd (as lichess
# publishes its files: frames that declare no size), gzip, and zstd -3 (one
# frame that declares its size); each read into an unlogged table by two
# parts at once and by one session, ROUNDS times (default 3), the best of
# each.  On this VM two runs of the same command differ by more than most
# changes do: a change to the parts is measured against its parent here,
# in the same minutes.
#
#   bash test/bench/parts_ab.sh REV [GAMES [ROUNDS [lichess]]]     (as root)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
rev=${1:?usage: $0 REV [GAMES [ROUNDS [lichess]]]}
games=${2:-300000}
rounds=${3:-3}
kind=${4:-generate}
. test/bench/corpus.sh
corpus=$(bench_corpus "$games" "$kind")
work=$(mktemp -d)
chmod 755 "$work"
lib=$(pg_config --pkglibdir)/chess.so
# a library a process has mapped is replaced, never written over (a
# process that has it mapped would fault)
swap() { cp "$1" "$lib.swap" && mv "$lib.swap" "$lib"; }
trap 'swap chess.so; rm -rf "$work"; bench_huge_pages_restore' EXIT
revdir=$(bench_revision "$rev")
make -s -j"$(nproc)" >/dev/null
make -s install >/dev/null
cp "$revdir/chess.so" "$work/rev.so"
cp chess.so "$work/tree.so"
bench_huge_pages 256
pzstd -q -c "$corpus" >"$work/games.pzstd.zst"
gzip -c "$corpus" >"$work/games.pgn.gz"
zstd -q -3 -c "$corpus" >"$work/games.pgn.zst"
chmod 644 "$work"/games.*
cat >"$work/run.sh" <<SH
set -euo pipefail
export PGDATABASE=postgres
psql -X -q -c "CREATE EXTENSION chess" -c "CREATE UNLOGGED TABLE g (tags jsonb, result text, v game) WITH (autovacuum_enabled = off)"
. test/bench/corpus.sh
for ((r = 1; r <= $rounds; r++)); do
	for f in games.pzstd.zst games.pgn.gz games.pgn.zst; do
		for t in rev tree; do
			cp "$work/\$t.so" "$lib.swap" && mv "$lib.swap" "$lib"
			for n in 1 2; do
				s=\$(bench_parts "$work/\$f" \$n)
				echo "\$f \$t \$n \$s \$(psql -X -At -c 'SELECT count(*) FROM g')"
			done
		done
	done
done
SH
before=$(bash test/bench/cores.sh)
pg_virtualenv -v 15 "${BENCH_PG_OPTS[@]}" bash "$work/run.sh" 2>/dev/null | tee "$work/raw" | awk -v games="$games" -v rev="$rev" '
	NF == 5 { t = $4 + 0; k = $1 " " $2 " " $3; if (!(k in best) || t < best[k]) best[k] = t; if ($5 != games) bad = 1 }
	END {
		printf "%-16s %12s %12s %12s %9s %9s %8s\n", "file", "1 session", rev ", 2", "tree, 2", rev, "tree", "tree/rev"
		split("games.pzstd.zst games.pgn.gz games.pgn.zst", files, " ")
		for (i = 1; i <= 3; i++) {
			f = files[i]
			one = best[f " rev 1"] < best[f " tree 1"] ? best[f " rev 1"] : best[f " tree 1"]
			printf "%-16s %10.0f/s %10.0f/s %10.0f/s %8.2fx %8.2fx %7.3fx\n", f, games / one,
				games / best[f " rev 2"], games / best[f " tree 2"], one / best[f " rev 2"],
				one / best[f " tree 2"], best[f " rev 2"] / best[f " tree 2"]
		}
		if (bad) print "!! a run did not read every game"
	}'
echo "($(awk 'NF == 5' "$work/raw" | wc -l) runs; best of $rounds rounds; $(basename "$corpus"); one session: the faster tree's; $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
echo "before: $before"
echo "after:  $(bash test/bench/cores.sh)"
