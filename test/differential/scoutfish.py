#!/usr/bin/python3
"""Scoutfish against gamequery: its own suite and generated queries.

    python3 test/differential/scoutfish.py SCOUTFISH_DIR [PGN [QUERIES [SEED]]]

(test/run.sh runs it when SCOUTFISH_DIR is set, and counts it skipped
otherwise.)

SCOUTFISH_DIR is a checkout of Scoutfish (mcostalba/scoutfish, GPL: not
part of this project, which holds none of its code or files) with its
binary built in src/.  Connects to the database of the environment (PG*
variables) with the extension installed.

1. Scoutfish's own suite: the 29 queries of its src/test.py on its
   pgn/famous_games.pgn, read from the checkout, through SQL: the count and
   the games and plies test.py lists must be ours.  Two of its spellings
   are mended first, as doc/query.md says: "stm": "balck" (Scoutfish reads
   any unknown side as no rule; gamequery refuses it) becomes "black", and
   skip/limit become SQL's OFFSET/LIMIT.
2. Generated queries (QUERIES of them, default 300, from SEED) of every
   rule and combination, built from the positions and moves of PGN's games
   (default: famous_games.pgn): Scoutfish (one thread) and matches() /
   match_plies() must give the same games with the same plies.  The
   generator leaves out what doc/query.md lists as deliberate differences
   (a piece capture written with "x", a pawn capture's file, a promotion's
   piece) and Scoutfish's slip at the end of a game (a move rule to a1 is
   tried there on no move).  Scoutfish takes a promotion that captures for
   the capture of a pawn; gamequery for the capture of the piece taken: a
   query with a "captured" rule is compared on the games without such a
   promotion.

Prints one line a failure and ends with "N passed, M failed".
"""
import ast
import bisect
import json
import os
import random
import subprocess
import sys
import tempfile

import psycopg


class Scout:
    """The Scoutfish binary, driven through its UCI-like commands."""

    def __init__(self, binary, pgn, threads=1):
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  text=True, cwd=os.path.dirname(binary))
        self.ask('setoption name threads value %d' % threads)
        out = self.ask('make ' + pgn)
        made = json.loads('{' + out.split('{', 1)[1])
        self.db = made['DB file']

    def ask(self, cmd):
        self.p.stdin.write(cmd + '\nisready\n')
        self.p.stdin.flush()
        lines = []
        for line in self.p.stdout:
            if line.strip() == 'readyok':
                return ''.join(lines)
            lines.append(line)
        raise RuntimeError('scoutfish ended')

    def scout(self, q):
        out = self.ask('scout %s %s' % (self.db, json.dumps(q)))
        return json.loads(out[out.index('{'):])

    def close(self):
        self.p.stdin.write('quit\n')
        self.p.stdin.close()
        self.p.wait()


def load(cur, pgn):
    """The games of a PGN file in a temporary table: (game, byte_offset, result, g)."""
    with open(pgn, 'rb') as f:
        data = f.read()
    cur.execute("CREATE TEMP TABLE sf AS SELECT game, byte_offset, result, value AS g"
                " FROM pgn_games(%s::bytea)", (data,))
    cur.execute("SELECT game, byte_offset FROM sf ORDER BY game")
    return cur.fetchall()


def game_of(offsets, ofs):
    """Scoutfish's offset (the end of the line before a game) to the game's number."""
    i = bisect.bisect_left(offsets, (ofs,), key=lambda o: (o[1],))
    return offsets[i][0] if i < len(offsets) else None


def ours(cur, q, skip=0, limit=None):
    cur.execute("SELECT game, match_plies(g, %s, result) FROM sf WHERE matches(g, %s, result)"
                " ORDER BY game OFFSET %s LIMIT %s", (json.dumps(q), json.dumps(q), skip, limit))
    return cur.fetchall()


def suite(cur, sfdir, offsets, check):
    with open(os.path.join(sfdir, 'src', 'test.py')) as f:
        tree = ast.parse(f.read())
    queries = None
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], 'id', '') == 'QUERIES':
            queries = ast.literal_eval(node.value)
    check('Scoutfish test.py has its 29 queries', len(queries or []), 29)
    for i, t in enumerate(queries or []):
        q = dict(t['q'])
        if q.get('stm') == 'balck':
            q['stm'] = 'black'
        skip = q.pop('skip', 0)
        limit = q.pop('limit', None)
        got = ours(cur, q, skip, limit)
        check('test.py query %d (%s): count' % (i + 1, json.dumps(t['q'])[:60]), len(got), t['count'])
        for j, m in enumerate(t['matches']):
            want = (game_of(offsets, m['ofs']), m['ply'])
            have = tuple(got[j]) if j < len(got) else None
            check('test.py query %d, match %d' % (i + 1, j + 1), have, want)


