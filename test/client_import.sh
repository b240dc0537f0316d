#!/usr/bin/env bash
# The client path of bulk import: an ordinary role, which may not read the
# server's files (pgn_games_file() refuses it with 42501), loads a gzip'd PGN
# file of 5,000 seeded random games through examples/load_pgn.py, two
# sessions at once, into the tables of examples/chessdb.sql.  The games must
# arrive exactly once each and equal what pgn_games() reads from the same
# text; a LATIN1 file and a UTF-8 one with a byte-order mark load too; then
# the explorer is refreshed and checked.  Prints "client import:
# N passed, M failed".  Run inside a cluster (pg_virtualenv).
set -uo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PGDATABASE=chess_import
work=$(mktemp -d)
chmod 755 "$work"	# the server reads the file too
trap 'rm -rf "$work"' EXIT
. test/check.sh

dropdb --if-exists "$PGDATABASE" 2>/dev/null
createdb "$PGDATABASE"
psql -X -q -v ON_ERROR_STOP=1 <<'SQL'
CREATE EXTENSION chess;
SET client_min_messages = warning;
DROP ROLE IF EXISTS chess_loader;
CREATE ROLE chess_loader LOGIN PASSWORD 'chess_loader';
GRANT CREATE ON SCHEMA public TO chess_loader;
SQL
# the schema belongs to the ordinary role
PGUSER=chess_loader PGPASSWORD=chess_loader psql -X -q -v ON_ERROR_STOP=1 -f examples/chessdb.sql

# 5,000 games of 30 to 60 seeded random legal plies, as PGN (1.8 MB: the
# loader cuts it into batches of a megabyte)
psql -X -q -A -t -v ON_ERROR_STOP=1 >"$work/games.pgn" <<'SQL'
SELECT setseed(0.20261130);
CREATE TEMP TABLE played (game integer, ply integer, p "position", m move);
DO $$
DECLARE
	p "position";
	m move;
BEGIN
	FOR g IN 1..5000 LOOP
		p := start_position();
		FOR ply IN 1..30 + g % 31 LOOP
			SELECT x INTO m FROM legal_moves(p) AS x ORDER BY random() LIMIT 1;
			EXIT WHEN m IS NULL;
			INSERT INTO played VALUES (g, ply, p, m);
			p := play(p, m);
		END LOOP;
	END LOOP;
END $$;
SELECT pgn(start_position(), array_agg(m ORDER BY ply),
           jsonb_build_object('Event', 'Random ' || game, 'Result', '*')) || E'\n'
FROM played GROUP BY game ORDER BY game;
SQL
sed -i '1d' "$work/games.pgn"	# setseed's empty line
gzip -k "$work/games.pgn"
check "the PGN file is larger than a batch" "$(($(stat -c %s "$work/games.pgn") > 1048576))" 1

# the role may not read the server's files
err=$(PGUSER=chess_loader PGPASSWORD=chess_loader psql -X -q -v ON_ERROR_STOP=1 -v VERBOSITY=verbose \
	-c "SELECT count(*) FROM pgn_games_file('$work/games.pgn')" 2>&1)
check "pgn_games_file() refuses an ordinary role" "$(grep -o '42501: permission denied to read PGN file' <<<"$err")" \
	'42501: permission denied to read PGN file'

out=$(zcat "$work/games.pgn.gz" | PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py --jobs 2 2>&1)
check "load_pgn.py reports the games" "$out" "5000 games loaded"
check "every game once" "$(psql -X -A -t -c "SELECT count(*), count(DISTINCT tags->>'Event') FROM games")" "5000|5000"
check "the games equal what pgn_games_file() reads from the same file" \
	"$(psql -X -A -t -c "SELECT md5(string_agg(g::text, '|' ORDER BY (tags->>'Event'))) FROM games")" \
	"$(psql -X -A -t -c "SELECT md5(string_agg(value::text, '|' ORDER BY (tags->>'Event'))) FROM pgn_games_file('$work/games.pgn')")"

# bad games refused into load_rejects, with their numbers, offsets and text
printf '[Event "Bad"]\n\n1. e4 e5 2. Ke3 *\n' >"$work/bad.pgn"
out=$(PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py <"$work/bad.pgn" 2>&1)
check "a bad game is an error, with its number and offset" \
	"$(grep -o 'illegal move "Ke3" in game 1, ply 3' <<<"$out")|$(grep -o 'PGN game 1 at byte 0: Event "Bad"' <<<"$out")" \
	'illegal move "Ke3" in game 1, ply 3|PGN game 1 at byte 0: Event "Bad"'
