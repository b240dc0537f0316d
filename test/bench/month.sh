#!/usr/bin/env bash
# A lichess month on this machine, end to end: GAMES games (default
# 1,000,000) as lichess's database writes them (test/bench/gen_corpus
# lichess: lichess's tags, a clock after every move, evaluations in one game
# in 16; generated, nothing downloaded), plain and as .pgn.zst (by pzstd,
# as lichess's), loaded into
# the tables of examples/chessdb.sql by the documented command
# (examples/load_parts.sh FILE 2: the file in two parts at once, then the
# GIN indexes built and the explorer refreshed, two at a time).  Prints
# the seconds and games a second of each stage, the bytes a game takes on
# disk against the .pgn.zst, and both projected to 100 million games (a
# month of lichess), beside pgn-extract reading and checking the same file
# in the same run.
#
#   bash test/bench/month.sh [GAMES]     (as root; the server on huge pages
# when the kernel can reserve them: test/bench/corpus.sh)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
games=${1:-1000000}
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [GAMES]" >&2; exit 2; }
bash test/setup.sh >/dev/null
dpkg-query -W -f='${Status}' pgn-extract 2>/dev/null | grep -q 'install ok installed' ||
	DEBIAN_FRONTEND=noninteractive apt-get install -y -q pgn-extract >/dev/null
. test/bench/corpus.sh
corpus=$(bench_corpus "$games" lichess)
# compressed as lichess's files are, by pzstd: frames that declare no size
# of the text, each after a skippable frame (doc/benchmarks.md)
zst=${corpus%.pgn}.pzstd.pgn.zst
if [[ ! -f $zst || $corpus -nt $zst ]]; then
	pzstd -q -p 2 "$corpus" -o "$zst.tmp"
	mv "$zst.tmp" "$zst"
fi
chmod 644 "$corpus" "$zst"	# the server reads them
work=$(mktemp -d)
trap 'rm -rf "$work"; bench_huge_pages_restore' EXIT
now() { date +%s.%N; }

echo "== pgn-extract -s: reads the plain file and checks every move (one core)"
s=$(now)
/usr/games/pgn-extract -s -r "$corpus" >/dev/null 2>"$work/pgn-extract.log"
echo "pgn-extract $(awk -v a="$s" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }')" >"$work/peer"
cat "$work/peer"

# three loads, each into a new database: the plain file, the load alone
# (no GIN index, no explorer); the .pgn.zst into the recipe's tables, end
# to end (examples/load_parts.sh builds the GIN indexes and refreshes the
# explorer after the load, two at a time); the same with the pattern index
# built without pairs (a third of the size, searches about three times as
# slow: doc/benchmarks.md)
mkdir "$work/nopairs"
cp examples/chessdb.sql examples/loads.sql examples/explorer.sql "$work/nopairs/"
sed -i 's/game_pattern_ops (pairs = true)/game_pattern_ops/' "$work/nopairs/chessdb.sql"
grep -q 'gin (g game_pattern_ops);' "$work/nopairs/chessdb.sql"
cat >"$work/run.sh" <<'SH'
set -euo pipefail
export PGDATABASE=month
now() { date +%s.%N; }
took() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", b - a }'; }
for pass in plain zstd nopairs; do
	f=$ZST recipe=examples/chessdb.sql
	[[ $pass == plain ]] && f=$CORPUS
	[[ $pass == nopairs ]] && recipe=$WORK/nopairs/chessdb.sql
	dropdb --if-exists month 2>/dev/null
	createdb month
	psql -X -q -v ON_ERROR_STOP=1 -c "CREATE EXTENSION chess" -f "$recipe" >/dev/null
	if [[ $pass == plain ]]; then
		psql -X -q -c "DROP INDEX games_positions, games_patterns" -c "DROP TABLE explorer, explorer_pending, explorer_state" \
			-c "DROP FUNCTION explore, explorer_rebuild, explorer_fold, explorer_games_changed, explorer_games_stale, explorer_triggers, explorer_defer CASCADE"
	fi
	# the last pass's database, dropped, and this one's tables written out
	# before the clock starts: without it the third load, while the kernel
	# wrote out the database dropped before it, took 47.3 s against 40.8
	# for the second, and with it 36.8 against 37.2 (doc/benchmarks.md)
	psql -X -q -c "CHECKPOINT"
	sync
	s=$(now)
	bash examples/load_parts.sh "$f" 2 2>"$WORK/load.$pass" || { sed "s/^/$pass: /" "$WORK/load.$pass" >&2; exit 1; }
	e=$(now)
	sed "s/^/$pass: /" "$WORK/load.$pass" >&2
	load=$(sed -n 's/^load_parts.sh: [0-9]* games inserted in \([0-9.]*\) s.*/\1/p' "$WORK/load.$pass")
	echo "$pass load $load"
	[[ $pass == plain ]] || echo "$pass after $(awk -v a="$(took "$s" "$e")" -v b="$load" 'BEGIN { printf "%.2f", a - b }')"
	echo "$pass total $(took "$s" "$e")"
	psql -X -At -F' ' -c "CHECKPOINT" -c "
		SELECT '$pass size games ' || (SELECT count(*) FROM games) UNION ALL
		SELECT '$pass size table ' || pg_table_size('games') UNION ALL
		SELECT '$pass size ' || c.relname || ' ' || pg_relation_size(c.oid)
		FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
		WHERE i.indrelid = 'games'::regclass UNION ALL
		SELECT '$pass size explorer ' || coalesce(pg_total_relation_size(to_regclass('explorer')), 0) UNION ALL
		SELECT '$pass size database ' || pg_database_size('month')"
