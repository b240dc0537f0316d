#!/usr/bin/python3
"""Game queries against Scoutfish on the same games, in one run.

    python3 test/bench/query.py SCOUTFISH_DIR CORPUS [REPEATS]

Run by test/bench/query.sh inside a throwaway cluster (PG* variables).
Loads CORPUS into a table, builds both GIN operator classes of game, and
times each query kind: Scoutfish with one thread and with two (its own
"processing time"), ours serially (no index, no parallel workers), with two
parallel workers, and as the planner chooses with the indexes (EXPLAIN
ANALYZE's execution time); the best of REPEATS each.  The counts must
agree.  Prints a table with plies a second and the ratios; then our rules beyond
Scoutfish's against the closest queries Scoutfish can run (OURS).
"""
import json
import os
import shutil
import sys
import tempfile

import psycopg

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', 'differential'))
from scoutfish import Scout  # noqa: E402  (the differential test's driver of the binary)

QUERIES = [
    ('move', {'white-move': 'Nb7'}),
    ('move, list', {'black-move': ['O-O-O', 'Qd1']}),
    ('sequence of moves', {'sequence': [{'white-move': 'e4'}, {'black-move': 'c5'}, {'white-move': 'Nf3'}]}),
    ('streak', {'streak': [{'imbalance': 'vP'}, {'imbalance': 'vP'}, {'imbalance': 'vP'}]}),
    ('moved, captured', {'moved': 'NB', 'captured': 'Q'}),
    ('sub-fen', {'sub-fen': '8/8/p7/8/8/1B3N2/8/8'}),
    ('sub-fen, list', {'sub-fen': ['8/8/8/q7/8/8/8/8', '8/8/8/r7/8/8/8/8']}),
    ('material', {'material': 'KRPKR'}),
    ('material, late', {'material': ['KQKR', 'KRBKR']}),
    ('sub-fen then move', {'sequence': [{'sub-fen': 'r1bqkb1r/pppp1ppp/2n2n2/1B2p3/4P3/2N2N2/PPPP1PPP/R1BQK2R'},
                                        {'white-move': 'O-O'}]}),
]


# Beyond Scoutfish (doc/query.md): each of our rules with the closest
# query (or queries) Scoutfish can run, and whether the counts must agree.
# same-pawns is Scoutfish's exact material with the pawns as a sub-fen and
# the side to move (exact material leaves no room for another pawn); a
# manoeuvre is a sequence of moves with their from-squares (any pieces of
# that kind, so Scoutfish may count more games); "flip" is Scoutfish's query
# and its colours swapped, run one after the other (games found by both
# counted twice); the counts of CQL's filters have nothing to compare with.
OURS = [
    ('same-pawns', {'same-pawns': 'r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4'},
     [{'material': 'KQRRBBNNPPPPPPPPvKQRRBBNNPPPPPPPP', 'sub-fen': '8/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/8',
       'stm': 'white'}], True),
    ('manoeuvre', {'manoeuvre': 'Nf3-d2-f1-g3'},
     [{'sequence': [{'white-move': 'Nf3d2'}, {'white-move': 'Nd2f1'}, {'white-move': 'Nf1g3'}]}], False),
    ('flip, sub-fen', {'flip': True, 'sub-fen': '8/8/8/8/2B5/5N2/8/8'},
     [{'sub-fen': '8/8/8/8/2B5/5N2/8/8'}, {'sub-fen': '8/8/5n2/2b5/8/8/8/8'}], False),
    ('passed-pawns 3', {'passed-pawns': {'color': 'white', 'min': 3}}, [], False),
    ('pinned, checkers', {'pinned': {'color': 'black', 'min': 2}, 'checkers': 1}, [], False),
]


def timed(cur, sql, settings):
    for s in settings:
        cur.execute(s)
    cur.execute('EXPLAIN (ANALYZE, FORMAT JSON) ' + sql)
    plan = cur.fetchone()[0][0]
    cur.execute('RESET ALL')
    return plan['Execution Time'], plan['Plan']


def count_in(plan):
    """The rows a plan's aggregate counted over (its child's rows)."""
    node = plan
    while node.get('Plans') and node['Node Type'] in ('Aggregate', 'Gather', 'Finalize Aggregate'):
        node = node['Plans'][0]
    return node['Actual Rows'] * node.get('Actual Loops', 1)


