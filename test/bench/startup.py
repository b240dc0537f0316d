#!/usr/bin/python3
"""What the extension costs a new connection (issue 14): in fresh backends,
the time of a first query that needs no extension (SELECT 1) against a
first legal_moves() (loading chess.so included), median of 200 each,
interleaved.  Run by test/bench/startup.sh in a throwaway cluster."""
import statistics
import time

import psycopg

FEN = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
plain, chess = [], []
with psycopg.connect("") as c:
    c.execute("CREATE EXTENSION IF NOT EXISTS chess")
    c.commit()
for i in range(200):
    for query, times in (("SELECT count(*) FROM generate_series(1, 48)", plain),
                         (f"SELECT count(*) FROM legal_moves('{FEN}')", chess)):
        with psycopg.connect("") as c:
            c.execute("SELECT 1")   # the connection's own start-up is not timed
            t = time.perf_counter()
            c.execute(query).fetchall()
            times.append((time.perf_counter() - t) * 1000)
p, q = statistics.median(plain), statistics.median(chess)
print(f"first query of a new backend, median of 200: generate_series {p:.2f} ms, "
      f"legal_moves (loads chess.so) {q:.2f} ms; the extension adds {q - p:.2f} ms")
