#!/usr/bin/env python3
"""Book listings are taken from the source, never retyped.

In the source, a listing is a region between two marker comments:

    /* [listing transform_to_mat4] */
    ...code...
    /* [/listing] */

In the book, a listing is a marker comment followed by a fenced code block:

    <!-- listing: common/transform_compose.c transform_to_mat4 -->
    ```c
    ...code...
    ```

Commands:
    listings.py check ROOT     fail (exit 1) when any book listing differs from its source
    listings.py update ROOT    rewrite the book's listings from the source
    listings.py strip ROOT     (student pack) replace listings of exercise solutions by a note
    listings.py selftest       prove that `check` catches drift
"""
import os
import re
import sys
import tempfile

BOOK_MARKER = re.compile(r"^<!-- listing: (\S+) (\S+)( \(solution of (\S+), not in the student pack\))? -->\s*$")
SOURCE_START = re.compile(r"\[listing (\S+)\]")
SOURCE_END = re.compile(r"\[/listing\]")


def source_listings(path):
    """name -> text of every listing region in one source file."""
    found, name, lines = {}, None, []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            start = SOURCE_START.search(line)
            if start:
                if name:
                    raise ValueError(f"{path}:{number}: listing '{start.group(1)}' starts inside '{name}'")
                name, lines = start.group(1), []
                continue
            if SOURCE_END.search(line):
                if not name:
                    raise ValueError(f"{path}:{number}: [/listing] without a start")
                if name in found:
                    raise ValueError(f"{path}:{number}: listing '{name}' appears twice")
                found[name] = "".join(lines).rstrip("\n") + "\n"
                name = None
                continue
            if name:
                lines.append(line.rstrip() + "\n")
    if name:
        raise ValueError(f"{path}: listing '{name}' is never closed")
    return found


def book_files(root):
    book = os.path.join(root, "book")
    return sorted(os.path.join(book, f) for f in os.listdir(book) if f.endswith(".md"))


def walk_book(path):
    """Yields (marker line index, source file, name, solution id, code start, code end)."""
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    i = 0
    while i < len(lines):
        m = BOOK_MARKER.match(lines[i])
        if m:
            if i + 1 >= len(lines) or not lines[i + 1].startswith("```"):
                raise ValueError(f"{path}:{i + 1}: a listing marker must be followed by a ``` code block")
            end = i + 2
            while end < len(lines) and not lines[end].startswith("```"):
                end += 1
            if end >= len(lines):
                raise ValueError(f"{path}:{i + 2}: the code block is never closed")
            yield i, m.group(1), m.group(2), m.group(4), i + 2, end, lines
            i = end
        i += 1


def check(root):
    problems, count = [], 0
    cache = {}
    for path in book_files(root):
        for marker, src, name, solution, start, end, lines in walk_book(path):
            count += 1
            where = f"{os.path.relpath(path, root)}:{marker + 1}"
            if solution:
                continue  # the student pack has no solutions to compare with
            full = os.path.join(root, src)
            if not os.path.exists(full):
                problems.append(f"{where}: {src} does not exist")
                continue
            if full not in cache:
                cache[full] = source_listings(full)
            if name not in cache[full]:
                problems.append(f"{where}: {src} has no listing '{name}'")
                continue
            book_text = "".join(l.rstrip() + "\n" for l in lines[start:end])
            if book_text != cache[full][name]:
                want = cache[full][name].splitlines()
                got = book_text.splitlines()
                first = next((k for k in range(max(len(want), len(got)))
                              if k >= len(want) or k >= len(got) or want[k] != got[k]), 0)
                problems.append(f"{where}: listing '{name}' differs from {src} at its line {first + 1}:\n"
                                f"    source: {want[first] if first < len(want) else '(end)'}\n"
                                f"    book:   {got[first] if first < len(got) else '(end)'}\n"
                                f"  run: python3 book/tools/listings.py update .")
    for p in problems:
        print("error:", p)
    print(f"{count} listings checked, {len(problems)} differ")
    return 1 if problems else 0


def update(root):
    for path in book_files(root):
        out, last, changed = [], 0, False
        with open(path, encoding="utf-8") as f:
            original = f.readlines()
        for marker, src, name, solution, start, end, lines in walk_book(path):
            out.extend(original[last:start])
            listing = source_listings(os.path.join(root, src)).get(name) if not solution else None
            if listing is None:
                out.extend(original[start:end])
            else:
                out.append(listing)
                changed |= "".join(original[start:end]) != listing
            last = end
        out.extend(original[last:])
        if changed:
            with open(path, "w", encoding="utf-8") as f:
                f.writelines(out)
            print("updated", os.path.relpath(path, root))
    return 0


def strip(root):
    """Replaces the listings that show an exercise's reference file."""
    solutions = {}
    with open(os.path.join(root, "exercises", "EXERCISES.tsv"), encoding="utf-8") as f:
        for row in f:
            fields = row.rstrip("\n").split("\t")
            if fields[0].startswith("ex"):
                solutions[fields[1]] = fields[0]
    for path in book_files(root):
        with open(path, encoding="utf-8") as f:
            original = f.readlines()
        out, last = [], 0
        for marker, src, name, solution, start, end, lines in walk_book(path):
            if src in solutions and not solution:
                ex = solutions[src]
                out.extend(original[last:marker])
                out.append(f"<!-- listing: {src} {name} (solution of {ex}, not in the student pack) -->\n")
                out.append(original[marker + 1])
                out.append(f"/* This listing is the solution of exercise {ex}: write it yourself in the stub. */\n")
                last = end
        out.extend(original[last:])
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(out)
    return 0


def selftest():
    """A listing that drifts from its source must fail the check."""
    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "book"))
        with open(os.path.join(root, "code.c"), "w") as f:
            f.write("int a;\n/* [listing add] */\nint add(int x, int y) { return x + y; }\n/* [/listing] */\n")
        def write_book(code):
            with open(os.path.join(root, "book", "01-test.md"), "w") as f:
                f.write("Text.\n\n<!-- listing: code.c add -->\n```c\n" + code + "```\n")
        write_book("int add(int x, int y) { return x + y; }\n")
        if check(root) != 0:
            print("selftest: a matching listing was reported as different")
            return 1
        write_book("int add(int x, int y) { return x - y; }\n")
        if check(root) == 0:
            print("selftest: a drifted listing was not caught")
            return 1
        with open(os.path.join(root, "code.c"), "w") as f:
            f.write("int a;\n")
        if check(root) == 0:
            print("selftest: a listing whose source region is gone was not caught")
            return 1
    print("selftest: drift is caught")
    return 0


def main(argv):
    if len(argv) == 2 and argv[1] == "selftest":
        return selftest()
    if len(argv) != 3 or argv[1] not in ("check", "update", "strip"):
        print(__doc__)
        return 2
    try:
        return {"check": check, "update": update, "strip": strip}[argv[1]](argv[2])
    except (ValueError, OSError) as e:
        print("error:", e)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