out=$(PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py --skip-errors <"$work/bad.pgn" 2>&1)
check "with --skip-errors a bad game is refused into load_rejects" \
	"$out|$(psql -X -A -t -c "SELECT game, byte_offset, source IS NULL, pgn FROM load_rejects")" \
	"0 games loaded, 1 refused (load_rejects)|1|0|t|$(cat "$work/bad.pgn")"
out=$(PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py --skip-errors <"$work/bad.pgn" 2>&1)
check "refused again, it is recorded once" "$out|$(psql -X -A -t -c "SELECT count(*) FROM load_rejects")" "0 games loaded, 1 refused (load_rejects)|1"
psql -X -q -c "DELETE FROM load_rejects"

# A load of 20,002 games in 8 batches (four renamed copies of the file,
# two bad games among them), two sessions, stopped at random once two of
# its batches are in, by kill -9 of the loader, and again once one more
# is in, by the end of its server sessions; then resumed: the games of the
# input exactly once.
for copy in 2 3 4 5; do
	sed "s/^\[Event \"Random /[Event \"Copy$copy /" "$work/games.pgn"
	[[ $copy == 3 ]] && printf '[Event "Bad 1"]\n\n1. e4 e5 2. Ke3 *\n\n'
done >"$work/big.pgn"
printf '[Event "Bad 2"]\n[White "x"]\n\n1. d4 d5 2. Bb5 *\n' >>"$work/big.pgn"
load_big() {
	# exec: the background job's process is the loader's, for kill -9
	PGUSER=chess_loader PGPASSWORD=chess_loader exec /usr/bin/python3 examples/load_pgn.py --source big --skip-errors --jobs 2 "$@" <"$work/big.pgn" 2>&1
}
batches_in() { psql -X -A -t -c "SELECT count(*) FROM load_batches WHERE source = 'big'"; }
# a batch takes a third of a second more, so that the load is stopped half way
psql -X -q -v ON_ERROR_STOP=1 <<'SQL'
CREATE FUNCTION slow_batch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.3); RETURN NULL; END $$;
CREATE TRIGGER slow_batch AFTER INSERT ON games FOR EACH STATEMENT EXECUTE FUNCTION slow_batch();
SQL
load_big >"$work/run1.out" &
loader=$!
for _ in $(seq 600); do (($(batches_in) >= 2)) && break; sleep 0.05; done
kill -9 $loader 2>/dev/null
wait $loader 2>/dev/null
# its server sessions end their statements (a batch each, committed) and
# then see that no client reads their answers: the count stays
sessions() { psql -X -A -t -c "SELECT count(*) FROM pg_stat_activity WHERE usename = 'chess_loader'"; }
for _ in $(seq 400); do
	(($(sessions) == 0)) && break
	sleep 0.05
done
check "the killed loader's sessions end" "$(sessions)" 0
first=$(batches_in)
out=$(load_big 2>&1)
check "stopped half way by kill -9" "$((first >= 2 && first < 8))" 1
check "without --resume, a load of a source that has batches is refused" \
	"$(grep -o "source 'big' has [0-9]* batches loaded already" <<<"$out")" "source 'big' has $first batches loaded already"
# resumed, and its sessions ended once they have committed a batch
load_big --resume >"$work/run2.out" &
loader=$!
for _ in $(seq 600); do (($(batches_in) >= first + 1)) && break; sleep 0.05; done
psql -X -q -A -t -c "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE usename = 'chess_loader'" >/dev/null
wait $loader
check "a load whose sessions end says how to resume" "$(grep -o 'resume: the same input with --source big --resume' "$work/run2.out")" \
	'resume: the same input with --source big --resume'
psql -X -q -c "DROP TRIGGER slow_batch ON games" -c "DROP FUNCTION slow_batch()"
out=$(load_big --resume)
check "resumed, the load reads only the batches that are not in" \
	"$(grep -c "in the table already" <<<"$out")|$(grep -o "loaded before (their batches skipped)" <<<"$out")" "0|loaded before (their batches skipped)"
