#!/usr/bin/env bash
# The instructions an import takes, before and after, counted by valgrind's
# callgrind: the extension at REV (default ebaded9, 0.8.0) and the working
# tree, each installed in turn and run in a single-user backend (postgres
# --single, no other process) that reads GAMES games (default 10,000) of the
# benchmark corpus into an unlogged table:
#
#   INSERT INTO g SELECT tags, result, value FROM pgn_games_file(FILE)
#
# A count of instructions is the same from run to run, where this VM's
# timings vary by 10 to 40 %: it tells a change of a few per cent that
# test/bench/compare.sh's clock cannot, and where the time goes (the
# callgrind files stay in $CHESS_BENCH_CACHE/callgrind for
# callgrind_annotate).  It is no timing: compare.sh measures the time.
# Prints the instructions of each, less those of a backend that runs
# SELECT 1, a game and a ply, and the ratio after/before.
#
#   bash test/bench/import_instructions.sh [REV [GAMES]]     (as root)
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
root=$PWD
rev=${1:-ebaded9}
games=${2:-10000}
cache=${CHESS_BENCH_CACHE:-/var/cache/chess-bench}
pg_config=/usr/lib/postgresql/15/bin/pg_config
bin=$($pg_config --bindir)
[[ $games =~ ^[1-9][0-9]*$ ]] || { echo "usage: $0 [REV [GAMES]]" >&2; exit 2; }
bash test/setup.sh >/dev/null
command -v valgrind >/dev/null || DEBIAN_FRONTEND=noninteractive apt-get install -y -q valgrind >/dev/null
. test/bench/corpus.sh
corpus=$(bench_corpus "$games")

old=$(bench_revision "$rev")
make -s PG_CONFIG=$pg_config >/dev/null
mkdir -p "$cache/callgrind"
chown postgres "$cache/callgrind"	# the server writes the callgrind files, as postgres

work=$(mktemp -d)
chmod 755 "$work"
chown postgres "$work"
trap 'rm -rf "$work"; make -s -C "$root" PG_CONFIG=$pg_config install >/dev/null' EXIT
cp "$corpus" "$work/games.pgn"
chmod 644 "$work/games.pgn"
plies=$(grep -v '^\[' "$work/games.pgn" | tr ' ' '\n' | grep -c '^[a-zA-Z]')

# instructions of a single-user backend of a new cluster running $2 (after $1, not counted)
single() {
	local data=$work/data out=$3
	rm -rf "$data" && mkdir "$data" && chown postgres "$data"
	runuser -u postgres -- "$bin/initdb" -D "$data" >/dev/null 2>&1
	printf '%s\n' "$1" | runuser -u postgres -- "$bin/postgres" --single -D "$data" postgres >/dev/null 2>&1
	printf '%s\n' "$2" | (cd "$work" && runuser -u postgres -- valgrind --tool=callgrind --callgrind-out-file="$out" \
		"$bin/postgres" --single -D "$data" postgres >"$work/said" 2>&1)
	# a single-user backend goes on after an error: the statement's must fail the script
	if grep -q 'ERROR:' "$work/said"; then
		echo "import_instructions.sh: $(grep -m1 'ERROR:' "$work/said")" >&2
		exit 1
	fi
	sed -n 's/.*I *refs: *//p' "$work/said" | tr -d ,
}

declare -A count
for side in old new; do
	dir=$([[ $side == old ]] && echo "$old" || echo "$root")
	make -s -C "$dir" PG_CONFIG=$pg_config install >/dev/null
	setup="CREATE EXTENSION chess; CREATE UNLOGGED TABLE g (tags jsonb, result text, v game);"
	base=$(single "$setup" "SELECT 1;" "$work/base.out")
	all=$(single "$setup" "INSERT INTO g SELECT tags, result, value FROM pgn_games_file('$work/games.pgn');" \
		"$cache/callgrind/import.$side")
	[[ $all =~ ^[0-9]+$ && $base =~ ^[0-9]+$ ]] || { echo "import_instructions.sh: callgrind gave no count" >&2; exit 1; }
	count[$side]=$((all - base))
	echo "$side ($dir): $((all - base)) instructions, $(((all - base) / games)) a game, $(((all - base) / plies)) a ply"
done
awk -v a="${count[old]}" -v b="${count[new]}" -v g="$games" -v p="$plies" -v r="$rev" 'BEGIN {
	printf "%d games, %d plies: after/before (%s) %.3f\n", g, p, r, b / a }'
