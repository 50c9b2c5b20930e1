#!/usr/bin/env python3
"""The book's diagrams, generated so that they share one look and stay consistent.

    figures.py write IMAGES_DIR    write every figure as IMAGES_DIR/NAME.svg
    figures.py check IMAGES_DIR    fail (exit 1) when a committed figure differs from a fresh one
    figures.py list                the names of the figures

Each figure is a function that returns SVG text, in the module of its chapter
(book/tools/diagrams/chNN.py, whose FIGURES names its figures); they share
the palette and the SVG writer of book/tools/diagrams/svg.py. The output is
plain, deterministic SVG 1.1 (no scripts, no external fonts), viewable in a
browser, on a Git host and with `rsvg-convert`. Edit a figure there, run
`write`, and look at it (`rsvg-convert -o /tmp/f.png book/images/NAME.svg`).
"""
import os
import sys

sys.dont_write_bytecode = True  # no __pycache__ left in the source tree
from diagrams import ch01, ch02, ch03, ch04, ch05, ch06, ch07, ch08, ch09, ch10, ch11, ch12, ch13, ch14  # noqa: E402

CHAPTERS = (ch01, ch02, ch03, ch04, ch05, ch06, ch07, ch08, ch09, ch10, ch11, ch12, ch13, ch14)
FIGURES = {name: make for chapter in CHAPTERS for name, make in chapter.FIGURES.items()}


def main(argv):
    if len(argv) == 2 and argv[1] == "list":
        print("\n".join(sorted(FIGURES)))
        return 0
    if len(argv) != 3 or argv[1] not in ("write", "check"):
        print(__doc__)
        return 2
    folder, stale = argv[2], []
    for name, make in sorted(FIGURES.items()):
        path = os.path.join(folder, name + ".svg")
        svg = make()
        if argv[1] == "write":
            with open(path, "w", encoding="utf-8", newline="\n") as f:
                f.write(svg)
            continue
        try:
            with open(path, encoding="utf-8") as f:
                same = f.read() == svg
        except OSError:
            same = False
        if not same:
            stale.append(path)
    for path in stale:
        print(f"error: {path} differs from a fresh run of book/tools/figures.py "
              f"(run: python3 book/tools/figures.py write book/images)")
    if argv[1] == "check":
        print(f"{len(FIGURES)} figures checked, {len(stale)} stale")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
