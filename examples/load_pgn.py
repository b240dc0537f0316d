#!/usr/bin/python3
"""Load a PGN file into the games table of examples/chessdb.sql from the client.

    zstdcat lichess_db_standard_rated_2024-01.pgn.zst |
        python3 examples/load_pgn.py --source 2024-01 [--jobs 2] [--skip-errors] [--resume]
    python3 examples/load_pgn.py --encoding LATIN1 < old_collection.pgn

The path for a role that may not read the server's files: the PGN comes on
standard input (decompress it with zstdcat or zcat), is cut at game
boundaries into batches of about a megabyte, and each batch is one
statement over pgn_games(), in its own transaction, so memory
stays flat on both sides however large the file.  The batches go as bytes
(bytea) in the file's encoding (--encoding, default UTF8; a UTF-8
byte-order mark is fine), which the server converts.  With --jobs N, N
sessions insert batches at once.  libpq's environment variables (PGHOST,
PGDATABASE, ...) or --dsn name the database.

Games are numbered and placed (byte offsets) as in the whole input (each
batch says where it is: pgn_games(first_game, first_offset)).  A bad
game stops the load with its error; with --skip-errors it is refused
instead, and recorded in the table load_rejects with its number, offset,
error and text.  A game the table has already (its game_key) is not
inserted again.  With --source NAME, each batch committed is recorded in
load_batches in the same transaction as its games; after a failure, a
cancel or a crash, the same command with --resume reads the same input
again and loads only the batches that are not in: no game twice, none
missed.  Prints what it did: games loaded, present already, refused.
"""
import argparse
import queue
import signal
import sys
import threading

import psycopg

BATCH_BYTES = 1 << 20

# One batch, in one transaction: first its row in load_batches when the
# load has a name (a session still loading the same batch, left by a
# loader that was killed, holds that row until it ends: the batch is then
# loaded once, by whichever commits first); then its games, read once (a
# batch is a megabyte: so are its MATERIALIZED rows), the good ones
# inserted, the refused ones recorded with their text; returns the games
# read, loaded and refused.
CLAIM = """
INSERT INTO load_batches (source, byte_offset, bytes, first_game, games)
VALUES (%(source)s, %(offset)s, %(bytes)s, %(first_game)s, %(games)s)
ON CONFLICT DO NOTHING
RETURNING 1
"""
BATCH = """
WITH batch AS MATERIALIZED (
	SELECT *, (byte_offset - %(offset)s)::integer AS text_from,
	       coalesce(lead(byte_offset) OVER (ORDER BY game) - %(offset)s, %(bytes)s)::integer AS text_to
	FROM pgn_games(%(text)s::bytea, %(encoding)s, keep_errors => %(skip)s,
	               first_game => %(first_game)s, first_offset => %(offset)s)),
refused AS (
	INSERT INTO load_rejects (source, game, byte_offset, error, pgn)
	SELECT %(source)s, game, byte_offset, error,
	       convert_from(substring(%(text)s::bytea FROM text_from + 1 FOR text_to - text_from), %(encoding)s)
	FROM batch WHERE error IS NOT NULL
	RETURNING 1),
loaded AS (
	INSERT INTO games (tags, tag_order, result, g)
	SELECT tags, tag_order, result, value FROM batch WHERE error IS NULL
	ON CONFLICT (game_key) DO NOTHING
	RETURNING 1)
SELECT (SELECT count(*) FROM batch), (SELECT count(*) FROM loaded), (SELECT count(*) FROM refused)
"""