done
SH
echo "== the extension, PostgreSQL 15: examples/load_parts.sh FILE 2"
bench_huge_pages 2400      # shared_buffers of 2 GB, and the rest of the server's shared memory
echo "(the server ${BENCH_PG_OPTS[*]:-without huge pages}; $(bash test/bench/cores.sh))"
CORPUS=$corpus ZST=$zst WORK=$work pg_virtualenv -v 15 "${BENCH_PG_OPTS[@]}" -o shared_buffers=2GB -o maintenance_work_mem=1GB \
	-o work_mem=1GB -o max_wal_size=20GB -o checkpoint_timeout=1h bash "$work/run.sh" >"$work/ours"
cat "$work/peer" "$work/ours" | awk -v games="$games" \
	-v plain="$(stat -c %s "$corpus")" -v zst="$(stat -c %s "$zst")" '
	$1 == "pgn-extract" { peer = $2 }
	$2 != "size" { t[$1, $2] = $3 }
	$2 == "size" { b[$1, $3] = $4 }
	function cell(p, k) { return t[p, k] > 0 ? sprintf("%8.1f %8.0f/s", t[p, k], games / t[p, k]) : sprintf("%17s", "-") }
	function proj(s) { s = s * 1e8 / games; return s >= 3600 ? sprintf("%.1f h", s / 3600) : sprintf("%.1f min", s / 60) }
	END {
		if (b["plain", "games"] != games || b["zstd", "games"] != games || b["nopairs", "games"] != games)
			{ print "!! a load did not give every game once"; bad = 1 }
		printf "%d games; the file %.0f bytes a game, %.0f as .pgn.zst (%.1f:1)\n", games, plain / games, zst / games, plain / zst
		printf "%-36s %17s %17s %17s\n", "seconds, games a second", "plain, load only", "zstd, recipe", "zstd, no pairs"
		n = split("load:the load, 2 parts at once|after:then the GIN indexes, explorer, ANALYZE|total:end to end", st, "|")
		for (i = 1; i <= n; i++) {
			split(st[i], kv, ":")
			printf "%-36s %s %s %s\n", kv[2], cell("plain", kv[1]), cell("zstd", kv[1]), cell("nopairs", kv[1])
		}
		printf "%-36s %s   (the plain load against it: %.2fx)\n", "pgn-extract -s, one core", sprintf("%8.1f %8.0f/s", peer, games / peer), peer / t["plain", "load"]
		printf "100 million games at these rates: the recipe %s, without pairs %s\n", proj(t["zstd", "total"]), proj(t["nopairs", "total"])
		printf "%-36s %9s %11s %13s\n", "on disk (the zstd loads)", "MB", "bytes/game", "100M, GB"
		n = split("table games_key games_positions games_patterns games_openings games_pkey explorer database", sz, " ")
		for (i = 1; i <= n; i++)
			printf "%-36s %9.1f %11.0f %13.1f\n", sz[i], b["zstd", sz[i]] / 1e6, b["zstd", sz[i]] / games, b["zstd", sz[i]] / games * 1e8 / 1e9
		printf "%-36s %9.1f %11.0f %13.1f\n", "games_patterns without pairs", b["nopairs", "games_patterns"] / 1e6, b["nopairs", "games_patterns"] / games, b["nopairs", "games_patterns"] / games * 1e8 / 1e9
		printf "%-36s %9.1f %11.0f %13.1f\n", "database without pairs", b["nopairs", "database"] / 1e6, b["nopairs", "database"] / games, b["nopairs", "database"] / games * 1e8 / 1e9
		printf "%-36s %9.1f %11.0f %13.1f\n", "the .pgn.zst", zst / 1e6, zst / games, zst / games * 1e8 / 1e9
		printf "the database is %.1f times the .pgn.zst (%.1f without pairs); the pattern index %.2f times the table (%.2f without pairs)\n",
			b["zstd", "database"] / zst, b["nopairs", "database"] / zst, b["zstd", "games_patterns"] / b["zstd", "table"], b["nopairs", "games_patterns"] / b["nopairs", "table"]
		exit bad
	}'
echo "($(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'); $(git rev-parse --short HEAD))"
echo "(after: $(bash test/bench/cores.sh))"
