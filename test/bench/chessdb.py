#!/usr/bin/python3
"""The chess-database benchmark: the extension and Scid on the same games.

Usage: chessdb.py CORPUS.pgn POSITIONS.txt SCID_OUTPUT.txt [WORKERS [REPEATS [IMPORTS]]]
(libpq environment variables name the server, as pg_virtualenv sets them).

Imports the corpus into the games table of examples/chessdb.sql from the
client, WORKERS sessions at once (default 2), each reading its share of the
file with pgn_games(), 32 MB at a time, IMPORTS times (default 1), each
time after Scid's import of the same file (test/bench/scid-import.tcl), the
best of each compared: on a VM whose speed drifts, one import each minutes
apart compared the drift as much as the importers.  Then builds the
recipe's btree of openings, clusters the table on it and builds the two GIN
indexes (two sessions); then
times how long a parallel worker takes to start, and, best of REPEATS
(default 5; chessdb.sh gives Scid's harness the same count), exact
position search (count(*) WHERE g @> p, also with a serial plan), the
opening explorer (explore() after refreshing the recipe's materialized
view, and from the games alone), opening prefixes, three piece patterns and
a material search (also with a serial plan), and prints each figure beside Scid's (from
bench-scid.tcl's RESULT lines) with the ratio and whether the counts agree.
"""
import re
import subprocess
import sys
import tempfile
import threading
import time

import psycopg

corpus, positions_file, scid_file = sys.argv[1:4]
workers = int(sys.argv[4]) if len(sys.argv) > 4 else 2
repeats = int(sys.argv[5]) if len(sys.argv) > 5 else 5
imports = int(sys.argv[6]) if len(sys.argv) > 6 else 1


def scid_results(path):
    out = {"board": {}, "material": {}, "tree": {}}
    for line in open(path, encoding="utf-8", errors="replace"):
        fields = dict(re.findall(r"(\w+)=(\S+)", line))
        if line.startswith("SCIDTREE "):
            # test/bench/scid-tree.tcl: the tree's two steps to the microsecond
            out["tree"][fields["label"]] = fields
            continue
        if not line.startswith("RESULT "):
            continue
        kind = line.split()[1]
        if kind == "import":
            out["import"] = fields
        elif kind == "dbsize":
            out["dbsize"] = fields
        elif kind == "board":
            out["board"][fields["label"]] = fields
        elif kind == "material":
            out["material"][fields["label"]] = fields
    return out


scid = scid_results(scid_file)
positions = [line.strip().split("|", 1) for line in open(positions_file) if "|" in line]


def best_ms(conn, sql, params=(), runs=None):
    runs = runs or repeats
    best = None
    result = None
    for _ in range(runs):
        t = time.perf_counter()
        result = conn.execute(sql, params).fetchall()
        ms = (time.perf_counter() - t) * 1000
        best = ms if best is None else min(best, ms)
    return best, result


def split_games(text, size):
    """Cut a PGN text at game boundaries (a line starting with [Event) into parts of about size characters."""
    parts = []
    start = 0
    while start < len(text):
        at = text.find("\n[Event ", start + size)
        end = at + 1 if at >= 0 else len(text)
        parts.append(text[start:end])
        start = end
    return parts


# each search planned for its value, as psql runs it: psycopg would prepare a
# statement run five times, and the five positions share one text
conn = psycopg.connect(autocommit=True, prepare_threshold=None)
conn.execute("SET jit = off")
conn.execute("DROP TABLE IF EXISTS explorer, explorer_pending, explorer_state")
conn.execute("DROP FUNCTION IF EXISTS explore, explorer_rebuild, explorer_fold, explorer_games_changed, explorer_games_stale, "
             "explorer_triggers, explorer_defer CASCADE")
conn.execute("DROP TABLE IF EXISTS games, load_batches, load_rejects")
# the recipe of the README, its indexes built after the load (as for any bulk load)
# the recipe as psql runs it: its \ir of the explorer's file inlined
recipe = open("examples/chessdb.sql", encoding="utf-8").read()
recipe = re.sub(r"^\\ir (\S+)$", lambda m: open("examples/" + m.group(1), encoding="utf-8").read(),
                    recipe, flags=re.M)
