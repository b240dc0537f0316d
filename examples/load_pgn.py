#!/usr/bin/python3
"""Load a PGN file into the games table of examples/chessdb.sql from the client.

    zstdcat lichess_db_standard_rated_2024-01.pgn.zst |
        python3 examples/load_pgn.py --source 2024-01 [--jobs 2] [--skip-errors] [--resume] [--defer-explorer]
    python3 examples/load_pgn.py --encoding LATIN1 < old_collection.pgn

The path for a role that may not read the server's files: the PGN comes on
standard input (decompress it with zstdcat or zcat), is cut at game
boundaries into batches of about a megabyte (the pieces of the server's
parts: at the first tag line after an empty line past each megabyte),
and each batch is read by pgn_games() and inserted in one statement, its
own transaction, so memory stays flat on both sides however large the
file (the role needs a connection of its own: not through a pooler in
transaction mode; into a partitioned table, a sharded database's, a batch
goes through a temporary table, and the role needs TEMP on the
database).  The batches go as bytes
(bytea) in the file's encoding (--encoding, default UTF8; a UTF-8
byte-order mark is fine), which the server converts.  With --jobs N, N
sessions insert batches at once.  libpq's environment variables (PGHOST,
PGDATABASE, ...) or --dsn name the database.

Games are numbered and placed (byte offsets) as in the whole input (each
batch says where it is: pgn_games(first_game, first_offset)).  A bad
game stops the load with its error; with --skip-errors it is refused
instead, and recorded in the table load_rejects with its number, offset,
error and text.  A game the table has already (its game_key) is not
inserted again.  The table may be a sharded database's (the coordinator
of examples/coordinator.sql): each game goes to the shard of its key.
With --source NAME, each batch committed is recorded in load_batches in
the same transaction as its games; after a failure, a
cancel or a crash, the same command with --resume reads the same input
again and loads only the batches that are not in: no game twice, none
missed.  The recipe's explorer is kept current batch by batch; with
--defer-explorer (for the owner of games) the load calls explorer_defer()
first and leaves it stale, to be rebuilt after it: SELECT
explorer_rebuild().  Prints what it did: games loaded, present already,
refused.
"""
import argparse
import ctypes
import ctypes.util
import queue
import re
import shlex
import signal
import sys
import threading

import psycopg

BATCH_BYTES = 1 << 20

# One batch, one statement (so one transaction and one round trip): its
# games read by pgn_games() once; with --source, its row in load_batches
# with the number of games read (a session of another loader of the same
# name, or of a killed one, that is loading the same batch holds that row
# until its statement ends: the batch is loaded by whichever claims it
# first, and the other inserts nothing, or loads it if that statement
# fails); the good games inserted, and with --skip-errors the refused ones
# recorded with their text (once each: a load run again finds them
# there).  It returns the games read, inserted and refused, and whether
# the batch was its own.  Reading the games into a temporary table first,
# as the statements below do, made a load on one core 16 % slower (the
# rows written to a table, their game values to its TOAST, the table
# truncated at every commit).  psycopg gives a parameter the smallest
# integer type its value fits, so offset + bytes is summed as bigint:
# past 32767 or 2^31 it would overflow.
ONE = """
WITH b AS (
	SELECT game, tags, tag_order, result, value, error, byte_offset
	FROM pgn_games(%(text)s::bytea, %(encoding)s, keep_errors => %(skip)s,
	               first_game => %(first_game)s, first_offset => %(offset)s)
){claim}{refuse},
ins AS (
	INSERT INTO games (tags, tag_order, result, g)
	SELECT tags, tag_order, result, value FROM b WHERE error IS NULL{claimed}
	ON CONFLICT (game_key) DO NOTHING
	RETURNING 1
)
SELECT (SELECT count(*) FROM b), (SELECT count(*) FROM ins),
       (SELECT count(*) FROM b WHERE error IS NOT NULL), {own}
"""
ONE_CLAIM = """,
claim AS (
	INSERT INTO load_batches (source, byte_offset, bytes, first_game, games)
	SELECT %(source)s, %(offset)s, %(bytes)s, %(first_game)s, count(*) FROM b
	ON CONFLICT DO NOTHING
	RETURNING 1
)"""
ONE_REFUSE = """,
refuse AS (
	INSERT INTO load_rejects (source, game, byte_offset, error, pgn)
	SELECT %(source)s, game, byte_offset, error,
	       convert_from(substring(%(text)s::bytea FROM (byte_offset - %(offset)s)::integer + 1
	                              FOR (next - byte_offset)::integer), %(encoding)s)
	FROM (SELECT game, byte_offset, error,
	             coalesce(lead(byte_offset) OVER (ORDER BY game), %(offset)s::bigint + %(bytes)s) AS next
	      FROM b) r
	WHERE error IS NOT NULL{claimed}
	ON CONFLICT ((coalesce(source, '')), byte_offset) DO NOTHING
)"""


