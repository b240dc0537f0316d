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

# bench_parts FILE N, inside a benchmark's cluster (pg_virtualenv) with an
# unlogged table g (tags jsonb, result text, v game): FILE read into g by
# N parts of pgn_games_file() at once, g emptied first; prints the seconds
# they took, and fails when a part does.
bench_parts() {
	local f=$1 n=$2 k s pid pids=() rc=0
	psql -X -q -c "TRUNCATE g" -c "CHECKPOINT"
	s=$(date +%s.%N)
	for ((k = 1; k <= n; k++)); do
		psql -X -q -v ON_ERROR_STOP=1 \
			-c "INSERT INTO g SELECT tags, result, value FROM pgn_games_file('$f', part => $k, parts => $n)" &
		pids+=($!)
	done
	for pid in "${pids[@]}"; do
		wait "$pid" || rc=1
	done
	echo "$(date +%s.%N) - $s" | bc
	return $rc
}

# bench_huge_pages MB reserves MB more of the kernel's huge pages (as root)
# for a benchmark's server, and sets BENCH_PG_OPTS to the options of
# pg_virtualenv that make the server use them (huge_pages = on), or to none
# when the kernel gives fewer or CHESS_BENCH_HUGE_PAGES=0;
# bench_huge_pages_restore gives them back.  Huge pages are what a loading
# server should have (doc/database.md): its shared memory then costs a
# page fault every 2 MB in each session, not every 4 kB, and a page fault
# takes 10 microseconds on some VMs (EPYC-g).
BENCH_PG_OPTS=()
BENCH_HUGE_PAGES_BEFORE=
bench_huge_pages() {
	local want=$(($1 / 2)) before
	[[ ${CHESS_BENCH_HUGE_PAGES:-1} == 0 ]] && return 0
	before=$(cat /proc/sys/vm/nr_hugepages)
	{ echo $((before + want)) >/proc/sys/vm/nr_hugepages; } 2>/dev/null || return 0
	BENCH_HUGE_PAGES_BEFORE=$before
	if (($(cat /proc/sys/vm/nr_hugepages) >= before + want)); then
		BENCH_PG_OPTS=(-o huge_pages=on)
	else
		bench_huge_pages_restore
	fi
}
bench_huge_pages_restore() {
	if [[ -n $BENCH_HUGE_PAGES_BEFORE ]]; then
		{ echo "$BENCH_HUGE_PAGES_BEFORE" >/proc/sys/vm/nr_hugepages; } 2>/dev/null || true
	fi
	BENCH_HUGE_PAGES_BEFORE=
}
