#!/usr/bin/python3
"""Chess960 against Stockfish (UCI_Chess960): seeded random games from
random starting positions; in every position the legal moves (as
UCI_Chess960 writes them, uci_chess960()) must be exactly Stockfish's
(`go perft 1`), every 4th position's perft 3 must equal Stockfish's, every
move's SAN must read back to the move, and each game's PGN must read back
to the same game.  Stockfish 15.1 (Debian) is an independent generator:
it reads the X-FEN our positions write.

usage: stockfish960.py GAMES PLIES SEED   (libpq environment names the
server, the extension installed); prints "N passed, M failed"."""
import random
import subprocess
import sys

import psycopg

games, plies, seed = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
rng = random.Random(seed)
sf = subprocess.Popen(["/usr/games/stockfish"], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                      text=True, bufsize=1)


def send(line):
    sf.stdin.write(line + "\n")


def read_until(prefix):
    lines = []
    while True:
        line = sf.stdout.readline()
        if not line:
            raise SystemExit("stockfish ended")
        line = line.strip()
        lines.append(line)
        if line.startswith(prefix):
            return lines


send("uci")
read_until("uciok")
send("setoption name UCI_Chess960 value true")
send("isready")
read_until("readyok")


def sf_perft(fen, depth):
    send(f"position fen {fen}")
    send(f"go perft {depth}")
    lines = read_until("Nodes searched")
    moves = {l.split(":")[0] for l in lines if ":" in l and not l.startswith("Nodes")}
    return moves, int(lines[-1].split(":")[1])


conn = psycopg.connect(autocommit=True)
passed = failed = 0
shown = 0


def check(ok, what):
    global passed, failed, shown
    if ok:
        passed += 1
    else:
        failed += 1
        if shown < 10:
            print("FAIL " + what)
            shown += 1


castlings = 0
for g in range(games):
    n = rng.randrange(960)
    p = conn.execute("SELECT chess960_position(%s)::text", (n,)).fetchone()[0]
    start, played = p, []
    for ply in range(plies):
        rows = conn.execute("SELECT m::text, uci_chess960(%s, m)::text, san(%s, m), "
                            "parse_move(%s, san(%s, m))::text = m::text "
                            "FROM legal_moves(%s) AS m", (p, p, p, p, p)).fetchall()
        ours = {r[1] for r in rows}
        theirs, _ = sf_perft(p, 1)
        check(ours == theirs, f"SP {n} ply {ply} {p}: moves only ours {sorted(ours - theirs)}, "
                              f"only Stockfish's {sorted(theirs - ours)}")
        check(all(r[3] for r in rows), f"SP {n} ply {ply} {p}: a SAN does not read back")
        castlings += sum(1 for r in rows if r[2].startswith("O-O"))
        if ply % 4 == 0:
            ours3 = conn.execute("SELECT perft(%s, 3)", (p,)).fetchone()[0]
            _, theirs3 = sf_perft(p, 3)
            check(ours3 == theirs3, f"SP {n} ply {ply} {p}: perft 3 ours {ours3}, Stockfish {theirs3}")
        if not rows:
            break
        # castle whenever possible, half the time, to reach the rules that differ
        castles = [r for r in rows if r[2].startswith("O-O")]
        m = (rng.choice(castles) if castles and rng.random() < 0.5 else rng.choice(sorted(rows)))[0]
        played.append(m)
        p = conn.execute("SELECT play(%s, %s)::text", (p, m)).fetchone()[0]
    # the game value written as the PGN is read: the bytes of game(), which tests each move
    same = conn.execute("SELECT r.moves = %s::move[] AND r.start = %s::fen AND r.final = %s::fen "
                        "AND game_send(r.value) = game_send(game(%s::fen, %s::move[])) "
                        "FROM pgn_games(pgn(%s::fen, %s::move[])) AS r",
                        (played, start, p, start, played, start, played)).fetchone()
    check(same is not None and same[0], f"SP {n}: the PGN of the game does not read back to its moves and value")
send("quit")
print(f"Chess960 against Stockfish: {games} games from random starting positions, {castlings} castling moves seen")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