def main():
    sfdir, corpus = sys.argv[1], sys.argv[2]
    repeats = int(sys.argv[3]) if len(sys.argv) > 3 else 3
    binary = os.path.join(os.path.abspath(sfdir), 'src', 'scoutfish')
    with tempfile.TemporaryDirectory() as tmp, psycopg.connect(autocommit=True) as conn, conn.cursor() as cur:
        pgn = os.path.join(tmp, 'games.pgn')
        shutil.copy(corpus, pgn)
        os.chmod(tmp, 0o755)
        os.chmod(pgn, 0o644)
        cur.execute("CREATE TABLE games AS SELECT game, result, value AS g FROM pgn_games_file(%s)", (pgn,))
        cur.execute("ALTER TABLE games SET (parallel_workers = 2)")
        cur.execute("CREATE INDEX ON games USING gin (g)")
        cur.execute("CREATE INDEX ON games USING gin (g game_pattern_ops)")
        cur.execute("VACUUM ANALYZE games")
        cur.execute("SELECT count(*), sum(plies(g)) FROM games")
        ngames, plies = cur.fetchone()
        print('%d games, %d plies; best of %d' % (ngames, plies, repeats))
        scouts = {t: Scout(binary, pgn, t) for t in (1, 2)}
        # ratios are Scoutfish's time over ours (above 1: ours is faster); plies a
        # second are the corpus's plies over the time (both sides stop a game at
        # its match, and we stop one that can no longer match)
        fmt = '%-20s %7s | %9s %9s | %9s %9s %9s | %6s %6s %6s | %7s %7s'
        print(fmt % ('query', 'games', 'SF 1 thr', 'SF 2 thr', 'ours 1', 'ours 2', 'index', '1:1', '2:2', 'index',
                     'SF M/s', 'ours M/s'))
        print(fmt % ('', '', 'ms', 'ms', 'ms', 'ms', 'ms', 'ratio', 'ratio', 'vs SF1', 'plies', 'plies'))
        bad = 0
        for name, q in QUERIES:
            sf = {}
            for t, s in scouts.items():
                best = None
                for _ in range(repeats):
                    r = s.scout(q)
                    best = min(best or 1e18, r['processing time (ms)'])
                sf[t] = (best, r['match count'], r['moves'])
            sql = "SELECT count(*) FROM games WHERE g @@ '%s'" % json.dumps(q).replace("'", "''")
            ours = {}
            for label, settings in (
                    ('serial', ['SET max_parallel_workers_per_gather = 0', 'SET enable_bitmapscan = off',
                                'SET enable_indexscan = off']),
                    ('parallel', ['SET max_parallel_workers_per_gather = 2', 'SET enable_bitmapscan = off',
                                  'SET enable_indexscan = off', 'SET parallel_setup_cost = 0',
                                  'SET parallel_tuple_cost = 0', 'SET min_parallel_table_scan_size = 0']),
                    ('index', ['SET max_parallel_workers_per_gather = 0'])):
                best = None
                for _ in range(repeats):
                    ms, plan = timed(cur, sql, settings)
                    best = min(best or 1e18, ms)
                ours[label] = (best, count_in(plan))
            cur.execute(sql)
            n = cur.fetchone()[0]
            if n != sf[1][1]:
                bad += 1
                print('!! %s: Scoutfish %d games, ours %d' % (name, sf[1][1], n))
            print(fmt % (name, n, '%.0f' % sf[1][0], '%.0f' % sf[2][0], '%.0f' % ours['serial'][0],
                         '%.0f' % ours['parallel'][0], '%.1f' % ours['index'][0],
                         '%.2f' % (sf[1][0] / ours['serial'][0]), '%.2f' % (sf[2][0] / ours['parallel'][0]),
                         '%.1f' % (sf[1][0] / ours['index'][0]),
                         '%.1f' % (plies / sf[1][0] / 1000), '%.1f' % (plies / ours['serial'][0] / 1000)))
        print()
        print('beyond Scoutfish: ours against the closest Scoutfish query (or queries, their times summed)')
        fmt2 = '%-18s %7s %7s | %9s %9s | %9s %9s | %7s %7s'
        print(fmt2 % ('query', 'games', 'SF', 'SF 1 thr', 'SF 2 thr', 'ours 1', 'index', 'vs SF1', 'ours M/s'))
        for name, q, peer, equal in OURS:
            sf = {1: [0, 0], 2: [0, 0]}
            for t, s in scouts.items():
                for pq in peer:
                    best = None
                    for _ in range(repeats):
                        r = s.scout(pq)
                        best = min(best or 1e18, r['processing time (ms)'])
                    sf[t][0] += best
                    sf[t][1] += r['match count']
            sql = "SELECT count(*) FROM games WHERE g @@ '%s'" % json.dumps(q).replace("'", "''")
            ours = {}
            for label, settings in (
                    ('serial', ['SET max_parallel_workers_per_gather = 0', 'SET enable_bitmapscan = off',
                                'SET enable_indexscan = off']),
                    ('index', ['SET max_parallel_workers_per_gather = 0'])):
                best = None
                for _ in range(repeats):
                    ms, plan = timed(cur, sql, settings)
                    best = min(best or 1e18, ms)
                ours[label] = best
            cur.execute(sql)
            n = cur.fetchone()[0]
            if equal and n != sf[1][1]:
                bad += 1
                print('!! %s: Scoutfish %d games, ours %d' % (name, sf[1][1], n))
            fastest = min(ours.values())
            print(fmt2 % (name, n, sf[1][1] if peer else '-', '%.0f' % sf[1][0] if peer else '-',
                          '%.0f' % sf[2][0] if peer else '-', '%.0f' % ours['serial'], '%.1f' % ours['index'],
                          '%.1f' % (sf[1][0] / fastest) if peer else '-', '%.1f' % (plies / ours['serial'] / 1000)))
        for s in scouts.values():
            s.close()
        print('query benchmark: %d passed, %d failed (the counts agree)' % (len(QUERIES) + len(OURS) - bad, bad))
        return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
