#!/usr/bin/python3
"""Runs the examples of the documentation's function tables and checks their results.

Usage: readme.py [--static] [FILE.md ...]

The files default to README.md and every doc/*.md of the repository.
Without --static, libpq environment variables name the server, and the
extension must be installed in that database; --static checks only the
```sql blocks and connects to no server.

Every table with the columns "function | description | example | result"
is read row by row.  An example is run as written (a SELECT when it starts
with one, else SELECT <example>), as an ordinary user would type it into
psql, and its result compared with the result column:

  `X`        the one value is X (a boolean as true or false); `X`, `Y`
             the first values of the one row; a remark in parentheses
             after them is not compared
  `... X`    the value ends with X
  `X` …      the value starts with X
  N rows     the query gives N rows (", M nodes" after it: the second
             column sums to M)
  (empty)    the example runs without error

An example that writes "..." for something left out is not run.

Every ```sql block must appear verbatim in one of the pg_regress tests,
sql/*.sql (not the extension's scripts sql/chess--*.sql), whose expected
output shows what each block gives, or in test/shard/test.sh (the sharding
blocks, which need the shards); a block changed in the documentation and
not there fails here.

Prints one line per example and per block, as FILE:LINE, and
"N passed, M failed"; exits 1 when any failed.
"""
import glob
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
args = sys.argv[1:]
static = "--static" in args
paths = [a for a in args if a != "--static"]
if any(a.startswith("-") for a in paths):
    sys.exit(__doc__)
if not paths:
    paths = [os.path.join(root, "README.md")] + sorted(glob.glob(os.path.join(root, "doc", "*.md")))


def shown(path):
    # a path as the user gave it, or relative to the repository
    rel = os.path.relpath(path, root)
    return path if rel.startswith("..") else rel


def cells(line):
    # split on | outside backticks
    out, cur, tick = [], "", False
    for ch in line.strip()[1:-1]:
        if ch == "`":
            tick = not tick
        if ch == "|" and not tick:
            out.append(cur.strip())
            cur = ""
        else:
            cur += ch
    out.append(cur.strip())
    return [c.replace("\\|", "|") for c in out]


def examples_of(name, lines):
    found = []
    header = None
    for number, line in enumerate(lines, 1):
        if not line.startswith("|"):
            header = None
            continue
        row = cells(line)
        if header is None:
            header = [c.lower() for c in row]
            continue
        if set(row) <= {"---", ""} or "example" not in header or "result" not in header:
            continue
        example = row[header.index("example")]
        result = row[header.index("result")]
        m = re.fullmatch(r"`([^`]+)`", example)
        if not m:
            continue
        found.append((f"{name}:{number}", m.group(1), result))
    return found


tested = {}
for f in sorted(glob.glob(os.path.join(root, "sql", "*.sql"))) + [os.path.join(root, "test/shard/test.sh")]:
    if not os.path.basename(f).startswith("chess--"):
        tested[os.path.relpath(f, root)] = open(f, encoding="utf-8").read()

passed = failed = 0
examples = []
for path in paths:
    name = shown(path)
    lines = open(path, encoding="utf-8").read().splitlines()
    examples += examples_of(name, lines)
    text = "\n".join(lines) + "\n"
    for m in re.finditer(r"```sql\n(.*?)```", text, re.S):
        number = text.count("\n", 0, m.start()) + 1
        where = [f for f, t in tested.items() if m.group(1) in t]
        first = m.group(1).splitlines()[0] if m.group(1) else ""
        if where:
            passed += 1
            print(f"ok    {name}:{number}: the block {first!r} is in {where[0]}")
        else:
            failed += 1
            print(f"FAIL  {name}:{number}: the block {first!r} is in no tested file (sql/*.sql, test/shard/test.sh)")

if static:
    print(f"documentation SQL blocks: {passed} passed, {failed} failed")
    sys.exit(1 if failed else 0)

import psycopg  # noqa: E402 (only the full run needs a server)

conn = psycopg.connect(autocommit=True)
for where, sql, result in examples:
    if "..." in sql:
        continue
    query = sql if re.match(r"(?i)\s*select\b", sql) else f"SELECT {sql}"
    try:
        rows = conn.execute(query).fetchall()
        got_error = None
    except psycopg.Error as e:
        rows, got_error = None, f"{e.sqlstate}: {str(e).splitlines()[0]}"
    ok, want = True, result
    if got_error:
        ok = False
    elif m := re.fullmatch(r"(\d+) rows?(?:, (\d+) nodes)?", result):
        ok = len(rows) == int(m.group(1)) and (m.group(2) is None or sum(r[1] for r in rows) == int(m.group(2)))
    elif m := re.fullmatch(r"`\.\.\. ([^`]+)`", result):
        ok = len(rows) == 1 and str(rows[0][0]).rstrip("\n").endswith(m.group(1))
    elif m := re.fullmatch(r"`([^`]+)` …", result):
        ok = len(rows) == 1 and str(rows[0][0]).startswith(m.group(1))
    elif m := re.fullmatch(r"`([^`]*)`(?:, `([^`]*)`)*(?: \([^)]*\))?", result):
        values = re.findall(r"`([^`]*)`", result)
        shown_row = [("true" if v is True else "false" if v is False else str(v)) for v in rows[0]] if len(rows) == 1 else None
        ok = shown_row is not None and shown_row[:len(values)] == values
    elif result == "":
        ok = True
    else:
        ok, want = False, f"a result this test cannot read: {result!r}"
    if ok:
        passed += 1
        print(f"ok    {where}: {sql}")
    else:
        failed += 1
        print(f"FAIL  {where}: {sql}\n      wanted {want}, got {got_error or rows}")
print(f"documentation examples: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
