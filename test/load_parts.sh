#!/usr/bin/env bash
# The server-side parallel load: examples/load_parts.sh loads a file of
# 20,000 seeded games (plain, then zstd) into the tables of
# examples/chessdb.sql in 2 sessions at once, one part each; the games
# must arrive exactly once each, equal to what pgn_games_file() reads in
# one session, with their numbers and offsets, and once only when the file
# is loaded again, the script saying how many it inserted and refreshing
# the explorer (its triggers, which would copy every row inserted, dropped
# during the load and made again); a part that fails (a file that does not exist) makes
# the script fail; a gzip and a pzstd file (no size declared) whose size is
# estimated far off still give every game once; the parts of a file of
# pzstd's frames (lichess's) at once give every game once, and a part
# whose other part stops reads its games as alone.  Prints "load parts: N
# passed, M failed".  Run inside a cluster (pg_virtualenv).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PGDATABASE=chess_parts
work=$(mktemp -d)
chmod 755 "$work"	# the server reads the files
trap 'rm -rf "$work"' EXIT
. test/check.sh

dropdb --if-exists "$PGDATABASE" 2>/dev/null
createdb "$PGDATABASE"
psql -X -q -v ON_ERROR_STOP=1 -c "CREATE EXTENSION chess" -f examples/chessdb.sql >/dev/null
# seeded games: a few moves each from a list, tags in an order of their own in some
psql -X -q -At -v ON_ERROR_STOP=1 >"$work/games.pgn" <<'SQL'
SELECT string_agg(format(E'[Event "Game %s"]\n[Site "?"]\n[Date "2024.01.15"]\n[Round "-"]\n[White "w%s"]\n[Black "b%s"]\n[Result "*"]\n%s\n%s *\n',
                         i, i % 97, i % 89,
                         CASE WHEN i % 5 = 0 THEN E'[BlackElo "1500"]\n[WhiteElo "1600"]\n' ELSE E'[WhiteElo "1600"]\n[BlackElo "1500"]\n' END,
                         (ARRAY['1. e4 e5 2. Nf3 Nc6 3. Bb5 a6', '1. d4 d5 2. c4 e6 3. Nc3 Nf6', '1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6',
                                '1. c4 e5 2. Nc3 Nf6 { a comment } 3. g3 d5', '1. Nf3 d5 (1... Nf6 2. c4) 2. g3 c5'])[1 + i % 5]),
                  E'\n' ORDER BY i)
FROM generate_series(1, 20000) AS i;
SQL
zstd -q "$work/games.pgn" -o "$work/games.pgn.zst"
chmod 644 "$work"/games.pgn*
expected=$(psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(value::text || tags::text || coalesce(tag_order::text, ''), '|' ORDER BY game)) FROM pgn_games_file('$work/games.pgn')")
check "one session reads the file" "${expected%% *}" 20000
# the second load goes into a table whose explorer is live (the first
# built it; TRUNCATE keeps it live): its triggers, dropped by the load
# (explorer_defer()), would copy each part's rows to temporary files
# beyond work_mem, some 3 MB a part, which temp_file_limit refuses
for f in games.pgn games.pgn.zst; do
	psql -X -q -c "TRUNCATE games"
	if PGOPTIONS="-c chess.pgn_piece_size=64kB -c work_mem=1MB -c temp_file_limit=1MB" \
		bash examples/load_parts.sh "$work/$f" 2 2>"$work/said"; then
		check "load_parts.sh $f 2: exits 0" 0 0
	else
		check "load_parts.sh $f 2: exits 0" 1 0
	fi
	check "load_parts.sh $f 2: says what it inserted" \
		"$(grep -c '^load_parts.sh: 20000 games inserted in [0-9.]* s, 2 parts at once$' "$work/said")" 1
	check "load_parts.sh $f 2: the explorer rebuilt beside the index builds" \
		"$(grep -c '^load_parts.sh: 2 GIN indexes built and the explorer rebuilt, the table analysed' "$work/said"),$(psql -X -At -c "SELECT sum(games) FROM explore(start_position())")" "1,20000"
	check "load_parts.sh $f 2: says what each index build and the rebuild took" \
		"$(grep -Ec '^load_parts.sh: (games_patterns built|games_positions built|the explorer rebuilt) in [0-9.]+ s$' "$work/said")" 3
	check "load_parts.sh $f 2: the explorer live again, with its triggers" \
		"$(psql -X -At -c "SELECT stale FROM explorer_state")|$(psql -X -At -c "SELECT count(*) FROM pg_trigger WHERE tgrelid = 'games'::regclass AND tgname LIKE 'explorer%'")" "f|4"
	got=$(psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(g::text || tags::text || coalesce(tag_order::text, ''), '|' ORDER BY (tags->>'Event'), id)) FROM games")
	want=$(psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(value::text || tags::text || coalesce(tag_order::text, ''), '|' ORDER BY (tags->>'Event'), game)) FROM pgn_games_file('$work/games.pgn')")
	check "$f in 2 parts: every game once, as one session reads it" "$got" "$want"