def one_statement(source, skip):
    """The statement ONE for a load with or without --source and --skip-errors."""
    claimed = "" if source is None else " AND EXISTS (SELECT FROM claim)"
    return ONE.format(claim="" if source is None else ONE_CLAIM,
                      refuse=ONE_REFUSE.format(claimed=claimed) if skip else "",
                      claimed=claimed, own="true" if source is None else "EXISTS (SELECT FROM claim)")


# Into a partitioned table (a sharded database's: examples/coordinator.sql),
# the same in steps, in one transaction: first the batch's row in
# load_batches; then its games, read once into the session's temporary
# table (a batch is a megabyte: so are its rows), the refused ones
# recorded with their text, the good ones inserted.  Each
# step's count is its command's row count: the insert into games has no
# RETURNING, which would make postgres_fdw send the rows to the shards one
# at a time instead of a thousand.  ON CONFLICT names nothing, as the
# partitioned table has no unique index of its own: the shards' game_key
# refuses a game twice.
CLAIM = """
INSERT INTO load_batches (source, byte_offset, bytes, first_game, games)
VALUES (%(source)s, %(offset)s, %(bytes)s, %(first_game)s, %(games)s)
ON CONFLICT DO NOTHING
RETURNING 1
"""
BATCH_TABLE = """
CREATE TEMPORARY TABLE load_pgn_batch (
	game integer, tags jsonb, tag_order text[], result text, value game, error text,
	byte_offset bigint, text_from integer, text_to integer
) ON COMMIT DELETE ROWS
"""
READ = """
INSERT INTO load_pgn_batch
SELECT game, tags, tag_order, result, value, error, byte_offset, (byte_offset - %(offset)s)::integer,
       coalesce(lead(byte_offset) OVER (ORDER BY game) - %(offset)s, %(bytes)s)::integer
FROM pgn_games(%(text)s::bytea, %(encoding)s, keep_errors => %(skip)s,
               first_game => %(first_game)s, first_offset => %(offset)s)
"""
LOAD = """
INSERT INTO games (tags, tag_order, result, g)
SELECT tags, tag_order, result, value FROM load_pgn_batch WHERE error IS NULL
ON CONFLICT DO NOTHING
"""
PARTITIONED = "SELECT relkind = 'p' FROM pg_class WHERE oid = 'games'::regclass"
# with --skip-errors: the refused games, recorded once each (a load run
# again finds them there); all of them are counted
REFUSE = """
INSERT INTO load_rejects (source, game, byte_offset, error, pgn)
SELECT %(source)s, game, byte_offset, error,
       convert_from(substring(%(text)s::bytea FROM text_from + 1 FOR text_to - text_from), %(encoding)s)
FROM load_pgn_batch WHERE error IS NOT NULL
ON CONFLICT ((coalesce(source, '')), byte_offset) DO NOTHING
"""
REFUSED = "SELECT count(*) FROM load_pgn_batch WHERE error IS NOT NULL"
# offsets count the file's bytes when the text is UTF-8, or a single-byte
# encoding converted into a UTF-8 database (doc/database.md)
EXACT_OFFSETS = """
SELECT current_setting('server_encoding') = 'UTF8'
       AND (pg_char_to_encoding(%s) = pg_char_to_encoding('UTF8')
            OR pg_encoding_max_length(pg_char_to_encoding(%s)) = 1)
"""


# A game begins at the "[" of a tag line after an empty line, as in the
# server's parts of a file (pgn_games_file(part => k, parts => n))
CUT = re.compile(rb"\n\r?\n\[")
LEAD = re.compile(rb"(?:\xef\xbb\xbf)?[ \t\r\n]*")
SEARCH_MAX = 64 << 20


class CutError(Exception):
    """Input that cannot be cut into batches."""


def cut_at(text, p):
    """Whether a game begins at text[p] by the rule of CUT."""
    return p >= 2 and text[p - 1] == 10 and (text[p - 2] == 10 or (p >= 3 and text[p - 3:p - 1] == b"\n\r"))