check "the input's games once each, none missed" \
	"$(psql -X -A -t -c "SELECT count(*), md5(string_agg(g::text, '|' ORDER BY tags->>'Event')) FROM games WHERE tags->>'Event' LIKE 'Copy%'")" \
	"$(psql -X -A -t -c "SELECT count(*), md5(string_agg(value::text, '|' ORDER BY tags->>'Event')) FROM pgn_games_file('$work/big.pgn', skip_errors => true)" 2>/dev/null)"
check "the batches cover the input once, in order" \
	"$(psql -X -A -t -c "SELECT count(*) = count(DISTINCT byte_offset) AND bool_and(byte_offset = coalesce(lag, 0)) AND sum(bytes) = $(stat -c %s "$work/big.pgn") AND sum(games) = 20002
	                     FROM (SELECT *, lag(byte_offset + bytes) OVER (ORDER BY byte_offset) FROM load_batches WHERE source = 'big') b")" t
check "the refused games: their numbers, offsets and errors are the file's" \
	"$(psql -X -A -t -c "SELECT string_agg(game || ':' || byte_offset || ':' || error, '|' ORDER BY game) FROM load_rejects WHERE source = 'big'")" \
	"$(psql -X -A -t -c "SELECT string_agg(game || ':' || byte_offset || ':' || error, '|' ORDER BY game) FROM pgn_games_file('$work/big.pgn', keep_errors => true) WHERE error IS NOT NULL")"
check "the refused games' texts, to mend" "$(psql -X -A -t -c "SELECT string_agg(pgn, '|' ORDER BY game) FROM load_rejects WHERE source = 'big'")" \
	"$(printf '[Event "Bad 1"]\n\n1. e4 e5 2. Ke3 *\n\n|[Event "Bad 2"]\n[White "x"]\n\n1. d4 d5 2. Bb5 *')"
psql -X -q -c "DELETE FROM games WHERE tags->>'Event' LIKE 'Copy%'"

# two loaders of one source at once, a batch a third of a second: a batch
# the other has claimed, committed or not, is skipped (the claim waits for
# the other's statement), never inserted by both; each loader accounts for
# every game of the input (loaded, refused, or loaded before by the other)
psql -X -q -v ON_ERROR_STOP=1 <<'SQL'
CREATE FUNCTION slow_batch() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(0.3); RETURN NULL; END $$;
CREATE TRIGGER slow_batch AFTER INSERT ON games FOR EACH STATEMENT EXECUTE FUNCTION slow_batch();
SQL
load_twice() {
	PGUSER=chess_loader PGPASSWORD=chess_loader exec /usr/bin/python3 examples/load_pgn.py --source twice --resume --skip-errors <"$work/big.pgn" 2>&1
}
load_twice >"$work/twice1.out" &
one=$!
load_twice >"$work/twice2.out" &
two=$!
wait $one $two
# what a loader printed: the games loaded, refused, and loaded before
tally() {
	awk '{ for (i = 1; i + 2 <= NF; i++) {
		if ($(i + 1) == "games" && $(i + 2) ~ /^loaded/) l += $i
		if ($(i + 1) == "refused") r += $i
		if ($(i + 1) == "loaded" && $(i + 2) == "before") b += $i } }
	     END { print l + 0, r + 0, b + 0 }' "$1"
}
read -r l1 r1 b1 < <(tally "$work/twice1.out")
read -r l2 r2 b2 < <(tally "$work/twice2.out")
check "two loaders of one source at once: each batch loaded by one of them" \
	"$((l1 + r1 + b1))|$((l2 + r2 + b2))|$((l1 + l2))|$((r1 + r2))|$(cat "$work/twice1.out" "$work/twice2.out" | grep -c "in the table already")|$(
		psql -X -A -t -c "SELECT count(*) FROM games WHERE tags->>'Event' LIKE 'Copy%'")" \
	"20002|20002|20000|2|0|20000"
psql -X -q -c "DROP TRIGGER slow_batch ON games" -c "DROP FUNCTION slow_batch()" -c "DELETE FROM games WHERE tags->>'Event' LIKE 'Copy%'"
# batches of 20,000 bytes with --skip-errors: offsets and sizes that psycopg
# sends as smallint, whose sums pass 32767
out=$(PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py --source small --skip-errors --batch-bytes 20000 --jobs 2 <"$work/big.pgn" 2>&1)
check "small batches with --skip-errors: every game loaded or refused" "$out" "20000 games loaded, 2 refused (load_rejects)"
psql -X -q -c "DELETE FROM games WHERE tags->>'Event' LIKE 'Copy%'"