done
# loaded again: nothing twice (the recipe's game_key)
bash examples/load_parts.sh "$work/games.pgn" 2 >/dev/null 2>"$work/said"
check "the file loaded again: no game twice" "$(psql -X -At -c "SELECT count(*) FROM games")" 20000
check "the file loaded again: says it inserted none" "$(grep -c '^load_parts.sh: 0 games inserted' "$work/said")" 1
# into an empty table the GIN indexes are built after the load: the same
# indexes, the size a REINDEX gives
check "the GIN indexes after the load" "$(psql -X -At -c "SELECT string_agg(c.relname, ',' ORDER BY c.relname) FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = 'games'::regclass")" \
	"games_key,games_openings,games_patterns,games_pkey,games_positions"
# the parts' numbers and offsets are the file's
got=$(psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(game || ':' || byte_offset, '|' ORDER BY game)) FROM generate_series(1, 3) AS part, pgn_games_file('$work/games.pgn.zst', part => part, parts => 3)")
want=$(psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(game || ':' || byte_offset, '|' ORDER BY game)) FROM pgn_games_file('$work/games.pgn')")
check "3 parts of the zstd file: the numbers and offsets of the whole" "$got" "$want"
# a compressed file whose headers tell no size (gzip; a zstd stream): its runs are cut by an estimate from its first 8 MB
# of text.  Here those are one game 80,000 times, which compresses many
# times better than the 3,000 games after them (comments of hex digits):
# the estimate is many times the text, part 1's run of 2 takes all of it,
# and the parts still give each game once, with the whole file's numbers
# and offsets
psql -X -q -At -v ON_ERROR_STOP=1 >"$work/skewed.pgn" <<'SQL'
SELECT string_agg(E'[Event "Same"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O *\n', E'\n')
FROM generate_series(1, 80000)
UNION ALL
SELECT string_agg(format(E'[Event "Hex %s"]\n[Result "*"]\n\n1. d4 {%s} d5 *\n', i,
                         (SELECT string_agg(md5(i || ':' || j), '') FROM generate_series(1, 30) AS j)), E'\n' ORDER BY i)
FROM generate_series(1, 3000) AS i;
SQL
gzip -c "$work/skewed.pgn" >"$work/skewed.pgn.gz"
zstd -q -c <"$work/skewed.pgn" >"$work/skewed.pgn.zst"	# a stream (pzstd's frames are read by frames)
chmod 644 "$work"/skewed.pgn*
want=$(psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game)) FROM pgn_games_file('$work/skewed.pgn')")
for f in skewed.pgn.gz skewed.pgn.zst; do
	for n in 2 3; do
		got=$(psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(game || ':' || byte_offset || ':' || value::text, '|' ORDER BY game)) FROM generate_series(1, $n) AS part, pgn_games_file('$work/$f', part => part, parts => $n)")
		check "$n parts of $f, its size estimated far off: every game once, numbered and placed as in the whole" "$got" "$want"
	done
