#!/usr/bin/python3
"""The extension through real Python drivers: psycopg 3 and psycopg2.

Usage: clients.py   (libpq environment variables name a database in which
the extension is installed)

For each driver: every type in and out as text, arrays of move and square
both ways (a Python list into a move[] column, a move[] result as a Python
list with the README's lines that register the array types), parameters in
functions, server-side prepared statements, binary parameters and results
(psycopg 3), COPY in and out, and errors arriving with SQLSTATE, message
and detail.  Prints one line a check and "clients (python): N passed, M
failed".
"""
import io
import sys

import psycopg
import psycopg2
import psycopg2.extensions
import psycopg2.extras
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format
from psycopg.types import TypeInfo

passed = failed = 0


def check(name, got, want):
    global passed, failed
    if got == want:
        passed += 1
        print(f"ok    {name}")
    else:
        failed += 1
        print(f"FAIL  {name}: got {got!r}, want {want!r}")


START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
AFTER_E4 = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
VALUES = {"square": "e4", "piece": "n", "move": "e7e8q", '"position"': START, "fen": START,
          "game": "1. e4 e5 2. Nf3", "pattern": "8/8/5n2/8/4P3/8/8/8", "balance": "KRBvKR"}

# ---------------------------------------------------------------- psycopg 3
conn = psycopg.connect(autocommit=True)
conn.execute("DROP TABLE IF EXISTS client_t")
conn.execute('CREATE TABLE client_t (id serial, ms move[], sq square[], p "position", g game)')

# the README's lines: the array types arrive as lists of str
for name in ("move", "square", "piece"):
    TypeInfo.fetch(conn, name).register(conn)

for typ, text in VALUES.items():
    check(f"psycopg 3: {typ} in and out as text",
          conn.execute(f"SELECT %s::{typ}::text", (text,)).fetchone()[0], text)
conn.execute("INSERT INTO client_t (ms, sq, p, g) VALUES (%s, %s, %s, %s)",
             (["e2e4", "e7e5"], ["e4", "d5"], START, "1. e4"))
row = conn.execute("SELECT ms, sq, p, g FROM client_t").fetchone()
check("psycopg 3: a list into move[] and square[] columns, and back as lists",
      row, (["e2e4", "e7e5"], ["e4", "d5"], START, "1. e4"))
check("psycopg 3: move[] from a function as a list",
      conn.execute("SELECT moves('1. e4 e5'::game)").fetchone()[0], ["e2e4", "e7e5"])
check("psycopg 3: parameters in functions",
      conn.execute("SELECT play(%s, %s)::text, is_legal(%s, %s)", (START, "e4", START, "e2e5")).fetchone(),
      (AFTER_E4, False))
check("psycopg 3: a list as a move[] argument",
      conn.execute("SELECT game(%s::move[])::text", (["e2e4", "e7e5"],)).fetchone()[0], "1. e4 e5")
check("psycopg 3: a set-returning function",
      conn.execute("SELECT count(*) FROM legal_moves(%s)", (START,)).fetchone()[0], 20)
for i in range(7):  # psycopg 3 prepares a query on the server from its fifth run on
    got = conn.execute("SELECT perft(%s, %s)", (START, 2), prepare=True).fetchone()[0]
check("psycopg 3: a server-side prepared statement", got, 400)
check("psycopg 3: ... it was prepared on the server",
      conn.execute("SELECT count(*) > 0 FROM pg_prepared_statements WHERE statement LIKE %s",
                   ("%perft%",)).fetchone()[0], True)


class MoveBinaryDumper(Dumper):
    """A move as its binary form: 2 bytes, from << 6 | to, then 3 bits of promotion."""
    format = Format.BINARY

    def dump(self, obj):
        files = "abcdefgh"
        f = files.index(obj[0]) + 8 * (int(obj[1]) - 1)
        t = files.index(obj[2]) + 8 * (int(obj[3]) - 1)
        promo = " nbrq".index(obj[4]) + 1 if len(obj) > 4 else 0
        return ((f << 9) | (t << 3) | promo).to_bytes(2, "big")