def batches(stream):
    """Yield (offset, first_game, games, bytes) for the whole games of the
    input, about BATCH_BYTES each: a game begins at a tag line whose last
    non-blank line before it is movetext (or at the input's first tag
    line), and a batch ends before such a line once it holds BATCH_BYTES.
    The cut depends on the input alone, so that a load run again cuts the
    same batches.  A batch without tags counts as one game."""
    lines = []
    size = 0
    offset = 0
    first_game = 1
    games = 0
    previous_is_tag = False
    seen_tag = False
    for line in stream:
        is_tag = line.startswith(b"[") or (not seen_tag and line.startswith(b"\xef\xbb\xbf["))
        starts = is_tag and (not previous_is_tag or not seen_tag)
        if starts and size >= BATCH_BYTES:
            yield offset, first_game, games, b"".join(lines)
            offset += size
            first_game += games
            lines = []
            size = 0
            games = 0
        if starts:
            games += 1
        seen_tag = seen_tag or is_tag
        lines.append(line)
        size += len(line)
        if line.strip():
            previous_is_tag = is_tag
    if lines:
        yield offset, first_game, max(games, 1 if b"".join(lines).strip() else 0), b"".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dsn", default="", help="libpq connection string (default: environment)")
    parser.add_argument("--jobs", type=int, default=1, help="sessions inserting at once")
    parser.add_argument("--skip-errors", action="store_true",
                        help="refuse bad games into load_rejects instead of stopping")
    parser.add_argument("--encoding", default="UTF8", help="the file's encoding (LATIN1, WIN1252, ...)")
    parser.add_argument("--source", help="a name for this input: its batches are recorded in load_batches")
    parser.add_argument("--resume", action="store_true",
                        help="load only the batches of --source that are not in")
    args = parser.parse_args()
    if args.resume and args.source is None:
        parser.error("--resume needs the --source of the load")
    if args.jobs < 1:
        parser.error("--jobs is at least 1")

    done = {}
    if args.source is not None:
        with psycopg.connect(args.dsn) as conn:
            done = {offset: (size, first_game, games) for offset, size, first_game, games in conn.execute(
                "SELECT byte_offset, bytes, first_game, games FROM load_batches WHERE source = %s",
                (args.source,))}
        if done and not args.resume:
            sys.exit(f"load_pgn.py: source {args.source!r} has {len(done)} batches loaded already: "
                     "--resume to load the rest, or name the load otherwise")

    work = queue.Queue(maxsize=2 * args.jobs)
    totals = {"read": 0, "loaded": 0, "refused": 0, "skipped": 0}
    lock = threading.Lock()
    failures = []
    warned = []

    def worker():
        try:
            with psycopg.connect(args.dsn) as conn:
                while (item := work.get()) is not None:
                    if failures:
                        continue
                    offset, first_game, games, text = item
                    values = {"text": text, "encoding": args.encoding, "skip": args.skip_errors,
                              "source": args.source, "offset": offset, "bytes": len(text),
                              "first_game": first_game, "games": games}
                    with conn.transaction():
                        if args.source is not None and conn.execute(CLAIM, values).fetchone() is None:
                            with lock:
                                totals["skipped"] += games
                            continue
                        read, loaded, refused = conn.execute(BATCH, values).fetchone()
                        if args.source is not None and read != games:
                            conn.execute("UPDATE load_batches SET games = %(read)s "
                                         "WHERE source = %(source)s AND byte_offset = %(offset)s",
                                         dict(values, read=read))
                    with lock:
                        totals["read"] += read
                        totals["loaded"] += loaded
                        totals["refused"] += refused
                        if read != games and not warned:
                            warned.append(offset)
                            print(f"load_pgn.py: warning: the batch at byte {offset} holds {read} games "
                                  f"where the loader counted {games} (a game without tags, or without an "
                                  "empty line before them?): the numbers of the games after it are off",
                                  file=sys.stderr)
        except Exception as e:  # reported after the others stop
            failures.append(e)
            while work.get() is not None:
                pass

    # a cancel (Ctrl-C, kill) stops the reading; what is committed stays
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    threads = [threading.Thread(target=worker) for _ in range(args.jobs)]
    for t in threads:
        t.start()
    interrupted = False
    try:
        for offset, first_game, games, text in batches(sys.stdin.buffer):
            if failures:
                break
            if offset in done:
                size, first, counted = done[offset]
                if (size, first) != (len(text), first_game):
                    failures.append(RuntimeError(
                        f"the batch at byte {offset} is not the one loaded as {args.source!r} "
                        f"({len(text)} bytes from game {first_game}, then {size} from game {first}): "
                        "is this the same input?"))
                    break
                totals["skipped"] += counted
                continue
            work.put((offset, first_game, games, text))
    except KeyboardInterrupt:
        interrupted = True
        failures.append(KeyboardInterrupt())
    finally:
        for _ in threads:
            work.put(None)
        for t in threads:
            t.join()
    said = f"{totals['loaded']} games loaded"
    if totals["read"] - totals["loaded"] - totals["refused"]:
        said += f", {totals['read'] - totals['loaded'] - totals['refused']} in the table already"
    if totals["refused"]:
        said += f", {totals['refused']} refused (load_rejects)"
    if totals["skipped"]:
        said += f", {totals['skipped']} loaded before (their batches skipped)"
    if failures:
        again = (f" (resume: the same input with --source {args.source} --resume)" if args.source is not None
                 else " (name the load with --source to resume it)")
        why = "interrupted" if interrupted else str(failures[0])
        sys.exit(f"load_pgn.py: {why}\nload_pgn.py: stopped: {said}{again}")
    print(said)


if __name__ == "__main__":
    main()
