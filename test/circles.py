#!/usr/bin/python3
"""The calls between the source files, from their object files: a file
depends on another when it uses a symbol the other defines (nm).  Prints
every circle of files that depend on each other (strongly connected
components of more than one file), then "N passed, M failed": one check
for the engine (src/engine/), one for the glue (src/*.c), each passing
when it has no circle.  Also fails a source file of more than 800 lines
whose first comment does not say why it is that long ("long:").

    python3 test/circles.py            (after make: it reads src/**/*.o)
"""
import glob
import os
import re
import subprocess
import sys

root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
passed = failed = 0


def check(ok, what):
    global passed, failed
    print(("ok     " if ok else "FAILED ") + what)
    passed, failed = passed + bool(ok), failed + (not ok)


def symbols(obj):
    out = subprocess.run(["nm", obj], capture_output=True, text=True, check=True).stdout
    defined, used = set(), set()
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 2 and parts[0] == "U":
            used.add(parts[1])
        elif len(parts) == 3 and parts[1] in "TDBRtdbr" and parts[1].isupper():
            # the clones of a target_clones function share its name with a suffix
            defined.add(re.sub(r"\.(default|arch_.*|popcnt.*|resolver)$", "", parts[2]))
    return defined, used


def circles(objs):
    info = {os.path.relpath(o, root)[:-2] + ".c": symbols(o) for o in objs}
    owner = {}
    for f, (defined, _) in info.items():
        for s in defined:
            owner[s] = f
    graph = {f: sorted({owner[s] for s in used if s in owner and owner[s] != f})
             for f, (_, used) in info.items()}
    # Tarjan's strongly connected components
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            comps.append(sorted(comp))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return graph, [c for c in comps if len(c) > 1]


sys.setrecursionlimit(10000)
for name, pattern in (("engine", "src/engine/*.o"), ("glue", "src/*.o")):
    # the objects of the present sources (not those a renamed file left behind)
    objs = sorted(o for o in glob.glob(os.path.join(root, pattern)) if os.path.exists(o[:-2] + ".c"))
    if not objs:
        check(False, f"the {name}'s object files are built ({pattern})")
        continue
    graph, found = circles(objs)
    for comp in found:
        print(f"   circle in the {name}: " + " <-> ".join(comp))
        for f in comp:
            print(f"      {f} uses " + ", ".join(g for g in graph[f] if g in comp))
    check(not found, f"no circle among the {len(objs)} files of the {name}")

for path in sorted(glob.glob(os.path.join(root, "src/*.c")) + glob.glob(os.path.join(root, "src/engine/*.c"))
                   + glob.glob(os.path.join(root, "src/*.h")) + glob.glob(os.path.join(root, "src/engine/*.h"))):
    rel = os.path.relpath(path, root)
    if rel.endswith(("bitboard_data.c", "openings_data.c")):
        continue                # made by the build: tables, not code
    text = open(path, encoding="utf-8").read()
    lines = text.count("\n")
    if lines > 800:
        head = text.split("*/", 1)[0]
        check("long:" in head, f"{rel}: {lines} lines, and its first comment says why (\"long:\")")
print(f"{passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