class SquareBinaryLoader(Loader):
    format = Format.BINARY

    def load(self, data):
        n = bytes(data)[0]
        return "abcdefgh"[n % 8] + str(n // 8 + 1)


move_oid = TypeInfo.fetch(conn, "move").oid
square_oid = TypeInfo.fetch(conn, "square").oid
cur = conn.cursor(binary=True)
cur.adapters.register_loader(square_oid, SquareBinaryLoader)


class Move(str):
    pass


cur.adapters.register_dumper(Move, MoveBinaryDumper)
MoveBinaryDumper.oid = move_oid
cur.execute("SELECT to_square(%b), from_square(%b)", (Move("e7e8q"), Move("g1f3")))
check("psycopg 3: binary parameters and binary results", cur.fetchone(), ("e8", "g1"))

with conn.cursor() as c:
    with c.copy("COPY client_t (ms, sq, p, g) FROM STDIN") as copy:
        copy.write_row((["d2d4"], ["a1"], AFTER_E4, "1. d4 d5"))
    with c.copy("COPY (SELECT ms, p, g FROM client_t ORDER BY id) TO STDOUT") as copy:
        rows = [r for r in copy.rows()]
check("psycopg 3: COPY in and out (text)", rows,
      [("{e2e4,e7e5}", START, "1. e4"), ("{d2d4}", AFTER_E4, "1. d4 d5")])
with conn.cursor() as c:
    with c.copy("COPY (SELECT sq FROM client_t ORDER BY id) TO STDOUT (FORMAT binary)") as copy:
        data = b"".join(bytes(b) for b in copy)
    conn.execute("CREATE TEMP TABLE client_copy (sq square[])")
    with c.copy("COPY client_copy FROM STDIN (FORMAT binary)") as copy:
        copy.write(data)
check("psycopg 3: binary COPY out and in",
      conn.execute("SELECT array_agg(sq::text ORDER BY sq::text) FROM client_copy").fetchone()[0],
      ["{a1}", "{e4,d5}"])

try:
    conn.execute("SELECT play(%s, %s)", (START, "Ke3"))
    check("psycopg 3: an illegal move raises", None, "an error")
except psycopg.Error as e:
    check("psycopg 3: error SQLSTATE, message and detail",
          (e.sqlstate, e.diag.message_primary, e.diag.message_detail),
          ("22023", f"illegal move Ke3 in position {START}", "No white king can move to e3."))
try:
    conn.execute("SELECT %s::fen", ("not a fen",))
    check("psycopg 3: a bad literal raises", None, "an error")
except psycopg.Error as e:
    check("psycopg 3: a bad literal: 22P02", e.sqlstate, "22P02")
conn.execute("DROP TABLE client_t")
conn.close()

# ---------------------------------------------------------------- psycopg2
conn2 = psycopg2.connect("")
conn2.autocommit = True
c2 = conn2.cursor()
c2.execute('CREATE TABLE client_t (id serial, ms move[], sq square[], p "position", g game)')
# the README's lines: the array types arrive as lists of str
c2.execute("SELECT typarray FROM pg_type WHERE typname IN ('move', 'square', 'piece')")
psycopg2.extensions.register_type(psycopg2.extensions.new_array_type(
    tuple(r[0] for r in c2.fetchall()), "CHESS_ARRAY", psycopg2.STRING), conn2)

for typ, text in VALUES.items():
    c2.execute(f"SELECT %s::{typ}::text", (text,))
    check(f"psycopg2: {typ} in and out as text", c2.fetchone()[0], text)
c2.execute("INSERT INTO client_t (ms, sq, p, g) VALUES (%s, %s, %s, %s)",
           (["e2e4", "e7e5"], ["e4", "d5"], START, "1. e4"))
c2.execute("SELECT ms, sq, p, g FROM client_t")
check("psycopg2: a list into move[] and square[] columns, and back as lists",
      c2.fetchone(), (["e2e4", "e7e5"], ["e4", "d5"], START, "1. e4"))
c2.execute("SELECT play(%s, %s), is_legal(%s, %s)", (START, "e4", START, "e2e5"))
check("psycopg2: parameters in functions", c2.fetchone(), (AFTER_E4, False))
c2.execute("PREPARE perft_plan (fen, integer) AS SELECT perft($1, $2)")
c2.execute("EXECUTE perft_plan (%s, %s)", (START, 3))
check("psycopg2: a server-side prepared statement", c2.fetchone()[0], 8902)
psycopg2.extras.execute_values(c2, "INSERT INTO client_t (ms) VALUES %s", [(["g1f3"],), (["b1c3", "b8c6"],)])
c2.execute("SELECT count(*) FROM client_t WHERE ms IS NOT NULL")
check("psycopg2: execute_values with lists", c2.fetchone()[0], 3)
c2.copy_expert("COPY client_t (p) FROM STDIN", io.StringIO(AFTER_E4 + "\n"))
out = io.StringIO()
c2.copy_expert("COPY (SELECT p FROM client_t WHERE p IS NOT NULL ORDER BY id) TO STDOUT", out)
check("psycopg2: COPY in and out", out.getvalue(), f"{START}\n{AFTER_E4}\n")
try:
    c2.execute("SELECT play(%s, %s)", (START, "Ke3"))
    check("psycopg2: an illegal move raises", None, "an error")
except psycopg2.Error as e:
    check("psycopg2: error SQLSTATE, message and detail",
          (e.pgcode, e.diag.message_primary, e.diag.message_detail),
          ("22023", f"illegal move Ke3 in position {START}", "No white king can move to e3."))
c2.execute("DROP TABLE client_t")
conn2.close()

print(f"clients (python): {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