conn.execute(recipe)
conn.execute("DROP INDEX games_positions, games_patterns, games_openings")
# the recipe's own CREATE INDEX statements, run again after the load
recipe_index = {name: re.search(rf"^CREATE INDEX {name} ON .*?;", recipe, re.M).group(0)
                for name in ("games_positions", "games_patterns", "games_openings")}
text = open(corpus, encoding="utf-8").read()
# WORKERS sessions, each taking its share in parts of at most about 32 MB
rounds = -(-len(text) // (workers * (32 << 20)))
chunks = split_games(text, len(text) // (workers * rounds) + 1)
del text
errors = []


def in_session(statements, done):
    try:
        with psycopg.connect(autocommit=True) as c:
            c.execute("SET maintenance_work_mem = '1GB'")
            for sql, params in statements:
                c.execute(sql, params)
                done.append(time.perf_counter())
    except Exception as e:  # reported below
        errors.append(e)


def parallel(jobs):
    """Runs each job (a list of statements) in a session of its own; when each statement ended."""
    done = [[] for _ in jobs]
    threads = [threading.Thread(target=in_session, args=(job, d)) for job, d in zip(jobs, done)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    if errors:
        raise errors[0]
    return done


def scid_import():
    """Scid's import of the corpus, by itself: its games a second."""
    with tempfile.TemporaryDirectory() as scratch:
        out = subprocess.run(["/usr/games/tkscid", "test/bench/scid-import.tcl", corpus, f"{scratch}/scid"],
                             capture_output=True, text=True, check=True).stdout
    return float(re.search(r"^RESULT import .*games_per_s=(\S+)", out, re.M).group(1))


def pgn_extract_seconds():
    """pgn-extract reading the corpus and checking every move (-s: silent), one process."""
    t = time.perf_counter()
    subprocess.run(["/usr/games/pgn-extract", "-s", "-o", "/dev/null", corpus], capture_output=True, check=True)
    return time.perf_counter() - t


# Scid's import and ours in turn, IMPORTS times: the best of each; and the
# work of one core, each round: pgn-extract's check of the file, then our
# import in one session (games a second per core, issue 31's measure).
# What the server does after an import (its checkpoint, autovacuum's
# analyze of the new rows) must not run through Scid's next one.
scid_best = 0.0
import_best = None
one_best = None
extract_best = None
conn.execute("ALTER TABLE games SET (autovacuum_enabled = false)")
for i in range(imports):
    conn.execute("CHECKPOINT")
    extract_now = pgn_extract_seconds()
    conn.execute("TRUNCATE games")
    t0 = time.perf_counter()
    parallel([[("INSERT INTO games (tags, result, g) SELECT tags, result, value FROM pgn_games(%s)", (chunk,))
               for chunk in chunks]])
    one_now = time.perf_counter() - t0
    extract_best = extract_now if extract_best is None else min(extract_best, extract_now)
    one_best = one_now if one_best is None else min(one_best, one_now)
    print(f"one core {i + 1} of {imports}: pgn-extract -s {extract_now:.2f} s, then chess in one session "
          f"{one_now:.2f} s", flush=True)
    conn.execute("CHECKPOINT")
    scid_gps_now = scid_import()
    conn.execute("TRUNCATE games")
    t0 = time.perf_counter()
    parallel([[("INSERT INTO games (tags, result, g) SELECT tags, result, value FROM pgn_games(%s)", (chunk,))
               for chunk in chunks[w::workers]] for w in range(workers)])
    t1 = time.perf_counter()
    scid_best = max(scid_best, scid_gps_now)
    import_best = t1 - t0 if import_best is None else min(import_best, t1 - t0)
    print(f"import {i + 1} of {imports}: Scid {scid_gps_now:,.0f} games/s, then chess {t1 - t0:.2f} s", flush=True)
conn.execute("ALTER TABLE games RESET (autovacuum_enabled)")
# the btree of openings, the table clustered on it (the README's advice after
# a bulk load: the games of an opening share pages), then the two GIN
# indexes in two sessions at once (CREATE INDEX takes a share lock)
parallel([[(recipe_index["games_openings"], ()),
           ("CLUSTER games USING games_openings", ())]])
t_cluster = time.perf_counter()
ended = parallel([[(recipe_index["games_positions"], ())],
                  [(recipe_index["games_patterns"], ())]])
t_positions = ended[0][0]
t_patterns = ended[1][0]
t2 = time.perf_counter()
conn.execute("VACUUM ANALYZE games")
# the index builds wrote a gigabyte at a million games: their checkpoint ran
# through the first searches (about 9 ms each, against 0.4 after it)
conn.execute("CHECKPOINT")
ngames, nplies, gbytes = conn.execute(
    "SELECT count(*), sum(plies(g)), sum(pg_column_size(g)) FROM games").fetchone()
index_bytes = conn.execute("SELECT pg_relation_size('games_positions')").fetchone()[0]
pattern_bytes = conn.execute("SELECT pg_relation_size('games_patterns')").fetchone()[0]
table_bytes = conn.execute("SELECT pg_table_size('games')").fetchone()[0]

rows = []


def row(measure, ours, theirs, count_ours=None, count_theirs=None, unit="ms"):
    ratio = (theirs / ours) if ours and theirs else None
    agree = ("" if count_ours is None or count_theirs is None
             else "yes" if str(count_ours) == str(count_theirs) else "NO")
    rows.append((measure, ours, theirs, ratio, count_ours, count_theirs, agree, unit))


# the best of the imports, and the builds (once, after the last import)
scid_gps = scid_best
row(f"import, games/s (parse, validate, insert; best of {imports})", ngames / import_best, scid_gps, ngames,
    scid.get("import", {}).get("games"), unit="games/s")
row(f"import in one session, games/s (best of {imports}; the other: pgn-extract -s)", ngames / one_best,
    ngames / extract_best, unit="games/s")
row(f"import in one session, games/s (best of {imports}; the other: Scid, one process)", ngames / one_best,
    scid_gps, unit="games/s")
row("import, games/s (clustered, with the GIN index of positions built)",
    ngames / (import_best + t_positions - t1), scid_gps, unit="games/s")
row("import, games/s (with the three indexes built)", ngames / (import_best + t2 - t1), scid_gps, unit="games/s")
scid_bytes = float(scid.get("dbsize", {}).get("bytes", 0))
row("moves, bytes/ply (game values; Scid: its whole database)", gbytes / nplies,
    scid_bytes / nplies if scid_bytes else None, unit="B/ply")
print(f"games: {ngames}, plies: {nplies}, game values {gbytes} bytes ({gbytes / nplies:.2f} B/ply), "
      f"table {table_bytes} bytes, GIN index {index_bytes} bytes ({index_bytes / (nplies + ngames):.1f} B/position), "
      f"pattern index {pattern_bytes} bytes; the btree and CLUSTER in {t_cluster - t1:.1f} s, "
      f"the GIN index of positions in {t_positions - t_cluster:.1f} s, "
      f"the pattern index in {t_patterns - t_cluster:.1f} s ({recipe_index['games_patterns']}), "
      f"the three indexes in {t2 - t1:.1f} s (the GIN ones in two sessions)")

# what a parallel plan's worker costs to start on this machine (a process
# fork: a few milliseconds on some VMs, where the planner's default
# parallel_setup_cost assumes far less): the searches that a parallel plan
# may serve are timed both ways
ms_plain, _ = best_ms(conn, "SELECT 1")
conn.execute("SET force_parallel_mode = on")
ms_worker, _ = best_ms(conn, "SELECT 1")
conn.execute("RESET force_parallel_mode")
print(f"a parallel worker's start: {ms_worker - ms_plain:.1f} ms (SELECT 1 with force_parallel_mode on: "
      f"{ms_worker:.2f} ms, off: {ms_plain:.2f} ms)")


def both_ways(label, sql, params, theirs, count_theirs):
    ms, res = best_ms(conn, sql, params)
    row(label, ms, theirs, res[0][0], count_theirs)
    conn.execute("SET max_parallel_workers_per_gather = 0")
    ms, res = best_ms(conn, sql, params)
    conn.execute("RESET max_parallel_workers_per_gather")
    row(f"{label}, serial plan", ms, theirs, res[0][0], count_theirs)


# exact position search
for label, fen in positions:
    s = scid["board"].get(label, {})
    theirs = min(float(s.get("sc_search_board_ms", 1e9)), float(s.get("filter_search_board_ms", 1e9)))
    both_ways(f"g @> p: {label}", "SELECT count(*) FROM games WHERE g @> %s::text::\"position\"", (fen,),
              theirs if theirs < 1e9 else None, s.get("games_filter_search"))

# the opening explorer of the recipe: explore(p), from the explorer's rows
# for the positions two games or more reach, from the games for the rest;
# rebuilt as the recipe's loader does, with a gigabyte of each memory (the
# key filter takes a quarter of maintenance_work_mem: the default 64 MB
# lets nearly every key of a million games through: 364.8 s instead of 104.1)
t = time.perf_counter()
conn.execute("SET work_mem = '1GB'")
conn.execute("SET maintenance_work_mem = '1GB'")
conn.execute("SELECT explorer_rebuild()")
conn.execute("VACUUM ANALYZE explorer")
conn.execute("RESET work_mem")
conn.execute("RESET maintenance_work_mem")
t_explorer = time.perf_counter() - t
explorer_bytes, explorer_rows = conn.execute(
    "SELECT pg_total_relation_size('explorer'), (SELECT count(*) FROM explorer)").fetchone()
print(f"explorer: refreshed in {t_explorer:.1f} s, {explorer_rows} rows, {explorer_bytes} bytes with its index")
for label, fen in positions:
    ms, res = best_ms(conn, "SELECT move, games, white, draws, black FROM explore(%s::text::\"position\") "
                      "ORDER BY games DESC, move", (fen,))
    ms2, res2 = best_ms(conn, "SELECT m, count(*), count(*) FILTER (WHERE result = '1-0'), "
                        "count(*) FILTER (WHERE result = '1/2-1/2'), count(*) FILTER (WHERE result = '0-1') "
                        "FROM games, LATERAL (SELECT DISTINCT m FROM next_moves(g, %s::text::\"position\") AS m) AS s "
                        "WHERE g @> %s::text::\"position\" GROUP BY m ORDER BY 2 DESC, 1", (fen, fen), runs=3)
    s = scid["board"].get(label, {})
    tree = scid["tree"].get(label, {})
    total = sum(r[1] for r in res)
    row(f"explorer, explore(p): {label} ({total} games a move; Scid: its tree's statistics)", ms,
        float(tree["stats_ms"]) if tree else None, f"{len(res)} moves", f"{s.get('moves')} moves")
    row(f"explorer from the games alone: {label} (Scid: its tree)", ms2,
        float(tree["tree_total_ms"]) if tree else None, f"{len(res2)} moves", f"{s.get('moves')} moves")
    if [tuple(r) for r in res] != [tuple(r) for r in res2]:
        print(f"!! explore() and the games disagree on {label}")

# the explorer in the server alone (EXPLAIN ANALYZE's execution time: Scid's
# tree statistics are timed inside its process too), with and without
# filters: every combination of a speed, a rating band of the mover and a
# range of months (the corpus has no TimeControl: a speed filter finds no
# game, as for a database of games without one)
def server_ms(sql, params, runs=None):
    best = None
    for _ in range(runs or max(repeats, 20)):
        plan = conn.execute("EXPLAIN (ANALYZE, TIMING OFF, SUMMARY ON) " + sql, params).fetchall()
        ms = float(next(r[0] for r in plan if r[0].startswith("Execution Time")).split()[2])
        best = ms if best is None else min(best, ms)
    return best


filters = [("no filter", ""), ("speed", ", speeds => '{blitz,rapid}'"),
           ("rating band", ", min_rating => 1600, max_rating => 2000"),
           ("months", ", since => '2005-03-01', until => '2012-08-31'"),
           ("all three", ", speeds => '{blitz,rapid}', min_rating => 1600, max_rating => 2000, "
                         "since => '2005-03-01', until => '2012-08-31'"),
           ("band and months", ", min_rating => 2000, since => '1995-01-01', until => '2019-12-31'")]
# Scid's figures are scid-tree.tcl's, to the microsecond (bench-scid.tcl prints
# tenths: 0.1 ms for both the rare position's statistics and ours at 0.06-0.11):
# the tree's statistics step alone (the search that finds its games before
# it left out, as the figures have it), and the tree whole
for label, fen in positions:
    s = scid["tree"].get(label, {})
    for name, args in filters:
        ms = server_ms(f"SELECT * FROM explore(%s::text::\"position\"{args})", (fen,))
        row(f"explorer in the server: {label}, {name}" + (" (Scid: its tree's statistics)" if name == "no filter" else ""),
            ms, float(s["stats_ms"]) if s and name == "no filter" else None)
        if name == "no filter":
            row(f"explorer in the server: {label}, no filter (Scid: its tree, search and statistics)", ms,
                float(s["tree_total_ms"]) if s else None, None, None)

# opening prefix (Scid has no such search: no ratio)
for line in ("1. e4 c5 2. Nf3", "1. d4 Nf6 2. c4 e6 3. Nc3 Bb4"):
    ms, res = best_ms(conn, "SELECT count(*) FROM games WHERE mainline(g) ^@ %s::text::game", (line,))
    row(f"mainline(g) ^@ '{line}'", ms, None, res[0][0], None)

# patterns, as bench-scid.tcl has them
patterns = [("pattern_Pe4_Pd5_nf6", "8/8/5n2/3P4/4P3/8/8/8"),
            ("pattern_Nd5_Pe4_pd6", "8/8/3p4/3N4/4P3/8/8/8"),
            ("pattern_both_castled_short", "5rk1/8/8/8/8/8/8/5RK1")]
for label, pat in patterns:
    ms, res = best_ms(conn, "SELECT count(*) FROM games WHERE g @> %s::text::pattern", (pat,))
    s = scid["material"].get(label, {})
    row(f"g @> pattern {pat}", ms, float(s["ms"]) if s else None, res[0][0], s.get("games"))

# material: rook and bishop against rook, any pawns, either colour
s = scid["material"].get("RB_vs_R_pawns_either", {})
both_ways("material KRBP*vKRP* either colour", "SELECT count(*) FROM games WHERE g @> 'KRBP*vKRP*'::balance "
          "OR g @> flip('KRBP*vKRP*'::balance)", (), float(s["ms"]) if s else None, s.get("games"))
s = scid["material"].get("KRB_vs_KR_either", {})
both_ways("material KRBvKR either colour",
          "SELECT count(*) FROM games WHERE g @> 'KRBvKR'::balance OR g @> 'KRvKRB'::balance", (),
          float(s["ms"]) if s else None, s.get("games"))

print()
print("| measure | chess (PostgreSQL) | Scid | Scid / chess | rows: chess | rows: Scid | same |")
print("|---|---|---|---|---|---|---|")
for measure, ours, theirs, ratio, co, ct, agree, unit in rows:
    if unit == "games/s":
        ratio = ours / theirs if theirs else None
    fmt = (lambda v: "" if v is None else (f"{v:,.0f}" if unit == "games/s" else f"{v:.2f}"))
    print(f"| {measure} | {fmt(ours)} {unit} | {fmt(theirs)} | "
          f"{'' if ratio is None else f'{ratio:.2f}x'} | {'' if co is None else co} | "
          f"{'' if ct is None else ct} | {agree} |")
