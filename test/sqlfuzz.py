#!/usr/bin/python3
"""SQL-level fuzzing of the extension against a live server.

Seeded random and mutated inputs go through every text input of the
extension (::square, ::piece, ::move, ::"position", ::game, ::pattern,
::balance, ::gamequery, play, parse_move, san, pgn_games, pgn_plies), random payloads
through binary COPY of the four small types, and mutated binary forms of
games, patterns and balances through binary COPY.  The positions, patterns
and balances that read also search a table of 300 seeded random games,
which must give the same games through its GIN indexes, without them and
position by position (positions()); and the patterns and balances match
the positions of a sample exactly where this file's own reading of them
(pattern_matches(), balance_matches()) says they do.

Each input must either succeed or fail with one of the SQLSTATEs the
extension documents for bad input; an internal error (class XX), any other
SQLSTATE or a lost connection (a backend crash) fails the run.  A part of
the inputs goes through a client in LATIN1, where a message cut inside a
character used to arrive as 22021 instead of the real error.

Usage: sqlfuzz.py INPUTS SEED [DATA_DIR]   (libpq environment variables
name the server; the database must have the extension).  Prints the count
of inputs, each SQLSTATE seen, and "N passed, M failed".
"""
import collections
import glob
import os
import random
import struct
import sys

import psycopg

EXPECTED = {
    "22P02",  # invalid text representation
    "22P03",  # invalid binary representation
    "22023",  # invalid parameter value (illegal, ambiguous moves)
    "54000",  # program limit exceeded
    "22003",  # numeric value out of range
    "2202E",  # array subscript error
    "22004",  # null value not allowed
}

ALPHABET = (
    "abcdefgh12345678PNBRQKpnbrqkOo0-x=+#!?/ \t\n.[]{}();$%*\"\\"
    "éüßÆ€♞😀\u00a0\u2028\ufeff"
)
LATIN1_ALPHABET = "abcdefgh12345678PNBRQKpnbrqkOo0-x=+#!?/ \t\n.[]{}();$%*\"\\éüßÆ\u00a0"


def mutate(rng, s, alphabet):
    s = list(s)
    for _ in range(rng.randint(1, 6)):
        op = rng.random()
        at = rng.randint(0, len(s))
        if op < 0.3 and s:
            s[min(at, len(s) - 1)] = rng.choice(alphabet)
        elif op < 0.6:
            s.insert(at, rng.choice(alphabet))
        elif op < 0.8 and s:
            del s[min(at, len(s) - 1)]
        elif s:
            # duplicate a slice: long inputs, repeated tags and variations
            a = rng.randint(0, len(s) - 1)
            b = min(len(s), a + rng.randint(1, 40))
            s[at:at] = s[a:b] * rng.randint(1, 50)
    return "".join(s)


def random_text(rng, alphabet):
    return "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30)))


def load_seeds(data_dir, fuzz_dir):
    fens = []
    for path in sorted(glob.glob(os.path.join(data_dir, "*.epd"))):  # one order on every machine
        for line in open(path, encoding="utf-8"):
            fen = line.split(";")[0].strip()
            if fen and not fen.startswith("#"):
                fens.append(fen)
    games = open(os.path.join(fuzz_dir, "seeds", "games.pgn"), encoding="utf-8").read()
    pgns = [g for g in games.split("\n\n[") if g]
    # annotated games (comments, NAGs, variations, clocks, evaluations, shapes): the first few
    annotated = open(os.path.join(fuzz_dir, "seeds", "annotated.pgn"), encoding="utf-8").read()
    annotated = [g if g.startswith("[") else "[" + g for g in annotated.split("\n\n[") if g][:8]
    pgns = [g if g.startswith("[") else "[" + g for g in pgns] + annotated + [games]
    sans = open(os.path.join(fuzz_dir, "seeds", "san.txt"), encoding="utf-8").read().split()
    ucis = open(os.path.join(fuzz_dir, "seeds", "uci.txt"), encoding="utf-8").read().split()
    lines = lambda name: open(os.path.join(fuzz_dir, "seeds", name), encoding="utf-8").read().splitlines()
    return {
        "square": ["e4", "a1", "h8", "E4", " e4 "],
        "piece": ["N", "n", "K", "p"],
        "move": ucis,
        "position": fens,
        "san": sans + ucis,
        "pgn": pgns,
        # game literals: main() adds the seed games as game::text writes them
        "game": ["e2e4 e7e5 g1f3", "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6",
                 "{ Start. } 1. e4 $1 { [%clk 0:03:00] [%eval 0.17,20] } e5 ( 1... c5 { [%csl Ge4] } 2. Nf3 ) 2. Nf3?!"],
        "pattern": lines("patterns.txt"),
        "balance": lines("balances.txt"),
        "gamequery": lines("queries.txt"),
    }