# a LATIN1 file (old collections), and UTF-8 with a byte-order mark
printf '[Event "Latin"]\n[White "Jos\xe9"]\n\n1. d4 *\n' >"$work/latin1.pgn"
out=$(PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py --encoding LATIN1 <"$work/latin1.pgn" 2>&1)
check "a LATIN1 file loads with --encoding LATIN1" "$out" "1 games loaded"
check "its text arrives converted" "$(psql -X -A -t -c "SELECT tags->>'White' FROM games WHERE tags->>'Event' = 'Latin'")" "José"
out=$(PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py <"$work/latin1.pgn" 2>&1)
check "read as UTF8, the LATIN1 file is refused" "$(grep -o 'invalid byte sequence for encoding "UTF8"' <<<"$out")" \
	'invalid byte sequence for encoding "UTF8"'
printf '\xef\xbb\xbf[Event "BOM"]\n\n1. c4 *\n' >"$work/bom.pgn"
out=$(PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py <"$work/bom.pgn" 2>&1)
check "a UTF-8 file with a byte-order mark loads" "$out" "1 games loaded"
psql -X -q -c "DELETE FROM games WHERE tags->>'Event' IN ('Latin', 'BOM')"

# The batches are the pieces of the server's parts: cut at batch sizes of
# 1, 300 and 2,000 bytes, a file with a byte-order mark and an empty line
# first, a game in CRLF and one with no empty line before its tags (not
# counted: the games after it are numbered one less, in the parts too; the
# batch that holds it records the games it held)
{
	printf '\xef\xbb\xbf\n[Event "Cut 1"]\n[Result "*"]\n\n1. e4 *\n\n'
	printf '[Event "Cut 2"]\r\n[Result "*"]\r\n\r\n1. d4 d5 *\r\n\r\n'
	printf '[Event "Cut 3"]\n\n1. c4 *\n[Event "Cut 4"]\n\n1. Nf3 *\n\n'
	for i in $(seq 5 30); do printf '[Event "Cut %d"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *\n\n' "$i"; done
} >"$work/cut.pgn"
for size in 1 300 2000; do
	out=$(PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py --source "cut$size" --batch-bytes $size <"$work/cut.pgn" 2>&1)
	check "batches of $size bytes: the games loaded, and a warning that one was not counted" \
		"$(grep -cE '^[0-9]+ games loaded' <<<"$out")|$(grep -o 'the numbers of the games after it are off' <<<"$out")" \
		"1|the numbers of the games after it are off"
	check "batches of $size bytes begin where the pieces of the parts do, with the game the parts number alike" \
		"$(psql -X -q -A -t -v ON_ERROR_STOP=1 <<SQL
SET chess.pgn_piece_size = $size;
CREATE TEMP TABLE parts AS
SELECT 1 AS part, byte_offset, game FROM pgn_games_file('$work/cut.pgn', part => 1, parts => 2)
UNION ALL
SELECT 2, byte_offset, game FROM pgn_games_file('$work/cut.pgn', part => 2, parts => 2);
-- a batch's first game: the first that begins in it (the file's is after a
-- byte-order mark); each of its games read by the part of its piece (piece
-- j, which begins in bytes j * size to (j + 1) * size, is part j mod 2 + 1's)
SELECT count(*) FILTER (WHERE first IS DISTINCT FROM b.first_game), sum(b.bytes), sum(b.games),
       sum(elsewhere)
FROM load_batches b,
     LATERAL (SELECT game FROM parts p WHERE p.byte_offset >= b.byte_offset ORDER BY p.byte_offset LIMIT 1) AS f(first),
     LATERAL (SELECT count(*) FILTER (WHERE p.part <> b.byte_offset / $size % 2 + 1) FROM parts p
              WHERE p.byte_offset >= b.byte_offset AND p.byte_offset < b.byte_offset + b.bytes) AS e(elsewhere)
WHERE b.source = 'cut$size'
SQL
)" "0|$(stat -c %s "$work/cut.pgn")|30|0"
done
check "the games of the file, once" "$(psql -X -A -t -c "SELECT count(*) FROM games WHERE tags->>'Event' LIKE 'Cut %'")" 30
psql -X -q -c "DELETE FROM games WHERE tags->>'Event' LIKE 'Cut %'"
# input with no empty line followed by a tag line in 64 MB is refused
out=$( { printf '[Event "Long"]\n\n1. e4 {'; head -c 70000000 /dev/zero | tr '\0' x; printf '} *\n'; } |
	PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py 2>&1)
