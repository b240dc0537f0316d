#!/usr/bin/python3
"""One side of test/bench/compare.sh: the extension as installed now, on a
corpus, timed.  Prints "RESULT name milliseconds" lines (and the counts the
searches found, which both sides must agree on).

Usage: compare.py CORPUS.pgn POSITIONS.txt REPEATS   (libpq environment
variables name the server, a throwaway one: the database's public schema
is dropped and made anew).

What it times, each the best of REPEATS (a build or an import, once):
  perft        perft 5 of the start, perft 4 of Kiwipete (SQL perft())
  import       pgn_games_file() of the corpus into a table, in one session
  index        the GIN index of positions, of patterns (pairs), the btree
  explorer     the explorer built (REFRESH or explorer_rebuild(): every game read)
  position     count(*) WHERE g @> p for the corpus's five positions, through
               the index, and the most popular one by a sequential scan
               (every game read up to the position)
  pattern      three patterns through the index (pairs), one by a scan
  balance      a material query through the index, and by a scan
  prefix       g ^@ a three-move opening through the btree
"""
import os
import re
import sys
import time

import psycopg

corpus, positions_file, repeats = sys.argv[1], sys.argv[2], int(sys.argv[3])
positions = [line.strip().split("|", 1) for line in open(positions_file) if "|" in line]
PATTERNS = ["8/8/5n2/3P4/4P3/8/8/8", "8/8/3p4/3N4/4P3/8/8/8", "6k1/5r2/8/8/8/8/8/5RK1"]
BALANCE = "KRBP*vKRP*"


def result(name, ms, count=None):
    print(f"RESULT {name} {ms:.2f}" + ("" if count is None else f" {count}"), flush=True)


def best(conn, sql, params=(), runs=None):
    runs = runs or repeats
    top = None
    rows = None
    for _ in range(runs):
        t = time.perf_counter()
        rows = conn.execute(sql, params).fetchall()
        ms = (time.perf_counter() - t) * 1000
        top = ms if top is None else min(top, ms)
    return top, rows


def once(conn, sql, params=()):
    t = time.perf_counter()
    conn.execute(sql, params)
    return (time.perf_counter() - t) * 1000


with psycopg.connect(autocommit=True, prepare_threshold=None) as conn:
    conn.execute("SET jit = off")
    conn.execute("SET max_parallel_workers_per_gather = 0")
    conn.execute("SET maintenance_work_mem = '1GB'")
    # the table first: DROP EXTENSION ... CASCADE fails while an index of an
    # operator class with options (game_pattern_ops (pairs = true)) exists,
    # a PostgreSQL bug pg_trgm's gist_trgm_ops (siglen) shares
    conn.execute("DROP TABLE IF EXISTS games, load_batches, load_rejects CASCADE")
    # then everything the other revision's recipe made (0.10.0's explorer is
    # tables and functions, which DROP EXTENSION ... CASCADE leaves or cuts
    # down to their columns of other types), the extension with it
    conn.execute("DROP SCHEMA IF EXISTS public CASCADE; CREATE SCHEMA public")
    conn.execute("CREATE EXTENSION chess")

    ms, rows = best(conn, "SELECT perft(start_position(), 5)")
    result("perft_start_5", ms, rows[0][0])
    ms, rows = best(conn, "SELECT perft('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1', 4)")
    result("perft_kiwipete_4", ms, rows[0][0])

    recipe = open("examples/chessdb.sql", encoding="utf-8").read()
    recipe = re.sub(r"^\\ir (\S+)$", lambda m: open("examples/" + m.group(1), encoding="utf-8").read(),
                    recipe, flags=re.M)
    # 0.8.0 has no mainline(): its recipe's index of openings, on g
    recipe = recipe.replace("games_openings ON games (mainline(g))", "games_openings ON games (g)")
    conn.execute(recipe)
    conn.execute("DROP INDEX games_positions, games_patterns, games_openings")
    # the same work before and after: the recipe's key of a game loaded
    # twice (0.10.0) is a hash and an index entry more a game
    conn.execute("ALTER TABLE games DROP COLUMN IF EXISTS game_key")
    # and its explorer's statement triggers, whose transition table keeps a
    # copy of every row inserted (even while the explorer is not built)
    for trigger in ("explorer_insert", "explorer_delete", "explorer_update", "explorer_truncate"):
        conn.execute(f"DROP TRIGGER IF EXISTS {trigger} ON games")
    ms = once(conn, "INSERT INTO games (tags, result, g) SELECT tags, result, value FROM pgn_games_file(%s)",
              (corpus,))
    count = conn.execute("SELECT count(*) FROM games").fetchone()[0]
    result("import", ms, count)
    if os.environ.get("CHESS_BENCH_ONLY") == "import":
        sys.exit(0)
    conn.execute("VACUUM ANALYZE games")
    for name in ("games_positions", "games_patterns", "games_openings"):
        sql = re.search(rf"^CREATE INDEX {name} ON .*?;", recipe, re.M).group(0)
        result("index_" + name, once(conn, sql))
    conn.execute("ANALYZE games")
    # the explorer's recipe of each revision: a materialized view, or (from
    # 0.10.0) tables that explorer_rebuild() fills
    live = conn.execute("SELECT to_regprocedure('explorer_rebuild()') IS NOT NULL").fetchone()[0]
    ms = once(conn, "SELECT explorer_rebuild()" if live else "REFRESH MATERIALIZED VIEW explorer")
    result("explorer_refresh", ms,
           conn.execute("SELECT (SELECT count(*) FROM explorer) || '/' || sum(games) FROM explore(start_position())").fetchone()[0])

    for label, fen in positions:
        ms, rows = best(conn, 'SELECT count(*) FROM games WHERE g @> %s::"position"', (fen,))
        result("position_" + label, ms, rows[0][0])
    popular = next(fen for label, fen in positions if label.startswith("popular"))
    conn.execute("SET enable_bitmapscan = off")
    conn.execute("SET enable_indexscan = off")
    ms, rows = best(conn, 'SELECT count(*) FROM games WHERE g @> %s::"position"', (popular,), runs=max(1, repeats // 4))
    result("position_popular_scan", ms, rows[0][0])
    ms, rows = best(conn, "SELECT count(*) FROM games WHERE g @> %s::pattern", (PATTERNS[0],), runs=max(1, repeats // 4))
    result("pattern_1_scan", ms, rows[0][0])
    ms, rows = best(conn, "SELECT count(*) FROM games WHERE g @> %s::balance", (BALANCE,), runs=max(1, repeats // 4))
    result("balance_scan", ms, rows[0][0])
    conn.execute("RESET enable_bitmapscan")
    conn.execute("RESET enable_indexscan")
    for i, pattern in enumerate(PATTERNS, 1):
        ms, rows = best(conn, "SELECT count(*) FROM games WHERE g @> %s::pattern", (pattern,))
        result(f"pattern_{i}", ms, rows[0][0])
    ms, rows = best(conn, "SELECT count(*) FROM games WHERE g @> %s::balance", (BALANCE,))
    result("balance", ms, rows[0][0])
    ms, rows = best(conn, "SELECT count(*) FROM games WHERE g ^@ '1. e4 c5 2. Nf3'::game")
    result("prefix", ms, rows[0][0])