done
check "the skewed file: the repeated game's first 8 MB and more, 83,000 games" \
	"$(psql -X -At -c "SELECT min(byte_offset) > 8 * 1024 * 1024 FROM pgn_games_file('$work/skewed.pgn') WHERE tags->>'Event' <> 'Same'") ${want%% *}" "t 83000"
for f in skewed.pgn.gz skewed.pgn.zst; do
	check "2 parts of $f: the estimate's runs, part 1's all of the text" \
		"$(psql -X -At -c "SELECT string_agg(n::text, ' ' ORDER BY part) FROM generate_series(1, 2) AS part, LATERAL (SELECT count(*) AS n FROM pgn_games_file('$work/$f', part => part, parts => 2)) AS c")" "83000 0"
done
# the seeded games three times (60,000 games, 15 MB): as a zstd stream
# (no size declared) their 2 parts split where zstd's file, which declares the
# size, does, within 1 % of the games; and a gzip file damaged in its last
# bytes (its check of the text) fails the part that reads them, not
# part 1, which stops at the end of its run (so load_parts.sh commits
# part 1's games and fails)
for i in 1 2 3; do cat "$work/games.pgn"; echo; done >"$work/even.pgn"
zstd -q -c <"$work/even.pgn" >"$work/even.pgn.zst"
zstd -q -c "$work/even.pgn" >"$work/even_sized.pgn.zst"
gzip -c "$work/even.pgn" >"$work/even.pgn.gz"
python3 -c 'import sys; p = sys.argv[1]; b = bytearray(open(p, "rb").read()); b[-6] ^= 0x55; open(p, "wb").write(b)' "$work/even.pgn.gz"
chmod 644 "$work"/even*
first() { PGOPTIONS="-c chess.pgn_piece_size=64kB" psql -X -At -c "SELECT count(*) FROM pgn_games_file('$1', part => 1, parts => 2)"; }
a=$(first "$work/even.pgn.zst") b=$(first "$work/even_sized.pgn.zst")
check "a stream's 2 parts split where the size declared splits them, within 1 % of the games" \
	"$((a - b <= 600 && b - a <= 600)) $(($(stat -c %s "$work/even.pgn") > 8 * 1024 * 1024))" "1 1"
check "a gzip file damaged at its end: part 1 of 2 reads its run" "$(first "$work/even.pgn.gz" 2>&1 | grep -Ec '^[1-9][0-9]*$')" 1
check "a gzip file damaged at its end: part 2 of 2 fails (XX001)" \
	"$(psql -X -At -v VERBOSITY=sqlstate -c "SELECT count(*) FROM pgn_games_file('$work/even.pgn.gz', part => 2, parts => 2)" 2>&1 | grep -o 'XX001')" "XX001"
# pzstd's frames (-1: 2 MB of text each, 8 frames): the parts at once
# read each other's records of their pieces; a part that stops (a cursor
# held open, then rolled back) makes the other wait a second, then make
# the records itself; every game once, numbered and placed as in the
# whole, and no file of records left
pzstd -q -1 -c "$work/even.pgn" >"$work/even_frames.pgn.zst"
chmod 644 "$work/even_frames.pgn.zst"
psql -X -q -c "CREATE TABLE frames_got (part int, game int, byte_offset bigint, v text)"
want=$(psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(game || ':' || byte_offset || ':' || md5(value::text), '|' ORDER BY game)) FROM pgn_games_file('$work/even.pgn')")
frames_got() { psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(game || ':' || byte_offset || ':' || v, '|' ORDER BY game)) FROM frames_got ${1:-}"; }
for n in 2 3; do
	psql -X -q -c "TRUNCATE frames_got"
	for ((k = 1; k <= n; k++)); do
		psql -X -q -c "INSERT INTO frames_got SELECT $k, game, byte_offset, md5(value::text) FROM pgn_games_file('$work/even_frames.pgn.zst', part => $k, parts => $n)" &
	done
	wait
	check "$n parts of pzstd's frames at once: every game once, numbered and placed as in the whole" "$(frames_got)" "$want"
