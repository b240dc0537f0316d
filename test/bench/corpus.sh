# Sourced by the benchmarks: bench_corpus GAMES [lichess] prints the path
# of the corpus of test/bench/gen_corpus with GAMES games (seed 20240601;
# with lichess, the same games in lichess's form), made once, in two halves
# at once, and kept in $CHESS_BENCH_CACHE (default /var/cache/chess-bench).
bench_corpus() {
	local games=$1 mode=${2:-generate} cache=${CHESS_BENCH_CACHE:-/var/cache/chess-bench}
	local corpus=$cache/gen-corpus-$games.pgn half=$(($1 / 2))
	[[ $mode == lichess ]] && corpus=$cache/lichess-$games.pgn
	if [[ ! -f $corpus ]]; then
		echo "== generating $games games with test/bench/gen_corpus $mode (once)" >&2
		make -s test/bench/gen_corpus >/dev/null
		mkdir -p "$cache"
		test/bench/gen_corpus "$mode" 20240601 0 "$half" >"$corpus.part0" &
		test/bench/gen_corpus "$mode" 20240601 "$half" "$games" >"$corpus.part1" || return 1
		wait $! || return 1
		cat "$corpus.part0" "$corpus.part1" >"$corpus.tmp" && rm -f "$corpus.part0" "$corpus.part1" &&
			mv "$corpus.tmp" "$corpus"
	fi
	echo "$corpus"
}

# bench_revision REV prints the directory of REV's tree built (git archive,
# made once and kept in the cache as rev-SHA), for a benchmark of it.
bench_revision() {
	local cache=${CHESS_BENCH_CACHE:-/var/cache/chess-bench} sha
	sha=$(git rev-parse --short "$1^{commit}") || return 1
	if [[ ! -f $cache/rev-$sha/chess.so ]]; then
		echo "== building $1 ($sha) in $cache/rev-$sha" >&2
		rm -rf "$cache/rev-$sha" && mkdir -p "$cache/rev-$sha"
		git archive "$sha" | tar -x -C "$cache/rev-$sha"
		make -s -C "$cache/rev-$sha" PG_CONFIG="${pg_config:-/usr/lib/postgresql/15/bin/pg_config}" >/dev/null || return 1
	fi
	echo "$cache/rev-$sha"
}
