#!/usr/bin/env bash
# Runs the engine's libFuzzer targets (test/fuzz/fuzz.c): FEN, packed
# positions, UCI moves, SAN (strict and lenient), PGN, games (binary input),
# annotated games (comments, NAGs, variations, commands, both ways),
# stored game values (damaged bytes), patterns and material balances, game
# queries (JSON), each for SECONDS
# (default 15; the test command's budget) from seed corpora made of the
# repository's test data.  A crash, a leak, a sanitizer report or a broken
# property fails the target; libFuzzer leaves the input in
# test/fuzz/corpus/crash-*.  Prints each target's executions and ends with
# "N passed, M failed".  Two targets run at a time.  Run it longer by hand:
# bash test/fuzz/run.sh 3600
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
seconds=${1:-15}
work=test/fuzz/corpus
make -s -j2 PG_CONFIG="${PG_CONFIG:-/usr/lib/postgresql/15/bin/pg_config}" fuzzers || {
	echo "fuzzers: 0 passed, 1 failed (build)"
	exit 1
}

# seed corpora, one input a file; the corpora grow from run to run
mkdir -p "$work"/{fen,packed,uci,san,pgn,game,annotated,stored,pattern,balance,query}
i=0
cut -d';' -f1 test/data/*.epd | grep -v '^#' | while read -r fen; do
	[[ -n $fen ]] && printf '%s' "$fen" >"$work/fen/seed-$((i++))"
done
printf '\xff\xff\x00\x00\x00\x00\xff\xff\x24\x53\x36\x42\x11\x11\x11\x11\x99\x99\x99\x99\xac\xdb\xbe\xca\x1e\x00\x00\x00\x01\x00\x00\x00' \
	>"$work/packed/seed-start"
n=0
while read -r m; do printf '%s' "$m" >"$work/uci/seed-$((n++))"; done <test/fuzz/seeds/uci.txt
n=0
while read -r m; do
	for prefix in '\x00' '\x01' '\x02' '\x03' '\x84' '\x85'; do
		printf "$prefix%s" "$m" >"$work/san/seed-$((n++))"
	done
done <test/fuzz/seeds/san.txt
cp test/fuzz/seeds/games.pgn "$work/pgn/seed-all"
awk -v dir="$work/pgn" 'BEGIN { RS = ""; n = 0 } { print > (dir "/seed-" n++) }' test/fuzz/seeds/games.pgn
# annotated games: one a file (a blank line ends a game's movetext)
awk -v dir="$work/annotated" 'BEGIN { RS = "\n\n\\[" ; n = 0 } { print (n ? "[" : "") $0 > (dir "/seed-" n++) }' test/fuzz/seeds/annotated.pgn
# games: a start (byte 0; 0x80 and a packed position) and move indexes
for s in 0 1 2 3 4 5; do
	{ printf "\\x0$s"; head -c 300 /dev/zero | tr '\0' '\1'; } >"$work/game/seed-$s"
done
printf '\x00\x00\x05\x0a\xf0\x0c\x1c\x03' >"$work/game/seed-raw"
{ printf '\x80'; cat "$work/packed/seed-start"; printf '\x07\x08\x09'; } >"$work/game/seed-packed"
# stored game values: the golden vectors of sql/formats.sql, one a line in hexadecimal
n=0
while read -r hex; do
	[[ $hex == \#* || -z $hex ]] || python3 -c 'import sys; sys.stdout.buffer.write(bytes.fromhex(sys.argv[1]))' "$hex" >"$work/stored/seed-$((n++))"
done <test/fuzz/seeds/stored.txt
n=0
while IFS= read -r p; do printf '%s' "$p" >"$work/pattern/seed-$((n++))"; done <test/fuzz/seeds/patterns.txt
n=0
while IFS= read -r b; do printf '%s' "$b" >"$work/balance/seed-$((n++))"; done <test/fuzz/seeds/balances.txt
n=0
while IFS= read -r q; do printf '%s' "$q" >"$work/query/seed-$((n++))"; done <test/fuzz/seeds/queries.txt

# one target: its log in $logs/$t, its exit status in $logs/$t.status
fuzz_target() {
	local t=$1
	# -rss_limit_mb: a leak or a runaway allocation fails the target
	ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
		test/fuzz/fuzz_$t -max_total_time="$seconds" -rss_limit_mb=1024 -max_len=4096 \
		-artifact_prefix="$work/" -print_final_stats=1 "$work/$t" >"$logs/$t" 2>&1
	echo $? >"$logs/$t.status"
}

# two targets at a time (the machine's two cores); each gets its whole time
logs=$(mktemp -d)
targets=(fen packed uci san pgn game annotated stored pattern balance query)
for ((i = 0; i < ${#targets[@]}; i += 2)); do
	fuzz_target "${targets[i]}" &
	((i + 1 < ${#targets[@]})) && fuzz_target "${targets[i + 1]}" &
	wait
done

passed=0
failed=0
total=0
for t in "${targets[@]}"; do
	if [[ $(cat "$logs/$t.status" 2>/dev/null) == 0 ]]; then
		runs=$(grep -Eo 'Done [0-9]+ runs' "$logs/$t" | awk '{print $2}')
		echo "fuzz $t: ${runs:-?} executions in $seconds s, no crash, leak or sanitizer report"
		total=$((total + ${runs:-0}))
		passed=$((passed + 1))
	else
		echo "!! fuzz $t failed:"
		grep -E 'ERROR|SUMMARY|property failed|runtime error|Test unit written' "$logs/$t" | head -n 20
		failed=$((failed + 1))
	fi
done
rm -rf "$logs"
echo "fuzz: $total executions in all"
echo "fuzzers: $passed passed, $failed failed"
((failed == 0))