done
# part 2 while part 1, held in a cursor, has read 29,000 of its 30,000
# games (and so written the records of its pieces; pzstd -1 made 7 frames
# of this file): part 2 reads them all and makes none (its DEBUG1 line says)
# hold_part1 N SECONDS END: part 1 of 2 in a cursor in the background, N
# games read, held SECONDS, then ended by END (COMMIT or ROLLBACK)
hold_part1() {
	psql -X -q >/dev/null <<SQL &
BEGIN;
DECLARE c CURSOR FOR SELECT * FROM pgn_games_file('$work/even_frames.pgn.zst', part => 1, parts => 2);
MOVE $1 IN c;
SELECT pg_sleep($2);
$3;
SQL
}
hold_part1 29000 5 COMMIT
# (until part 1 sleeps with its cursor open, 10 s at most)
for ((i = 0; i < 100; i++)); do
	[[ $(psql -X -At -c "SELECT count(*) FROM pg_stat_activity WHERE query LIKE 'SELECT pg_sleep(%' AND state = 'active'") == 1 ]] && break
	sleep 0.1
done
check "part 2 of pzstd's frames while part 1 is read: part 1's records read, none made" \
	"$(PGOPTIONS="-c client_min_messages=debug1" psql -X -At -c "SELECT count(*) FROM pgn_games_file('$work/even_frames.pgn.zst', part => 2, parts => 2)" 2>&1 | grep -o '[0-9]* pieces read, [0-9]* records of the others.* read, [0-9]* made')" \
	"3 pieces read, 3 records of the others' read, 0 made"
wait
alone=$(psql -X -At -c "SELECT count(*) || ' ' || md5(string_agg(game || ':' || byte_offset || ':' || md5(value::text), '|' ORDER BY game)) FROM pgn_games_file('$work/even_frames.pgn.zst', part => 2, parts => 2)")
psql -X -q -c "TRUNCATE frames_got"
hold_part1 1 2 ROLLBACK
sleep 0.5
s=$(date +%s)
psql -X -q -c "INSERT INTO frames_got SELECT 2, game, byte_offset, md5(value::text) FROM pgn_games_file('$work/even_frames.pgn.zst', part => 2, parts => 2)"
wait
check "part 2 of pzstd's frames while part 1 stops: its games, as read alone, in under 10 s" \
	"$(frames_got "WHERE part = 2") $(($(date +%s) - s < 10))" "$alone 1"
check "no file of records left in base/pgsql_tmp" \
	"$(psql -X -At -c "SELECT count(*) FROM pg_ls_tmpdir() WHERE name LIKE 'pgsql_tmp_chess_%'")" 0
# a part that fails fails the script
if bash examples/load_parts.sh "$work/no_such.pgn" 2 2>/dev/null; then
	check "a missing file: load_parts.sh fails" 0 1
else
	check "a missing file: load_parts.sh fails" 1 1
fi
# a bad game in the second part is skipped, said with its number and offset
# (games 1-800, the bad one, games 801-1600: two paragraphs a game)
{
	awk 'BEGIN { RS = ""; ORS = "\n\n" } NR <= 1600' "$work/games.pgn"
	printf '[Event "Bad"]\n\n1. e4 e5 2. Ke3 *\n\n'
	awk 'BEGIN { RS = ""; ORS = "\n\n" } NR > 1600 && NR <= 3200' "$work/games.pgn"
} >"$work/bad.pgn"
chmod 644 "$work/bad.pgn"
psql -X -q -c "TRUNCATE games"
out=$(PGOPTIONS="-c chess.pgn_piece_size=64kB" bash examples/load_parts.sh "$work/bad.pgn" 2 2>&1)
want=$(psql -X -At -c "SELECT 'game ' || game || ' at byte ' || byte_offset FROM pgn_games_file('$work/bad.pgn', keep_errors => true) WHERE error IS NOT NULL")
check "a bad game is skipped, with its number and offset" \
	"$(grep -o "PGN game [0-9]* at byte [0-9]*" <<<"$out" | sed 's/^PGN //')|$(grep -o '1 games skipped' <<<"$out")" "$want|1 games skipped"
dropdb "$PGDATABASE"
echo "load parts: $passed passed, $failed failed"
((failed == 0))