# name -> (seed kind, SQL with %s for the input)
TARGETS = {
    "square": ("square", "SELECT %s::text::square"),
    "piece": ("piece", "SELECT %s::text::piece"),
    "move": ("move", "SELECT %s::text::move"),
    "position": ("position", 'SELECT %s::text::"position"'),
    "play": ("san", "SELECT play(p, %s::text, true) FROM fuzz_positions"),
    "parse_move": ("san", "SELECT parse_move(p, %s::text) FROM fuzz_positions"),
    "san": ("move", "SELECT san(p, %s::text::move) FROM fuzz_positions"),
    "pgn_games": ("pgn", "SELECT count(*), sum(plies) FROM pgn_games(%s::text, true)"),
    "pgn_plies": ("pgn", "SELECT count(*) FROM pgn_plies(%s::text, false, true)"),
    "game": ("game", "SELECT g::text, plies(g), final(g), g @> start_position() FROM (SELECT %s::text::game AS g) s"),
    "pattern": ("pattern", "SELECT p::text, start_position() @> p, '1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6'::game @> p"
                " FROM (SELECT %s::text::pattern AS p) s"),
    "balance": ("balance", "SELECT b::text, flip(b), start_position() @> b, '1. e4 d5 2. exd5 Qxd5'::game @> b"
                " FROM (SELECT %s::text::balance AS b) s"),
    "gamequery": ("gamequery", "SELECT q::text, match_plies('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Bxc6'::game, q, '1-0')"
                  " FROM (SELECT %s::text::gamequery AS q) s"),
}


def binary_copy_payload(rng):
    """A binary COPY stream of one row (square, piece, move, position) with random fields."""
    fields = []
    for size in (1, 1, 2, 32):
        r = rng.random()
        if r < 0.1:
            fields.append(None)
        else:
            n = size if r < 0.8 else rng.randint(0, 40)
            fields.append(bytes(rng.getrandbits(8) for _ in range(n)))
    out = b"PGCOPY\n\xff\r\n\0" + struct.pack("!ii", 0, 0)
    out += struct.pack("!h", len(fields))
    for f in fields:
        out += struct.pack("!i", -1) if f is None else struct.pack("!i", len(f)) + f
    return out + struct.pack("!h", -1)


# targets whose value searches fuzz_games: the value's type
SEARCHED = {"position": '"position"', "pattern": "pattern", "balance": "balance", "gamequery": "gamequery"}


index_checks = collections.Counter()


# the same question asked of each position of the games (positions()), with
# none of the game search's shortcuts (what no later position gives back)
POSITION_BY_POSITION = {
    '"position"': 'without_clocks(x."position") = without_clocks(%s::text::"position")',
    "pattern": 'x."position" @> %s::text::pattern',
    "balance": 'x."position" @> %s::text::balance',
}


def index_agrees(conn, typ, value, failures):
    """The games g @> value (g @@ a game query) finds: the same through the GIN indexes, without them,
    and position by position (a game query: the first two)."""
    if typ == "gamequery" and '"result' in value:
        return  # the operator refuses a query with a result rule (22023), index or not
    sql = "SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM fuzz_games WHERE g %s %%s::text::%s" % (
        "@@" if typ == "gamequery" else "@>", typ)
    found = []
    for seqscan in ("off", "on"):
        conn.execute("SET enable_seqscan = " + seqscan)
        conn.execute("SET enable_bitmapscan = " + ("on" if seqscan == "off" else "off"))
        found.append(conn.execute(sql, (value,)).fetchone()[0])
    conn.execute("RESET enable_seqscan")
    conn.execute("RESET enable_bitmapscan")
    if typ in POSITION_BY_POSITION:
        found.append(conn.execute(
            "SELECT coalesce(array_agg(id ORDER BY id), '{}') FROM fuzz_games"
            " WHERE EXISTS (SELECT FROM positions(g) x WHERE %s)" % POSITION_BY_POSITION[typ], (value,)).fetchone()[0])
    else:
        found.append(found[1])
    index_checks["searches"] += 1
    index_checks["finding games"] += bool(found[1])
    if not found[0] == found[1] == found[2]:
        failures.append(f"{typ} {value!r:.200}: {len(found[0])} games through the index, {len(found[1])} without,"
                        f" {len(found[2])} position by position")


