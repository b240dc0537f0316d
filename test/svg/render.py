#!/usr/bin/python3
"""board_svg() rendered by a real browser: headless Chromium (Debian
chromium) draws the SVG to a PNG, and the pixels of known squares are
checked: the colours of light and dark squares, the last move, a king in
check, an arrow, a white and a black piece, and a1 at the top right when
Black is at the bottom.

Usage: render.py [README_PNG]   (libpq environment variables name a database
with the extension; README_PNG: where to save the picture the README shows)
Prints "board rendering: N passed, M failed".
"""
import os
import shutil
import subprocess
import sys
import tempfile

import psycopg

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from png import read_png  # noqa: E402

passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
        print(f"ok    {name}")
    else:
        failed += 1
        print(f"FAIL  {name} {detail}")


def near(rgb, hexcolour, tolerance=12):
    want = tuple(int(hexcolour[i:i + 2], 16) for i in (1, 3, 5))
    return all(abs(a - b) <= tolerance for a, b in zip(rgb, want))


def render(svg, size, work, name):
    path = os.path.join(work, name + ".svg")
    png = os.path.join(work, name + ".png")
    open(path, "w").write(svg)
    subprocess.run([shutil.which("chromium") or "chromium", "--headless", "--no-sandbox", "--disable-gpu",
                    "--hide-scrollbars", f"--window-size={size},{size}", f"--screenshot={png}",
                    "file://" + path], check=True, capture_output=True, timeout=120)
    return read_png(png), png


conn = psycopg.connect(autocommit=True)
work = tempfile.mkdtemp()
MATE = "r1bqkb1r/pppp1Qpp/2n2n2/4p3/2B1P3/8/PPPP1PPP/RNB1K1NR b KQkq - 0 4"
svg = conn.execute("SELECT board_svg(%s, lastmove => 'h5f7', arrows => '{c4f7}', marked => '{d8}', size => 400)",
                   (MATE,)).fetchone()[0]
(width, height, px), png = render(svg, 400, work, "mate")
check("the browser draws a 400 x 400 picture", (width, height) == (400, 400), f"{width} x {height}")


def square_px(name, dx, dy, flipped=False, margin=20, unit=45.0, scale=1.0):
    """A pixel of a square: (dx, dy) in units from its top-left corner."""
    f, r = "abcdefgh".index(name[0]), int(name[1]) - 1
    col, row = (7 - f, r) if flipped else (f, 7 - r)
    return px(int((margin + col * unit + dx) * scale), int((margin + row * unit + dy) * scale))


check("a1 is dark", near(square_px("a1", 3, 3), "#b58863"), square_px("a1", 3, 3))
check("h1 is light", near(square_px("h1", 3, 3), "#f0d9b5"), square_px("h1", 3, 3))
check("the last move's squares are highlighted (h5, f7)",
      near(square_px("h5", 22, 22), "#cdd26a") and near(square_px("f7", 3, 3), "#cdd26a"),
      (square_px("h5", 22, 22), square_px("f7", 3, 3)))
red = square_px("e8", 6, 22)
check("the king in check has a red mark", red[0] > 180 and red[1] < 110 and red[2] < 110, red)
# halfway between the centres of c4 (132.5, 222.5) and f7 (267.5, 87.5), on the arrow's line
mid = px(200, 155)
check("the arrow is drawn", mid[1] > mid[0] + 30 and mid[1] > mid[2] + 30, mid)
white_pawn = square_px("e4", 22.5, 30)
check("a white pawn is white inside", near(white_pawn, "#ffffff", 20), white_pawn)
black_pawn = square_px("e5", 22.5, 30)
check("a black pawn is black inside", near(black_pawn, "#000000", 20), black_pawn)
empty = square_px("e3", 22, 22)
check("an empty square is plain", near(empty, "#f0d9b5") or near(empty, "#b58863"), empty)

svg = conn.execute("SELECT board_svg(start_position(), 'black', coordinates => false, size => 360)").fetchone()[0]
(width, height, px), _ = render(svg, 360, work, "flipped")
check("Black at the bottom: a1 is the top-right square, dark, h1 the top-left, light",
      near(px(360 - 3, 3), "#b58863") and near(px(3, 3), "#f0d9b5"), (px(357, 3), px(3, 3)))

if len(sys.argv) > 1:
    shutil.copyfile(png, sys.argv[1])
shutil.rmtree(work)
print(f"board rendering: {passed} passed, {failed} failed")
sys.exit(1 if failed else 0)
