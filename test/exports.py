#!/usr/bin/python3
"""The dynamic symbols chess.so exports are exactly what the server looks up:
each C function that an install or upgrade script declares (its symbol and
its pg_finfo_ record) and the magic block (there is no _PG_init: the
engine's tables are constant data, nothing to set up when it loads).  Anything more could be
interposed by another library's symbol of the same name (issue 14).

usage: test/exports.py [chess.so]    (prints "N passed, M failed")"""
import glob
import os
import re
import subprocess
import sys

here = os.path.dirname(os.path.abspath(__file__))
lib = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "chess.so")
passed = failed = 0


def check(ok, what):
    global passed, failed
    print(("ok     " if ok else "FAILED ") + what)
    if ok:
        passed += 1
    else:
        failed += 1


# CREATE [OR REPLACE] FUNCTION name(...) ... AS 'MODULE_PATHNAME'[, 'symbol']
declared = set()
create = re.compile(r"CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+(?:\w+\.)?\"?(\w+)\"?\s*\(.*?;",
                    re.I | re.S)
for script in glob.glob(os.path.join(here, "..", "sql", "chess--*.sql")):
    text = re.sub(r"--[^\n]*", "", open(script).read())
    for m in create.finditer(text):
        a = re.search(r"AS\s+'MODULE_PATHNAME'\s*(?:,\s*'(\w+)')?", m.group(0), re.I)
        if a:
            declared.add(a.group(1) or m.group(1))
check(len(declared) > 100, f"the scripts declare {len(declared)} C functions")

out = subprocess.run(["nm", "-D", "--defined-only", lib], capture_output=True, text=True, check=True).stdout
exported = {line.split()[-1] for line in out.splitlines() if line.strip()}
# _PG_init: the server calls it when it loads the library (its planner hook)
expected = declared | {"pg_finfo_" + s for s in declared} | {"Pg_magic_func", "_PG_init"}

extra = sorted(exported - expected)
missing = sorted(expected - exported)
check(not extra, f"{len(exported)} symbols exported, none beyond what the server looks up"
      + (f" (also: {', '.join(extra[:20])}{' ...' if len(extra) > 20 else ''})" if extra else ""))
check(not missing, "every declared function and its info record is exported"
      + (f" (missing: {', '.join(missing[:20])})" if missing else ""))
for name in ("perft", "fen_parse", "gen_legal", "bb_init", "position_play", "game_reader_next"):
    check(name not in exported, f"the engine's {name} is not exported")

print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
