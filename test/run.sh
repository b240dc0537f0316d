#!/usr/bin/env bash
# Runs every test: the engine's tests (also under AddressSanitizer and
# UBSan), the symbols chess.so exports, libFuzzer on every parser, the
# perft suites (Chess960's to depth 6), and in throwaway PostgreSQL 15
# clusters pg_regress, the guided tour, the differential tests against
# chess.js (positions, SAN, PGN both ways) and Stockfish (Chess960),
# sharding over postgres_fdw, the concurrency test of the application
# example, the reference application in headless Chromium, the Debian
# package (build, install, pg_buildext installcheck), bulk import from the
# client, SQL-level fuzzing, the resource tests (memory, cancel latency),
# dump and restore, the build, pg_regress and the Debian package on
# PostgreSQL 13, 17 and 18 (test/majors.sh), and the SQL port of the ABAP
# pipeline against legal_moves().
# Ends with the line "N passed, M failed, K skipped" and exits non-zero
# when anything failed.
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

passed=0
failed=0
skipped=0
log=$(mktemp -d)
trap 'rm -rf "$log"' EXIT

# A step's heading, after the time the one before took (where the minutes go).
step_start=$SECONDS
step() {
	((SECONDS > step_start)) && echo "   (the step above: $((SECONDS - step_start)) s)"
	step_start=$SECONDS
	echo "== $1"
}

summary() {
	echo
	echo "   (the step above: $((SECONDS - step_start)) s; all steps: $SECONDS s)"
	echo "$passed passed, $failed failed, $skipped skipped"
	((failed == 0))
	exit
}