def placement(text):
    """A FEN placement (or a pattern's) as 64 characters, a8 first: digits become '1'."""
    out = []
    for c in text:
        if c.isdigit():
            out.append("1" * int(c))
        elif c != "/":
            out.append(c)
    return "".join(out)


def pattern_from(rng, fen):
    """A pattern that the position matches: some of its pieces (most of its pawns), some of its empty squares."""
    cells = [c if c != "1" and rng.random() < (0.7 if c in "Pp" else 0.3) else
             "." if c == "1" and rng.random() < 0.1 else "?" for c in placement(fen.split()[0])]
    ranks = []
    for r in range(8):
        text, run = "", 0
        for c in cells[8 * r:8 * r + 8] + ["|"]:
            if c == "?":
                run += 1
                continue
            text += (str(run) if run else "") + (c if c != "|" else "")
            run = 0
        ranks.append(text)
    return "/".join(ranks) + (" " + fen.split()[1] if rng.random() < 0.3 else "")


def board(fen):
    """What the oracles read of a position: its placement (placement()) and the side to move."""
    fields = fen.split()
    return placement(fields[0]), fields[1]


def pattern_matches(pattern):
    """Whether a position (board()) matches a pattern, as the README says it: written here again.
    The pattern is read once; the test returned is asked of each position."""
    fields = pattern.split()
    want = placement(fields[0])
    side = fields[1] if len(fields) > 1 else None

    def test(have, to_move):
        return ((side is None or side == to_move) and
                all(w == "1" or (w == "." and h == "1") or w == h for w, h in zip(want, have)))
    return test


def balance_matches(balance):
    """Whether a position's (board()) material is in a balance's ranges, written here again.
    The balance is read once; the test returned is asked of each position."""
    ranges = []
    for side, text in zip((str.upper, str.lower), balance.split("v")):
        lo, hi, last = collections.Counter(), collections.Counter(), None
        for c in text[1:]:
            if c.isalpha():
                lo[c] += 1
                hi[c] += 1
                last = c
            elif c == "?":
                lo[last] -= 1
            elif c == "+":
                hi[last] = 99
            elif c == "*":
                lo[last] -= 1
                hi[last] = 99
        ranges += [(side(kind), lo[kind], hi[kind]) for kind in "QRBNP"]

    def test(have, to_move):
        return all(low <= have.count(piece) <= high for piece, low, high in ranges)
    return test


def semantics_agree(conn, name, value, sample, failures):
    """p @> value over the sample positions (fen, board()): the same as pattern_matches() or balance_matches()."""
    oracle = {"pattern": pattern_matches, "balance": balance_matches}[name]
    text, got = conn.execute(
        "SELECT %%s::text::%s::text, array_agg(p @> %%s::text::%s ORDER BY i) FROM fuzz_sample" % (name, name),
        (value, value)).fetchone()
    index_checks["matches"] += sum(got)
    test = oracle(text)
    for (fen, (have, to_move)), g in zip(sample, got):
        if g != test(have, to_move):
            failures.append(f"{name} {text!r} on {fen}: @> says {g}")
            return


def mutate_bytes(rng, b):
    """A binary form with a few bytes changed, inserted, removed, or cut."""
    b = bytearray(b)
    for _ in range(rng.randint(1, 4)):
        op = rng.random()
        at = rng.randint(0, max(0, len(b) - 1))
        if op < 0.5 and b:
            b[at] = rng.getrandbits(8) if rng.random() < 0.5 else b[at] ^ (1 << rng.randint(0, 7))
        elif op < 0.7:
            b.insert(at, rng.getrandbits(8))
        elif op < 0.85 and b:
            del b[at]
        else:
            del b[rng.randint(0, len(b)):]
    return bytes(b)


