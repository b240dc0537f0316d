#!/usr/bin/env bash
# Dump and restore: a table with a column of every type of the extension
# and arrays of each, with btree and hash indexes, survives pg_dump -Fc and
# pg_restore, and binary COPY out and in, value for value (compared as text
# and as binary COPY streams); the restored btree indexes pass amcheck's
# bt_index_check with heapallindexed, and index scans (btree and hash) find
# the same rows as sequential scans.
#
# Usage (libpq environment variables name the server, as pg_virtualenv sets
# them):
#   dump_restore.sh                      dump and restore on this server
#   dump_restore.sh --export DUMP TEXT   make the table, dump it to DUMP and
#                                        its rows as text to TEXT
#   dump_restore.sh --import DUMP TEXT   restore DUMP (from another major,
#                                        say) and compare with TEXT
# Prints "N passed, M failed".
set -uo pipefail
passed=0
failed=0
check() {
	if [[ $1 == "$2" ]]; then
		passed=$((passed + 1))
		echo "ok: $3"
	else
		failed=$((failed + 1))
		echo "!! FAILED: $3"
		diff <(echo "$1") <(echo "$2") | head -n 10
	fi
}
q() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }
rows_text() { q -d "$1" -c "COPY (SELECT * FROM every_type ORDER BY id) TO STDOUT"; }
# (a binary array carries its element type's OID, which differs between databases)
rows_binary() { psql -X -q -d "$1" -c "COPY (SELECT id, sq, pc, m, p FROM every_type ORDER BY id) TO STDOUT (FORMAT binary)" | sha256sum; }

make_table() {
	createdb "$1" || return 1
	q -d "$1" <<'SQL'
CREATE EXTENSION chess;
CREATE TABLE every_type (
	id integer PRIMARY KEY,
	sq square, pc piece, m move, p "position",
	sqs square[], pcs piece[], ms move[], ps "position"[]
);
-- every position three plies from the start and two from Kiwipete, each with
-- its pieces, its legal moves and the positions they lead to; some NULLs
INSERT INTO every_type
SELECT row_number() OVER (ORDER BY t.p), s.square, s.piece, m.move, t.p,
       (SELECT array_agg(square) FROM pieces(t.p)),
       (SELECT array_agg(piece) FROM pieces(t.p)),
       (SELECT array_agg(x) FROM legal_moves(t.p) AS x),
       (SELECT array_agg(s."position") FROM successors(t.p) AS s)
FROM (WITH RECURSIVE tree(p, d) AS (
		SELECT start_position(), 0
		UNION ALL SELECT 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 1
		UNION ALL SELECT s."position", d + 1 FROM tree, successors(tree.p) s WHERE d < 3)
	  SELECT DISTINCT p FROM tree WHERE d = 3) t
CROSS JOIN LATERAL (SELECT * FROM pieces(t.p) ORDER BY square LIMIT 1) s
CROSS JOIN LATERAL (SELECT x AS move FROM legal_moves(t.p) AS x LIMIT 1) m;
INSERT INTO every_type (id) VALUES (0);
UPDATE every_type SET sqs = sqs || NULL::square, ms = NULL WHERE id % 97 = 0;
CREATE INDEX ON every_type (sq);
CREATE INDEX ON every_type (pc);
CREATE INDEX ON every_type (m);
CREATE INDEX ON every_type (p);
CREATE INDEX ON every_type USING hash (sq);
CREATE INDEX ON every_type USING hash (pc);
CREATE INDEX ON every_type USING hash (m);
CREATE INDEX ON every_type USING hash (p);
SQL
	check "$(q -d "$1" -c "SELECT count(*) > 8000 FROM every_type")" "t" \
		"the table to dump has $(q -d "$1" -c "SELECT count(*) FROM every_type") rows"
}