def generated(cur, scout, offsets, n, seed, check):
    rnd = random.Random(seed)
    cur.execute("SELECT game, result, (SELECT array_agg(x.position::text ORDER BY x.ply) FROM positions(g) x),"
                " san_moves(g) FROM sf ORDER BY game")
    games = cur.fetchall()
    played = [g for g in games if g[3]]
    # games with a promotion that captures (Scoutfish: a pawn taken)
    promoting = {g[0] for g in games if any('x' in m and '=' in m for m in (g[3] or []))}

    def pos():
        g = rnd.choice(played)
        return rnd.choice(g[2]), g

    def subfen():
        fen, _ = pos()
        board = fen.split()[0]
        rows = []
        keep = rnd.choice([2, 3, 4, 6])
        for row in board.split('/'):
            out, empty = '', 0
            for ch in row:
                if ch.isdigit():
                    empty += int(ch)
                    continue
                if rnd.randrange(32) < keep:
                    if empty:
                        out += str(empty)
                        empty = 0
                    out += ch
                else:
                    empty += 1
            rows.append(out + (str(empty) if empty else ''))
        return '/'.join(rows)

    def material():
        fen, _ = pos()
        board = fen.split()[0]
        w = 'K' + ''.join(sorted((c for c in board if c in 'QRBNP'), key='QRBNP'.index))
        b = 'K' + ''.join(sorted((c.upper() for c in board if c in 'qrbnp'), key='QRBNP'.index))
        return w + b

    def imbalance():
        fen, _ = pos()
        board = fen.split()[0]
        w = ''.join(c for c in board if c in 'QRBNP')
        b = ''.join(c.upper() for c in board if c in 'qrbnp')
        for c in 'QRBNP':
            k = min(w.count(c), b.count(c))
            w = w.replace(c, '', k)
            b = b.replace(c, '', k)
        return w + 'v' + b

    def move():
        g = rnd.choice(played)
        i = rnd.randrange(len(g[3]))
        san = g[3][i].rstrip('+#')
        rule = 'white-move' if (i % 2 == 0) else 'black-move'
        if g[2][0].split()[1] == 'b':
            rule = 'black-move' if rule == 'white-move' else 'white-move'
        if san.startswith('O-'):
            return rule, san
        if '=' in san:
            san = san.split('=')[0]
        if san[0].islower():
            san = san[-2:]		# a pawn: its target (Scoutfish reads no file)
        else:
            san = san.replace('x', '')
        if san[-2:] == 'a1':
            return move()
        return rule, san

    def one_of(f):
        k = rnd.choice([1, 1, 1, 2, 3])
        vals = [f() for _ in range(k)]
        return vals[0] if k == 1 else vals

    def condition():
        c = {}
        kinds = rnd.sample(['sub-fen', 'material', 'imbalance', 'move', 'moved', 'captured',
                            'stm', 'result', 'result-type', 'pass'], rnd.choice([1, 1, 2, 2, 3]))
        for k in kinds:
            if k == 'sub-fen':
                c[k] = one_of(subfen)
            elif k == 'material':
                c[k] = one_of(material)
            elif k == 'imbalance':
                c[k] = one_of(imbalance)
            elif k == 'move':
                rule, san = move()
                c[rule] = san if rnd.random() < 0.7 else [san, move()[1]]
                if rnd.random() < 0.3:	# both colours' lists: any of them
                    other = 'black-move' if rule == 'white-move' else 'white-move'
                    c[other] = move()[1]
            elif k == 'moved':
                c[k] = ''.join(rnd.sample('PNBRQK', rnd.choice([1, 1, 2])))
            elif k == 'captured':
                c[k] = rnd.choice(['', '', 'P', 'N', 'B', 'R', 'Q', 'QR', 'NB'])
            elif k == 'stm':
                c[k] = rnd.choice(['white', 'black'])
            elif k == 'result':
                c[k] = rnd.choice(['1-0', '0-1', '1/2-1/2', ['1-0', '0-1']])
            elif k == 'result-type':
                c[k] = rnd.choice(['mate', 'stalemate'])
            else:
                c[k] = ''
        return c

    def streak():
        return {'streak': [condition() for _ in range(rnd.choice([2, 2, 3]))]}

    def query():
        shape = rnd.random()
        if shape < 0.5:
            return condition()
        if shape < 0.7:
            return streak()
        steps = []
        for _ in range(rnd.choice([2, 2, 3])):
            steps.append(streak() if rnd.random() < 0.25 else condition())
        return {'sequence': steps}

    for i in range(n):
        q = query()
        theirs = scout.scout(q)
        want = [(game_of(offsets, m['ofs']), m['ply']) for m in theirs['matches']]
        got = [tuple(r) for r in ours(cur, q)]
        if '"captured": "' in json.dumps(q).replace('"captured": ""', ''):
            want = [m for m in want if m[0] not in promoting]
            got = [m for m in got if m[0] not in promoting]
        check('generated query %d %s' % (i + 1, json.dumps(q)[:300]), got, want)


def main():
    sfdir = sys.argv[1]
    pgn = sys.argv[2] if len(sys.argv) > 2 and sys.argv[2] else os.path.join(sfdir, 'pgn', 'famous_games.pgn')
    n = int(sys.argv[3]) if len(sys.argv) > 3 else 300
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 20261203
    passed = failed = 0

    def check(label, got, want):
        nonlocal passed, failed
        if got == want:
            passed += 1
        else:
            failed += 1
            print('FAILED: %s: got %s, expected %s' % (label, str(got)[:400], str(want)[:400]))

    with psycopg.connect(autocommit=True) as conn, conn.cursor() as cur:
        famous = os.path.join(sfdir, 'pgn', 'famous_games.pgn')
        offsets = load(cur, famous)
        suite(cur, sfdir, offsets, check)
        print('Scoutfish test.py through SQL: %d passed, %d failed' % (passed, failed))
        with tempfile.TemporaryDirectory() as tmp:
            # Scoutfish writes its index beside the PGN: a copy in a directory of our own
            copy = os.path.join(tmp, 'games.pgn')
            with open(pgn, 'rb') as f, open(copy, 'wb') as out:
                out.write(f.read())
            if pgn != famous:
                cur.execute('DROP TABLE sf')
                offsets = load(cur, copy)
            scout = Scout(os.path.join(os.path.abspath(sfdir), 'src', 'scoutfish'), copy)
            generated(cur, scout, offsets, n, seed, check)
            scout.close()
    print('%d passed, %d failed' % (passed, failed))
    return 1 if failed else 0


if __name__ == '__main__':
    sys.exit(main())