# Adds the counts of a "N passed, M failed[, K skipped]" line in a log, or one failure
# when the step printed none (it did not get that far).
count_from() {
	local line
	line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed' "$1" | tail -n 1)
	if [[ -z $line ]]; then
		echo "!! $2 printed no result: counted as one failure"
		failed=$((failed + 1))
		return
	fi
	passed=$((passed + $(awk '{print $1}' <<<"$line")))
	failed=$((failed + $(awk '{print $3}' <<<"$line")))
	line=$(grep -Eo '[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$1" | tail -n 1)
	[[ -n $line ]] && skipped=$((skipped + $(awk '{print $5}' <<<"$line")))
}

if ! CHESS_WERROR=1 bash test/setup.sh; then
	echo "!! set-up or build failed"
	failed=$((failed + 1))
	summary
fi
bash test/stale_clusters.sh

data=test/data
step "engine tests"
make -s PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config test/engine_test test/engine_test_sanitized
test/engine_test "$data" 2>&1 | tee "$log/engine"
count_from "$log/engine" "engine tests"
step "engine tests under AddressSanitizer and UBSan"
test/engine_test_sanitized "$data" 2>&1 | tee "$log/sanitized"
count_from "$log/sanitized" "sanitized engine tests"

step "the symbols chess.so exports (only what the server looks up)"
/usr/bin/python3 test/exports.py chess.so 2>&1 | tee "$log/exports"
count_from "$log/exports" "exported symbols"

step "META.json (PGXN) in step with chess.control"
/usr/bin/python3 test/meta.py 2>&1 | tee "$log/meta"
count_from "$log/meta" "META.json"

step "fuzzing every parser of the engine (libFuzzer with ASan and UBSan, 15 s a target)"
bash test/fuzz/run.sh 15 2>&1 | tee "$log/fuzz"
count_from "$log/fuzz" "fuzzers"

step "perft suites (standard chess: every other record in each of two processes)"
make -s PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config test/perft
suites=("$data/ethereal-standard.epd" "$data/cpw-perft-results.epd" "$data/python-chess-tricky.perft")
test/perft --part 0/2 "${suites[@]}" >"$log/perfta" 2>&1 &
test/perft --part 1/2 "${suites[@]}" >"$log/perftb" 2>&1
wait
cat "$log/perfta" "$log/perftb"
count_from "$log/perfta" "perft suites, first half"
count_from "$log/perftb" "perft suites, second half"
step "perft: Ethereal's Chess960 suite, 960 positions to depth 6 (two processes, each with a table of transpositions)"
test/perft --hash 1024 --part 0/2 "$data/ethereal-fischer.epd" >"$log/perft960a" 2>&1 &
test/perft --hash 1024 --part 1/2 "$data/ethereal-fischer.epd" >"$log/perft960b" 2>&1
wait
cat "$log/perft960a" "$log/perft960b"
count_from "$log/perft960a" "Chess960 perft suite, first half"
count_from "$log/perft960b" "Chess960 perft suite, second half"

step "pg_regress in a throwaway PostgreSQL 15 cluster"
pg_virtualenv -v 15 make -s PG_CONFIG=/usr/lib/postgresql/15/bin/pg_config installcheck \
	>"$log/regress" 2>&1
cat "$log/regress"
ok=$(grep -Ec '\.\.\. ok' "$log/regress")
bad=$(grep -Ec '\.\.\. (FAILED|failed)' "$log/regress")
if ((ok + bad == 0)); then
	echo "!! pg_regress ran no test: counted as one failure"
	bad=1
fi
[[ -f regression.diffs ]] && head -c 20000 regression.diffs
passed=$((passed + ok))
failed=$((failed + bad))

step "differential test against chess.js 1.4.0 (seeded random play)"
if (cd test/differential && npm ci --no-audit --no-fund --loglevel=error) &&
	node test/differential/chessjs_positions.mjs "$data/ethereal-standard.epd" 20 60 20261129 \
		>"$log/positions.tsv"; then
	pg_virtualenv -v 15 sh -c 'psql -X -q -v ON_ERROR_STOP=1 -c "CREATE EXTENSION chess" \
		-f test/differential/compare.sql' <"$log/positions.tsv" 2>&1 | tee "$log/differential"
else
	echo "!! could not install chess.js or generate positions" | tee "$log/differential"
fi
count_from "$log/differential" "differential test against chess.js"

step "PGN and the game type's text both ways with chess.js 1.4.0: 200 seeded random games"
if node test/differential/chessjs_pgn.mjs write 200 7 >"$log/games.jsonl"; then
	pg_virtualenv -v 15 sh -c 'psql -X -q -v ON_ERROR_STOP=1 -c "CREATE EXTENSION chess" \
		-f test/differential/compare_pgn.sql' <"$log/games.jsonl" 2>&1 | tee "$log/pgn_in"
	node test/differential/chessjs_pgn.mjs read <test/differential/ours.jsonl 2>&1 | tee "$log/pgn_out"
	grep 'game text read back' "$log/pgn_in" >"$log/game_text" || true
	node test/differential/chessjs_pgn.mjs read <test/differential/ours_game.jsonl 2>&1 | tee "$log/game_out"
else
	echo "!! chess.js could not write the games" | tee "$log/pgn_in" "$log/pgn_out" "$log/game_text" "$log/game_out"
fi
count_from "$log/pgn_in" "PGN from chess.js"
count_from "$log/pgn_out" "PGN read by chess.js"
count_from "$log/game_text" "the game type's text read back"
count_from "$log/game_out" "the game type's text read by chess.js"

step "the guided tour runs without error"
if pg_virtualenv -v 15 psql -X -q -v ON_ERROR_STOP=1 -P pager=off -f examples/tour.sql >"$log/tour" 2>&1; then
	echo "tour: 1 passed, 0 failed" | tee "$log/tour_result"
else
	tail -n 20 "$log/tour"
	echo "tour: 0 passed, 1 failed" | tee "$log/tour_result"
fi
count_from "$log/tour_result" "guided tour"

step "the README's function examples run as written and give the results it states"
pg_virtualenv -v 15 sh -c 'psql -X -q -c "CREATE EXTENSION chess" && /usr/bin/python3 test/readme.py README.md' \
	2>&1 | tee "$log/readme"
count_from "$log/readme" "README examples"

step "real clients: psycopg 3, psycopg2 and node-postgres"
if (cd test/clients && npm ci --no-audit --no-fund --loglevel=error); then
	pg_virtualenv -v 15 sh -c "psql -X -q -c 'CREATE EXTENSION chess' &&
		{ /usr/bin/python3 test/clients/clients.py >'$log/clients_py' 2>&1;
		  node test/clients/clients.mjs >'$log/clients_js' 2>&1; }"
	cat "$log/clients_py" "$log/clients_js"
else
	echo "!! npm could not install node-postgres" | tee "$log/clients_py" "$log/clients_js"
fi
count_from "$log/clients_py" "Python clients"
count_from "$log/clients_js" "node-postgres client"

step "board_svg() rendered by headless Chromium, pixels of known squares checked"
pg_virtualenv -v 15 sh -c 'psql -X -q -c "CREATE EXTENSION chess" && /usr/bin/python3 test/svg/render.py' \
	2>&1 | tee "$log/render"
count_from "$log/render" "board rendering"

step "locale independence: no <ctype.h> in the readers, the same reading in a Turkish database"
pg_virtualenv -v 15 bash test/locale.sh 2>&1 | tee "$log/locale"
count_from "$log/locale" "locale test"

step "Chess960 against Stockfish (UCI_Chess960): legal moves, perft 3, SAN and PGN of seeded random games"
pg_virtualenv -v 15 sh -c 'psql -X -q -c "CREATE EXTENSION chess" && /usr/bin/python3 test/differential/stockfish960.py 150 60 20261130' \
	2>&1 | tee "$log/stockfish960"
count_from "$log/stockfish960" "Chess960 against Stockfish"

step "sharding over postgres_fdw: a coordinator and two shards against one server (test/shard/test.sh)"
bash test/shard/test.sh 2>&1 | tee "$log/shard"
count_from "$log/shard" "sharding test"

step "the application example under concurrency: two sessions race for the same plies"
pg_virtualenv -v 15 bash test/concurrency.sh 2>&1 | tee "$log/concurrency"
count_from "$log/concurrency" "concurrency test"

step "the reference application in headless Chromium: two players and a watcher, a game to mate (examples/app)"
SCREENSHOTS=$log/screenshots bash examples/app/run.sh --test 2>&1 | tee "$log/app"
count_from "$log/app" "reference application"

step "the Debian package: dpkg-buildpackage, install, CREATE EXTENSION, pg_buildext installcheck"
bash test/package.sh 2>&1 | tee "$log/package"
count_from "$log/package" "Debian package"

step "bulk import from the client by an ordinary role (examples/load_pgn.py), the explorer recipe"
pg_virtualenv -v 15 bash test/client_import.sh 2>&1 | tee "$log/client_import"
count_from "$log/client_import" "client import"

step "SQL-level fuzzing: 60,000 seeded inputs through every text input and binary COPY"
pg_virtualenv -v 15 sh -c 'psql -X -q -c "CREATE EXTENSION chess" && /usr/bin/python3 test/sqlfuzz.py 60000 20261130' \
	2>&1 | tee "$log/sqlfuzz"
count_from "$log/sqlfuzz" "SQL fuzzing"

step "resources: memory over 12 million calls and a million games, cancel latency"
pg_virtualenv -v 15 sh -c 'psql -X -q -c "CREATE EXTENSION chess" && /usr/bin/python3 test/resources.py' \
	2>&1 | tee "$log/resources"
count_from "$log/resources" "resource tests"

step "dump and restore: pg_dump, pg_restore, binary COPY, amcheck"
pg_virtualenv -v 15 bash test/dump_restore.sh 2>&1 | tee "$log/dump"
count_from "$log/dump" "dump and restore"

step "PostgreSQL 13, 17 and 18 (Debian root file systems): build, pg_regress, soft errors, a dump from 15"
bash test/majors.sh 2>&1 | tee "$log/majors"
count_from "$log/majors" "PostgreSQL majors"

step "the ABAP article's pipeline, ported to SQL, against legal_moves()"
pg_virtualenv -v 15 psql -X -q -f test/bench/abap_compare.sql 2>&1 | tee "$log/abap"
count_from "$log/abap" "ABAP pipeline comparison"

summary