# amcheck and index scans on a restored database
check_restored() {
	check "$(q -d "$1" <<'SQL'
CREATE EXTENSION IF NOT EXISTS amcheck;
SELECT count(*) FROM (
	SELECT bt_index_check(index => i.indexrelid, heapallindexed => true)
	FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_am a ON a.oid = c.relam
	WHERE i.indrelid = 'every_type'::regclass AND a.amname = 'btree') x;
SQL
)" "5" "amcheck: the 5 restored btree indexes are consistent with each other and the heap"
	scans() {
		q -d "$1" <<SQL
SET enable_seqscan = $2; SET enable_bitmapscan = $2; SET enable_indexscan = $3;
SELECT string_agg(x::text, ',') FROM (
	SELECT (SELECT count(*) FROM every_type WHERE sq = (SELECT sq FROM every_type WHERE id = 100))
	UNION ALL SELECT (SELECT count(*) FROM every_type WHERE pc = 'R')
	UNION ALL SELECT (SELECT count(*) FROM every_type WHERE m = (SELECT m FROM every_type WHERE id = 100))
	UNION ALL SELECT (SELECT count(*) FROM every_type WHERE p = (SELECT p FROM every_type WHERE id = 100))
	UNION ALL SELECT (SELECT count(*) FROM every_type WHERE p > (SELECT p FROM every_type WHERE id = 100))
	UNION ALL SELECT (SELECT count(*) FROM every_type WHERE m < 'e2e4')) s(x);
SQL
	}
	check "$(scans "$1" on off)" "$(scans "$1" off on)" \
		"index scans (btree and hash) find the rows sequential scans find: $(scans "$1" on off)"
}

for db in chess_dump_src chess_dump_dst; do dropdb --if-exists "$db" >/dev/null 2>&1; done
case "${1:-}" in
	--export)
		make_table chess_dump_src && pg_dump -Fc -d chess_dump_src -f "$2" && rows_text chess_dump_src >"$3"
		check "$?" "0" "pg_dump -Fc of a table of every type ($(wc -l <"$3") rows)"
		dropdb chess_dump_src
		;;
	--import)
		createdb chess_dump_dst && pg_restore -d chess_dump_dst "$2"
		check "$?" "0" "pg_restore of that dump into PostgreSQL $(q -d chess_dump_dst -c 'SHOW server_version')"
		check "$(rows_text chess_dump_dst | sha256sum)" "$(sha256sum <"$3")" \
			"$(wc -l <"$3") rows of every type and array, equal as text to the rows dumped"
		check_restored chess_dump_dst
		dropdb chess_dump_dst
		;;
	*)
		work=$(mktemp -d)
		trap 'rm -rf "$work"' EXIT
		make_table chess_dump_src && createdb chess_dump_dst
		pg_dump -Fc -d chess_dump_src -f "$work/chess.dump" && pg_restore -d chess_dump_dst "$work/chess.dump" ||
			echo "!! pg_dump or pg_restore reported an error"
		check "$(rows_text chess_dump_src | sha256sum)" "$(rows_text chess_dump_dst | sha256sum)" \
			"pg_dump -Fc and pg_restore: every type and array, equal as text"
		check "$(rows_binary chess_dump_src)" "$(rows_binary chess_dump_dst)" \
			"... and the scalar columns equal as binary COPY"
		q -d chess_dump_dst -c "CREATE TABLE copied (LIKE every_type)"
		psql -X -q -d chess_dump_src -c "COPY every_type TO STDOUT (FORMAT binary)" |
			psql -X -q -v ON_ERROR_STOP=1 -d chess_dump_dst -c "COPY copied FROM STDIN (FORMAT binary)"
		check "$(rows_text chess_dump_src | sha256sum)" \
			"$(q -d chess_dump_dst -c "COPY (SELECT * FROM copied ORDER BY id) TO STDOUT" | sha256sum)" \
			"binary COPY out and in: equal as text"
		check_restored chess_dump_dst
		dropdb chess_dump_src
		dropdb chess_dump_dst
		;;
esac
echo "dump and restore: $passed passed, $failed failed"
((failed == 0))
