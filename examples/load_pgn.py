#!/usr/bin/python3
"""Load a PGN file into the games table of examples/chessdb.sql from the client.

    zstdcat lichess_db_standard_rated_2024-01.pgn.zst | python3 examples/load_pgn.py [--jobs 2] [--skip-errors]
    python3 examples/load_pgn.py --encoding LATIN1 < old_collection.pgn

The path for a role that may not read the server's files: the PGN comes on
standard input (decompress it with zstdcat or zcat), is cut at game
boundaries into batches of about a megabyte, and each batch is one
INSERT ... SELECT FROM pgn_games($1, encoding), in its own transaction, so
memory stays flat on both sides however large the file.  The batches go as
bytes (bytea) in the file's encoding (--encoding, default UTF8; a UTF-8
byte-order mark is fine), which the server converts.  With --jobs N, N
sessions insert batches at once.  libpq's environment variables (PGHOST,
PGDATABASE, ...) or --dsn name the database.  Prints the games loaded.
"""
import argparse
import queue
import sys
import threading

import psycopg

BATCH_BYTES = 1 << 20
INSERT = ("INSERT INTO games (tags, tag_order, result, g) "
          "SELECT tags, tag_order, result, value FROM pgn_games(%s::bytea, %s, skip_errors => %s) "
          "ON CONFLICT (game_key) DO NOTHING")


def batches(stream):
    """Yield the bytes of whole games, about BATCH_BYTES each: a batch ends
    before a tag line whose last non-blank line before it is movetext (a
    file of games without tag sections is one batch)."""
    lines = []
    size = 0
    previous_is_tag = True
    for line in stream:
        is_tag = line.startswith(b"[")
        if is_tag and not previous_is_tag and size >= BATCH_BYTES:
            yield b"".join(lines)
            lines = []
            size = 0
        lines.append(line)
        size += len(line)
        if line.strip():
            previous_is_tag = is_tag
    if lines:
        yield b"".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dsn", default="", help="libpq connection string (default: environment)")
    parser.add_argument("--jobs", type=int, default=1, help="sessions inserting at once")
    parser.add_argument("--skip-errors", action="store_true", help="skip bad games with a notice")
    parser.add_argument("--encoding", default="UTF8", help="the file's encoding (LATIN1, WIN1252, ...)")
    args = parser.parse_args()

    work = queue.Queue(maxsize=2 * args.jobs)
    loaded = [0] * args.jobs
    failures = []

    def worker(k):
        try:
            with psycopg.connect(args.dsn, autocommit=True) as conn:
                while (text := work.get()) is not None:
                    if not failures:
                        loaded[k] += conn.execute(INSERT, (text, args.encoding, args.skip_errors)).rowcount
        except Exception as e:  # reported after the others stop
            failures.append(e)
            while work.get() is not None:
                pass

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(args.jobs)]
    for t in threads:
        t.start()
    try:
        for text in batches(sys.stdin.buffer):
            work.put(text)
            if failures:
                break
    finally:
        for _ in threads:
            work.put(None)
        for t in threads:
            t.join()
    if failures:
        sys.exit(f"load_pgn.py: {failures[0]}")
    print(f"{sum(loaded)} games loaded")


if __name__ == "__main__":
    main()
