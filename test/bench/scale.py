#!/usr/bin/python3
"""Beyond one core and one server (issue 12), on the benchmark corpus:

  1. parallel query on one server: the heavy scans and aggregates with no
     worker and with two (sequential scans: g @> position, g @> pattern,
     g @> balance, the explorer's expansion of games into position keys,
     material statistics);
  2. one server against a coordinator with two shards (postgres_fdw,
     examples/coordinator.sql): the import (PGN to indexed tables: the
     client loader examples/load_pgn.py in two sessions, then one session
     on the server) and the searches, counts by result, the opening prefix.

usage: scale.py CORPUS.pgn SINGLE COORDINATOR SHARD...   (conninfos;
test/bench/scale.sh starts the servers).  Prints tables with ratios."""
import subprocess
import sys
import time

import psycopg

corpus, single_dsn, coord_dsn = sys.argv[1:4]
shard_dsns = sys.argv[4:]
# no prepared statements: a plan prepared under section 1's settings
# (sequential scans) would be reused in section 2
single = psycopg.connect(single_dsn, autocommit=True, prepare_threshold=None)
coord = psycopg.connect(coord_dsn, autocommit=True, prepare_threshold=None)


def best_ms(conn, sql, runs=3):
    best, result = None, None
    for _ in range(runs):
        t = time.perf_counter()
        result = conn.execute(sql).fetchall()
        ms = (time.perf_counter() - t) * 1000
        best = ms if best is None else min(best, ms)
    return best, result


def timed(conn, sql):
    t = time.perf_counter()
    conn.execute(sql)
    return time.perf_counter() - t


def client_load(dsn):
    """The corpus through examples/load_pgn.py --jobs 2 --source, from
    standard input; the seconds it took; then the tables emptied."""
    with open(corpus, "rb") as f:
        t = time.perf_counter()
        subprocess.run([sys.executable, "examples/load_pgn.py", "--dsn", dsn, "--jobs", "2",
                        "--source", "bench"], stdin=f, stdout=subprocess.DEVNULL, check=True)
        seconds = time.perf_counter() - t
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute("TRUNCATE games, load_batches")
    return seconds


s_client = client_load(single_dsn)
c_client = client_load(coord_dsn)
sicilian = "rnbqkbnr/pp2pppp/3p4/2p5/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 0 3"
load = f"INSERT INTO games (tags, result, g) SELECT tags, result, value FROM pgn_games_file('{corpus}') ORDER BY game"
s_load = timed(single, load)
c_load = timed(coord, load)
n = single.execute("SELECT count(*) FROM games").fetchone()[0]
# the GIN indexes' pending lists merged, statistics everywhere (not timed)
single.execute("VACUUM ANALYZE games")
for dsn in shard_dsns:
    with psycopg.connect(dsn, autocommit=True) as shard:
        shard.execute("VACUUM ANALYZE games")
coord.execute("ANALYZE games")
print(f"{n} games")
print()
if n > 100000:
    print("== 1. parallel query: measured on 100,000 games (bash test/bench/scale.sh)")
    parallel = []
else:
    print("== 1. parallel query on one server (sequential scans; best of 3)")
single.execute("SET enable_bitmapscan = off")
single.execute("SET enable_indexscan = off")
parallel = [] if n > 100000 else [
    ("g @> position (Sicilian)", f"SELECT count(*) FROM games WHERE g @> '{sicilian}'::\"position\""),
    ("g @> pattern", "SELECT count(*) FROM games WHERE g @> '8/8/5n2/3P4/4P3/8/8/8'::pattern"),
    ("g @> balance", "SELECT count(*) FROM games WHERE g @> 'KRBvKR'::balance"),
    ("explorer keys (positions of every game)",
     "SELECT count(*) FROM (SELECT polyglot_key(p.\"position\") FROM games, positions(games.g) AS p "
     "WHERE p.next IS NOT NULL GROUP BY 1 HAVING count(*) > 1) AS s"),
    ("material statistics", "SELECT material(final(g)), count(*) FROM games GROUP BY 1"),
]
if parallel:
    print("| query | no worker, ms | 2 workers, ms | speedup | rows |")
    print("|---|---|---|---|---|")
for label, q in parallel:
    single.execute("SET max_parallel_workers_per_gather = 0")
    t0, r0 = best_ms(single, q)
    single.execute("SET max_parallel_workers_per_gather = 2")
    t2, r2 = best_ms(single, q)
    assert sorted(r0) == sorted(r2), label
    print(f"| {label} | {t0:,.0f} | {t2:,.0f} | {t0 / t2:.2f}x | {len(r0) if len(r0) > 1 else r0[0][0]} |")
single.execute("RESET ALL")

print()
print("== 2. one server against a coordinator and two shards (same machine; best of 3)")
print(f"import, PGN to indexed tables: one server {s_load:.1f} s ({n / s_load:,.0f} games/s), "
      f"sharded {c_load:.1f} s ({n / c_load:,.0f} games/s), {s_load / c_load:.2f}x")
print(f"the client loader, --jobs 2: one server {s_client:.1f} s ({n / s_client:,.0f} games/s), "
      f"sharded {c_client:.1f} s ({n / c_client:,.0f} games/s), {s_client / c_client:.2f}x")
print("| query | one server, ms | sharded, ms | ratio | answer |")
print("|---|---|---|---|---|")
searches = [
    ("g @> position (Sicilian), count", f"SELECT count(*) FROM games WHERE g @> '{sicilian}'::\"position\""),
    ("g @> position (none reach it), count",
     "SELECT count(*) FROM games WHERE g @> 'r1b1kb1r/p2nqppp/5n2/1B2p1B1/4P3/1Q6/PPP2PPP/2KR3R w kq - 0 13'::\"position\""),
    ("g @> pattern, count", "SELECT count(*) FROM games WHERE g @> '8/8/5n2/3P4/4P3/8/8/8'::pattern"),
    ("g @> balance, count", "SELECT count(*) FROM games WHERE g @> 'KRBvKR'::balance OR g @> 'KRvKRB'::balance"),
    ("opening prefix, count", "SELECT count(*) FROM games WHERE mainline(g) ^@ '1. e4 c5 2. Nf3 d6 3. d4'"),
    ("counts by result", "SELECT result, count(*) FROM games GROUP BY result ORDER BY result"),
]
by_shard = ("SELECT result, sum(n) FROM (SELECT result, count(*) AS n FROM games_shard1 GROUP BY result "
            "UNION ALL SELECT result, count(*) FROM games_shard2 GROUP BY result) AS s GROUP BY result ORDER BY result")
for label, q in searches:
    ts, rs = best_ms(single, q)
    tc, rc = best_ms(coord, q)
    assert [tuple(map(str, r)) for r in rs] == [tuple(map(str, r)) for r in rc], label
    print(f"| {label} | {ts:,.1f} | {tc:,.1f} | {tc / ts:.2f}x | {rs[0][0] if len(rs) == 1 else str(len(rs)) + ' rows'} |")
tc, rc = best_ms(coord, by_shard)
print(f"| counts by result, each shard counting its own | | {tc:,.1f} | | {len(rc)} rows |")
