# Sourced by the benchmarks: bench_corpus GAMES prints the path of the
# corpus of test/bench/gen_corpus with GAMES games, made once and kept in
# $CHESS_BENCH_CACHE (default /var/cache/chess-bench).
bench_corpus() {
	local games=$1 cache=${CHESS_BENCH_CACHE:-/var/cache/chess-bench}
	local corpus=$cache/gen-corpus-$games.pgn
	if [[ ! -f $corpus ]]; then
		make -s test/bench/gen_corpus >/dev/null
		mkdir -p "$cache"
		test/bench/gen_corpus "$games" 20240601 >"$corpus.tmp" && mv "$corpus.tmp" "$corpus"
	fi
	echo "$corpus"
}