check "input that cannot be cut into batches is refused" \
	"$(grep -o 'no empty line followed by a tag line in the 64 MB after byte 1048576' <<<"$out")|$(grep -o 'stopped: 0 games loaded' <<<"$out")" \
	"no empty line followed by a tag line in the 64 MB after byte 1048576|stopped: 0 games loaded"

PGUSER=chess_loader PGPASSWORD=chess_loader psql -X -q -v ON_ERROR_STOP=1 -c "SELECT explorer_rebuild()"
# the games counted from the start, once for each move a game plays there
from_start() {
	psql -X -A -t -c "SELECT count(*) FROM games, LATERAL (SELECT DISTINCT q.next FROM positions(g) q
	                  WHERE without_clocks(q.\"position\") = without_clocks(start_position()) AND q.next IS NOT NULL) s"
}
check "the explorer counts every game from the start (once for each move it plays there)" \
	"$(psql -X -A -t -c "SELECT sum(games) FROM explore(start_position())")" "$(from_start)"
check "explore() agrees with the games for the positions at ply 3 of 100 games" \
	"$(psql -X -A -t <<'SQL'
SELECT count(*) FILTER (WHERE e IS DISTINCT FROM b)
FROM (SELECT DISTINCT without_clocks(q."position") AS p FROM games, positions(g) q WHERE id <= 100 AND q.ply = 3) t,
     LATERAL (SELECT array_agg(row(x.move, x.games, x.white, x.draws, x.black) ORDER BY x.move) AS e
              FROM explore(p) x) AS from_explore,
     LATERAL (SELECT array_agg(row(y.move, y.games, y.white, y.draws, y.black) ORDER BY y.move) AS b
              FROM (SELECT m AS move, count(*)::integer AS games, 0 AS white, 0 AS draws, 0 AS black
                    FROM games, LATERAL (SELECT DISTINCT q.next AS m FROM positions(g) q
                                         WHERE without_clocks(q."position") = p AND q.next IS NOT NULL) AS s
                    GROUP BY m) AS y) AS from_games;
SQL
)" 0
# a load that defers the explorer: the owner drops its triggers (which would
# keep a copy of every row inserted) and marks it stale; explore() counts the
# games meanwhile, and the rebuild makes the triggers again
triggers() { psql -X -A -t -c "SELECT string_agg(tgname, ',' ORDER BY tgname) FROM pg_trigger WHERE tgrelid = 'games'::regclass AND tgname LIKE 'explorer%'"; }
check "a live explorer has its triggers" "$(triggers)" "explorer_delete,explorer_insert,explorer_truncate,explorer_update"
# a load into the live explorer: its trigger reads the rows that each
# batch's statement inserts (in a data-modifying CTE)
out=$(sed 's/^\[Event "Random /[Event "Live /' "$work/games.pgn" |
	PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py --jobs 2 2>&1)
check "a load into the live explorer: the games loaded, the explorer live and counting them from the start" \
	"$out|$(psql -X -A -t -c "SELECT stale FROM explorer_state")|$(psql -X -A -t -c "SELECT sum(games) FROM explore(start_position())")" \
	"5000 games loaded|f|$(from_start)"
out=$(PGUSER=chess_loader PGPASSWORD=chess_loader /usr/bin/python3 examples/load_pgn.py --defer-explorer <"$work/bom.pgn" 2>&1)
check "--defer-explorer: the game loaded, the explorer stale without the triggers that copy rows" \
	"$out|$(psql -X -A -t -c "SELECT stale FROM explorer_state")|$(triggers)" "1 games loaded|t|explorer_truncate"
check "--defer-explorer: explore() counts the new game from the start" \
	"$(psql -X -A -t -c "SELECT sum(games) FROM explore(start_position())")" "$(from_start)"
PGUSER=chess_loader PGPASSWORD=chess_loader psql -X -q -v ON_ERROR_STOP=1 -c "SELECT explorer_rebuild()" >/dev/null
check "the rebuild after it: live, with its triggers" "$(psql -X -A -t -c "SELECT stale FROM explorer_state")|$(triggers)" \
	"f|explorer_delete,explorer_insert,explorer_truncate,explorer_update"
dropdb "$PGDATABASE"
psql -X -q -d postgres -c "DROP ROLE chess_loader"
echo "client import: $passed passed, $failed failed"