def count_games(text, at_start):
    """The games that begin in a batch, counted as the server counts them
    in the pieces of a part: one at each tag line after an empty line, one
    at the batch's start, and in the input's first batch one at its first
    tag when no empty line comes before it."""
    # the two forms of CUT counted by bytes.count(): 1.7 times the speed
    # of CUT.findall() on a megabyte of the benchmark's corpus; the second
    # only when the text has a carriage return (a memchr), which halves
    # the count's time for a file of Unix lines
    games = text.count(b"\n\n[")
    if b"\r" in text:
        games += text.count(b"\n\r\n[")
    if not at_start:
        return games + 1
    p = LEAD.match(text).end()
    return games + (text[p:p + 1] == b"[" and not cut_at(text, p))


def batches(stream, size=BATCH_BYTES):
    """Yield (offset, first_game, games, bytes) for the whole games of the
    input, about size bytes each: the pieces that pgn_games_file() cuts a
    file into for its parts when chess.pgn_piece_size is size, numbered
    alike.  Batch j ends at the first tag line after an empty line that
    begins at or after byte (j + 1) * size of the input (an empty batch is
    none), so that a load run again cuts the same batches.  A comment that
    holds an empty line followed by a tag line is cut inside; a game with
    no tags, or no empty line before them, is not counted, and the games
    of the batches after it are numbered one less (a warning says so)."""
    buf = bytearray()           # the input from byte offset on
    offset = 0
    first_game = 1
    eof = False
    while buf or not eof:
        end = (offset // size + 1) * size - offset     # the batch's cut is at or after buf[end]
        searched = end          # no cut at or after end begins before buf[searched]
        while True:
            m = CUT.search(buf, max(searched - 3, 0))
            while m is not None and m.end() - 1 < end:
                m = CUT.search(buf, m.start() + 1)
            if m is not None:
                cut = m.end() - 1
                break
            if eof:
                cut = len(buf)
                break
            if len(buf) - end > SEARCH_MAX:
                raise CutError(f"the input cannot be cut into batches: no empty line followed by a tag "
                               f"line in the {SEARCH_MAX >> 20} MB after byte {offset + end} "
                               "(are its games not separated by empty lines?)")
            searched = max(len(buf), end)
            data = stream.read(BATCH_BYTES)    # as the server reads, for the same refusal
            if data:
                buf += data
            else:
                eof = True
        if cut == 0:
            break
        text = bytes(memoryview(buf)[:cut])
        del buf[:cut]
        games = count_games(text, offset == 0)
        yield offset, first_game, games, text
        offset += cut
        first_game += games


def keep_freed_memory():
    """Keep the megabytes freed for the next batches (glibc returns them to
    the kernel, and their pages fault in again: 10 microseconds a page on
    some virtual machines, half the loader's own page faults)."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6")
        # M_MMAP_THRESHOLD (at most 32 MB before glibc 2.35), then M_TRIM_THRESHOLD
        if libc.mallopt(-3, 32 << 20):
            libc.mallopt(-1, 256 << 20)
    except (OSError, AttributeError):
        pass                            # not glibc


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dsn", default="", help="libpq connection string (default: environment)")
    parser.add_argument("--jobs", type=int, default=1, help="sessions inserting at once")
    parser.add_argument("--skip-errors", action="store_true",
                        help="refuse bad games into load_rejects instead of stopping")
    parser.add_argument("--batch-bytes", type=int, default=BATCH_BYTES,
                        help="the size of a batch, as the server's chess.pgn_piece_size (default a megabyte)")
    parser.add_argument("--encoding", default="UTF8", help="the file's encoding (LATIN1, WIN1252, ...)")
    parser.add_argument("--source", help="a name for this input: its batches are recorded in load_batches")
    parser.add_argument("--resume", action="store_true",
                        help="load only the batches of --source that are not in")
    parser.add_argument("--defer-explorer", action="store_true",
                        help="explorer_defer() before the load: SELECT explorer_rebuild() after it")
    args = parser.parse_args()
    keep_freed_memory()
    if args.resume and args.source is None:
        parser.error("--resume needs the --source of the load")
    if args.jobs < 1:
        parser.error("--jobs is at least 1")
    if not 1 <= args.batch_bytes <= 64 << 20:
        parser.error("--batch-bytes is from 1 to 67108864, as chess.pgn_piece_size")

    done = {}
    with psycopg.connect(args.dsn) as conn:
        exact = conn.execute(EXACT_OFFSETS, (args.encoding, args.encoding)).fetchone()[0]
        sharded = conn.execute(PARTITIONED).fetchone()[0]
        if not exact and (args.source is not None or args.skip_errors):
            sys.exit("load_pgn.py: with this encoding and database the offsets are not the file's bytes, "
                     "which --source and --skip-errors need: convert the file to UTF-8 (iconv), "
                     "or load it without them")
        if args.defer_explorer:
            conn.execute("SELECT explorer_defer()")
            conn.commit()
        if args.source is not None:
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

    def load_steps(conn, values):
        """A batch into a partitioned table: (read, loaded, refused), or
        None when another session has it."""
        with conn.transaction():
            if args.source is not None and conn.execute(CLAIM, values).fetchone() is None:
                return None
            read = conn.execute(READ, values).rowcount
            refused = 0
            if args.skip_errors:
                conn.execute(REFUSE, values)
                refused = conn.execute(REFUSED).fetchone()[0]
            loaded = conn.execute(LOAD).rowcount
            if args.source is not None and read != values["games"]:
                conn.execute("UPDATE load_batches SET games = %(read)s "
                             "WHERE source = %(source)s AND byte_offset = %(offset)s",
                             dict(values, read=read))
        return read, loaded, refused

    def worker():
        try:
            with psycopg.connect(args.dsn) as conn:
                if sharded:
                    conn.execute(BATCH_TABLE)
                else:
                    one = one_statement(args.source, args.skip_errors)
                # a custom plan would copy the batch's megabyte into the
                # plan twice (a parameter made a constant); the generic
                # plan reads it where it arrived
                conn.execute("SET plan_cache_mode = force_generic_plan")
                conn.commit()
                conn.autocommit = not sharded
                while (item := work.get()) is not None:
                    if failures:
                        continue
                    offset, first_game, games, text = item
                    values = {"text": text, "encoding": args.encoding, "skip": args.skip_errors,
                              "source": args.source, "offset": offset, "bytes": len(text),
                              "first_game": first_game, "games": games}
                    if sharded:
                        counts = load_steps(conn, values)
                    else:
                        *counts, own = conn.execute(one, values).fetchone()
                        if not own:
                            counts = None
                    if counts is None:
                        with lock:
                            totals["skipped"] += games
                        continue
                    read, loaded, refused = counts
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
    uncut = None                # input that cannot be cut: the batches before it are loaded
    try:
        for offset, first_game, games, text in batches(sys.stdin.buffer, args.batch_bytes):
            if failures:
                break
            if offset in done:
                size, first, counted = done[offset]
                if (size, first) != (len(text), first_game):
                    failures.append(RuntimeError(
                        f"the batch at byte {offset} is not the one loaded as {args.source!r} "
                        f"({len(text)} bytes from game {first_game}, then {size} from game {first}): "
                        "is this the same input, with the same --batch-bytes, and the loader that began it?"))
                    break
                with lock:
                    totals["skipped"] += counted
                continue
            work.put((offset, first_game, games, text))
    except KeyboardInterrupt:
        interrupted = True
    except CutError as e:
        uncut = e
    finally:
        # a second Ctrl-C or kill would leave the sessions waiting for their end
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        if interrupted:
            failures.append(KeyboardInterrupt())
        for _ in threads:
            work.put(None)
        for t in threads:
            t.join()
    if uncut is not None:
        failures.append(uncut)
    said = f"{totals['loaded']} games loaded"
    if totals["read"] - totals["loaded"] - totals["refused"]:
        said += f", {totals['read'] - totals['loaded'] - totals['refused']} in the table already"
    if totals["refused"]:
        said += f", {totals['refused']} refused (load_rejects)"
    if totals["skipped"]:
        said += f", {totals['skipped']} loaded before (their batches skipped)"
    if failures:
        again = ("" if uncut is not None else
                 f" (resume: the same input with --source {shlex.quote(args.source)} --resume)"
                 if args.source is not None else " (name the load with --source to resume it)")
        errors = [f for f in failures if not isinstance(f, KeyboardInterrupt)]
        why = str(errors[0]) if errors else "interrupted"
        sys.exit(f"load_pgn.py: {why}\nload_pgn.py: stopped: {said}{again}")
    print(said)


if __name__ == "__main__":
    main()