def typed_copy_payload(rng, forms):
    """A binary COPY stream of one row (game, pattern, balance): mutated binary forms."""
    out = b"PGCOPY\n\xff\r\n\0" + struct.pack("!ii", 0, 0) + struct.pack("!h", 3)
    for kind in ("game", "pattern", "balance"):
        r = rng.random()
        f = None if r < 0.1 else rng.choice(forms[kind])
        if f is not None and r < 0.9:
            f = mutate_bytes(rng, f)
        out += struct.pack("!i", -1) if f is None else struct.pack("!i", len(f)) + f
    return out + struct.pack("!h", -1)


def main():
    inputs = int(sys.argv[1])
    rng = random.Random(int(sys.argv[2]))
    data_dir = sys.argv[3] if len(sys.argv) > 3 else "test/data"
    seeds = load_seeds(data_dir, os.path.join(os.path.dirname(os.path.abspath(__file__)), "fuzz"))
    states = collections.Counter()
    per_target = collections.Counter()
    failures = []

    conn = psycopg.connect(autocommit=True)
    conn.execute("SET statement_timeout = '10s'")
    conn.execute(
        "CREATE TEMP TABLE fuzz_positions AS SELECT p::\"position\" FROM (VALUES"
        " ('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'),"
        " ('r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'),"
        " ('4k3/8/8/4Pp2/8/8/8/4K3 w - f6 0 2'), ('n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1')) v(p)")
    conn.execute('CREATE TEMP TABLE fuzz_copy (sq square, pc piece, m move, p "position")')
    conn.execute("CREATE TEMP TABLE fuzz_typed (g game, pt pattern, b balance)")
    # games to search with what the fuzzer reads, with the GIN indexes and
    # without: 300 seeded random games (80 to 86 plies, fewer when one ends in
    # mate or stalemate) and the seed games
    conn.execute("SELECT setseed(0.20261201)")
    conn.execute(
        "CREATE TEMP TABLE fuzz_games AS"
        " WITH RECURSIVE walk(id, ply, p, moves) AS ("
        "  SELECT i, 0, start_position(), ARRAY[]::move[] FROM generate_series(1, 300) i"
        "  UNION ALL"
        "  SELECT id, ply + 1, play(p, m), moves || m FROM walk,"
        "   LATERAL (SELECT m FROM legal_moves(p) m ORDER BY random() LIMIT 1) x WHERE ply < 80 + id % 7)"
        " SELECT DISTINCT ON (id) id, game(moves) AS g FROM walk ORDER BY id, ply DESC")
    conn.execute("INSERT INTO fuzz_games SELECT 1000 + game, value FROM pgn_games(%s, true)", (seeds["pgn"][-1],))
    conn.execute("CREATE INDEX ON fuzz_games USING gin (g)")
    conn.execute("CREATE INDEX ON fuzz_games USING gin (g game_pattern_ops (pairs = true))")
    conn.execute("ANALYZE fuzz_games")
    # positions for p @> pattern and p @> balance, against the functions above:
    # 200 of the random games' (by their keys, so spread through the games),
    # the fuzzer's, a few with promoted pieces
    conn.execute(
        "CREATE TEMP TABLE fuzz_sample AS SELECT row_number() OVER () AS i, p FROM ("
        " (SELECT p FROM (SELECT DISTINCT ON (k) x.position AS p, polyglot_key(x.position) AS k"
        "  FROM fuzz_games, positions(g) x ORDER BY k) s LIMIT 200)"
        " UNION ALL SELECT p FROM fuzz_positions"
        " UNION ALL SELECT v::\"position\" FROM (VALUES ('QQQ1k3/8/8/8/8/8/8/4K3 b - - 0 1'),"
        "  ('4k3/8/8/8/8/8/8/NNNNKBBB w - - 0 1'), ('rrrrk3/8/8/8/8/8/8/4K3 w - - 0 1')) v(v)) s")
    # and the standard suites' positions, many of them endings of few pieces
    suites = [line.split(";")[0].strip() for name in ("ethereal-standard.epd", "cpw-perft-results.epd")
              for line in open(os.path.join(data_dir, name), encoding="utf-8") if line.strip()[:1] not in ("", "#")]
    conn.execute("INSERT INTO fuzz_sample SELECT (SELECT max(i) FROM fuzz_sample) + n, f::\"position\""
                 " FROM unnest(%s::text[]) WITH ORDINALITY AS u(f, n)", (suites,))
    sample = [(r[0], board(r[0])) for r in conn.execute("SELECT p::text FROM fuzz_sample ORDER BY i")]
    # seeds that the games meet: patterns and balances cut from the sample's positions
    for fen, _ in sample[:200:4]:
        seeds["pattern"].append(pattern_from(rng, fen))
        seeds["balance"].append(conn.execute(
            "SELECT material(%s::text::\"position\")", (fen,)).fetchone()[0])
    seeds["game"] += [r[0] for r in conn.execute(
        "SELECT value::text FROM pgn_games(%s, true)", (seeds["pgn"][-1],)).fetchall()]
    # the binary forms to mutate: of the seed games, patterns, balances (those that read)
    forms = {"game": [], "pattern": [], "balance": []}
    for kind, send in (("game", "game_send(%s::text::game)"), ("pattern", "pattern_send(%s::text::pattern)"),
                       ("balance", "balance_send(%s::text::balance)")):
        for text in seeds[kind]:
            try:
                forms[kind].append(conn.execute("SELECT " + send, (text,)).fetchone()[0])
            except psycopg.Error:
                pass
    latin1 = psycopg.connect(autocommit=True)
    latin1.execute("SET client_encoding = 'LATIN1'")
    latin1.execute("SET statement_timeout = '10s'")
    latin1.execute(
        "CREATE TEMP TABLE fuzz_positions AS SELECT start_position() AS p")

    names = list(TARGETS) + ["binary copy", "binary copy of games, patterns, balances"]
    for i in range(inputs):
        name = names[i % len(names)]
        per_target[name] += 1
        try:
            if name.startswith("binary copy"):
                typed = name != "binary copy"
                value = typed_copy_payload(rng, forms) if typed else binary_copy_payload(rng)
                with conn.cursor() as cur:
                    with cur.copy("COPY %s FROM STDIN (FORMAT binary)" % ("fuzz_typed" if typed else "fuzz_copy")) as copy:
                        copy.write(value)
                if typed:
                    # what was accepted writes out and reads back
                    conn.execute("SELECT g::text::game = g, pt::text::pattern = pt, b::text::balance = b,"
                                 " g @> pt, g @> b FROM fuzz_typed").fetchall()
                    conn.execute("TRUNCATE fuzz_typed")
                states["00000"] += 1
                continue
            kind, sql = TARGETS[name]
            use_latin1 = rng.random() < 0.2
            alphabet = LATIN1_ALPHABET if use_latin1 else ALPHABET
            r = rng.random()
            if r < 0.1:
                value = random_text(rng, alphabet)
            else:
                value = rng.choice(seeds[kind])
                if r < 0.9:
                    value = mutate(rng, value, alphabet)
            if use_latin1:
                value = value.encode("latin-1", "replace").decode("latin-1")
            (latin1 if use_latin1 else conn).execute(sql, (value,)).fetchall()
            if name in SEARCHED:
                index_agrees(conn, SEARCHED[name], value, failures)
            if name in ("pattern", "balance"):
                semantics_agree(conn, name, value, sample, failures)
            states["00000"] += 1
        except psycopg.Error as e:
            state = e.sqlstate
            if state is None:
                failures.append(f"{name}: connection lost (backend crash?): {e}")
                break
            states[state] += 1
            if state not in EXPECTED:
                failures.append(f"{name}: unexpected SQLSTATE {state}: {e} -- input {value!r:.200}")
    for c in (conn, latin1):
        try:
            c.execute("SELECT 1")
        except psycopg.Error as e:
            failures.append(f"connection lost at the end: {e}")

    total = sum(per_target.values())
    print(f"SQL fuzz: {total} inputs, seed {sys.argv[2]}")
    for name in names:
        print(f"  {name}: {per_target[name]}")
    print("SQLSTATEs: " + ", ".join(f"{s} x{n}" for s, n in sorted(states.items())))
    print(f"searches of the random games with and without the GIN indexes: {index_checks['searches']}"
          f" ({index_checks['finding games']} finding games); positions matched by a pattern or a"
          f" balance, as the test's own reading of them says: {index_checks['matches']}")
    for f in failures[:20]:
        print("!!", f)
    print(f"sql fuzz: {1 if not failures else 0} passed, {1 if failures else 0} failed")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
