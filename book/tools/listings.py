#!/usr/bin/env python3
"""Book listings are taken from the source, never retyped.

In the source, a listing is a region between two marker comments:

    /* [listing transform_to_mat4] */
    ...code...
    /* [/listing] */

Inside a region, error paths and other detail can be left out of the book
with an elision, which the book shows as one visible line:

    /* [elide] */                      in the book:   /* ... */
    ...lines left out...
    /* [/elide] */

    /* [elide the error paths] */      in the book:   /* ... the error paths */

The elided line keeps the indentation of its `[elide]` marker; the lines the
book does show are still compared with the source, line by line.

In the book, a listing is a marker comment followed by a fenced code block:

    <!-- listing: common/transform_compose.c transform_to_mat4 -->
    ```c
    ...code...
    ```

The fence names the language of the source: `glsl` for shaders (.vert, .frag,
.glsl), `c` for C. A listing is at most 40 lines (MAX_LISTING_LINES): a longer
function is shown in parts (several regions) or with elisions.

Every chapter from 01 on shows at least two diagrams (SVG figures in
book/images, MIN_DIAGRAMS).

A listing of an exercise's reference file (exercises/EXERCISES.tsv) is that
exercise's solution: the chapter must pose the exercise first, so the text
before its first solution listing names the id and the command that grades it
(`ctest --test-dir build -L ex03.2 ...`). The HTML book folds such listings
behind a "Solution" disclosure (book/tools/book.lua).

Commands:
    listings.py check ROOT     fail (exit 1) when any book listing differs from its source
    listings.py update ROOT    rewrite the book's listings from the source
    listings.py lint ROOT      fail when a listing is over 40 lines, a solution is shown before its
                               exercise is posed, or a chapter has fewer than two diagrams
    listings.py strip ROOT     (student pack) replace listings of exercise solutions by a note, drop
                               full-tree-only text, fail when the book or a README names a removed file
    listings.py pack-check ROOT   the same on a copy of the Markdown: what a pack would say, tree untouched
    listings.py pack-leaks ROOT [PACK]   fail when a file of the student pack PACK (default: the pack ROOT
                               would export, its book stripped) repeats 4 lines in a row of a reference
                               solution of ROOT (comments, blank lines and spacing ignored; see LEAK_LINES)
    listings.py selftest       prove that `check` and `lint` catch what they claim to
"""
import os
import re
import sys
import tempfile

BOOK_MARKER = re.compile(r"^<!-- listing: (\S+) (\S+)( \(solution of (\S+), not in the student pack\))? -->\s*$")
SOURCE_START = re.compile(r"\[listing (\S+)\]")
SOURCE_END = re.compile(r"\[/listing\]")
ELIDE_START = re.compile(r"^(\s*)(/\*|//) \[elide(?: (.*))?\]( \*/)?\s*$")
ELIDE_END = re.compile(r"^\s*(/\*|//) \[/elide\]( \*/)?\s*$")
MAX_LISTING_LINES = 40
MIN_DIAGRAMS = 2
FENCES = {".vert": "glsl", ".frag": "glsl", ".glsl": "glsl", ".c": "c", ".h": "c"}


def source_listings(path):
    """name -> text of every listing region in one source file, elisions applied."""
    found, name, lines, eliding = {}, None, [], None
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
                if eliding:
                    raise ValueError(f"{path}:{eliding}: [elide] is not closed before the end of '{name}'")
                if name in found:
                    raise ValueError(f"{path}:{number}: listing '{name}' appears twice")
                found[name] = "".join(lines).rstrip("\n") + "\n"
                name = None
                continue
            elide = ELIDE_START.match(line)
            if elide:
                if not name:
                    raise ValueError(f"{path}:{number}: [elide] outside a listing")
                if eliding:
                    raise ValueError(f"{path}:{number}: [elide] inside another [elide] (line {eliding})")
                indent, opener, text = elide.group(1), elide.group(2), elide.group(3)
                shown = "..." + (" " + text if text else "")
                lines.append(indent + (f"/* {shown} */" if opener == "/*" else f"// {shown}") + "\n")
                eliding = number
                continue
            if ELIDE_END.match(line):
                if not eliding:
                    raise ValueError(f"{path}:{number}: [/elide] without an [elide]")
                eliding = None
                continue
            if name and not eliding:
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
                try:
                    cache[full] = source_listings(full)
                except ValueError as e:
                    cache[full] = {}
                    problems.append(f"{where}: {e}")
                    continue
            if name not in cache[full]:
                problems.append(f"{where}: {src} has no listing '{name}'")
                continue
            fence = FENCES.get(os.path.splitext(src)[1])
            if fence and lines[start - 1].strip() != "```" + fence:
                problems.append(f"{where}: listing '{name}' is fenced as {lines[start - 1].strip()!r}; "
                                f"a listing of {src} is fenced as '```{fence}'")
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


def exercise_solutions(root):
    """reference file -> exercise id, from exercises/EXERCISES.tsv."""
    solutions = {}
    with open(os.path.join(root, "exercises", "EXERCISES.tsv"), encoding="utf-8") as f:
        for row in f:
            fields = row.rstrip("\n").split("\t")
            if fields[0].startswith("ex") and len(fields) > 1:
                solutions[fields[1]] = fields[0]
    return solutions


def lint(root):
    """The shape rules: listings a reader can hold, exercises posed before their solutions."""
    problems, count = [], 0
    solutions = exercise_solutions(root)
    for path in book_files(root):
        posed_before = {}
        for marker, src, name, solution, start, end, lines in walk_book(path):
            count += 1
            where = f"{os.path.relpath(path, root)}:{marker + 1}"
            if end - start > MAX_LISTING_LINES:
                problems.append(f"{where}: listing '{name}' is {end - start} lines, more than {MAX_LISTING_LINES}: "
                                f"show it in parts or elide detail with /* [elide] */ ... /* [/elide] */ "
                                f"in {src}")
            ex = solution or solutions.get(src)
            if ex and ex not in posed_before:
                text = "".join(lines[:marker])
                posed_before[ex] = re.search(r"-L " + re.escape(ex) + r"\b", text) is not None
                if not posed_before[ex]:
                    problems.append(f"{where}: listing '{name}' is the solution of {ex}, but the text before it "
                                    f"does not pose the exercise (its id and `ctest --test-dir build -L {ex} "
                                    f"--output-on-failure`)")
    # Every chapter (01 on) explains with at least two diagrams (SVG figures in book/images).
    for path in book_files(root):
        name = os.path.basename(path)
        if re.match(r"^(0[1-9]|[1-9]\d)-", name):
            with open(path, encoding="utf-8") as f:
                figures = set(re.findall(r"!\[[^\]]*\]\((images/[^)\s]+\.svg)\)", f.read()))
            if len(figures) < MIN_DIAGRAMS:
                problems.append(f"book/{name}: {len(figures)} diagram(s); a chapter has at least {MIN_DIAGRAMS} "
                                f"(SVG figures, e.g. generated by book/tools/figures.py)")
    for p in problems:
        print("error:", p)
    print(f"{count} listings linted, {len(problems)} problems")
    return 1 if problems else 0


FULL_TREE_ONLY = re.compile(r"^<!-- full tree only -->\s*$")
FULL_TREE_ONLY_END = re.compile(r"^<!-- /full tree only -->\s*$")
PACK_REMOVED_TOOLS = ["exercises/export_student_pack.sh"]  # removed from a pack besides the reference files


def pack_markdown(root):
    """The Markdown files a student pack keeps: the book, the README, the chapters' and exercises' READMEs."""
    found = list(book_files(root))
    if os.path.isfile(os.path.join(root, "exercises", "README.md")):
        found.append(os.path.join(root, "exercises", "README.md"))
    for top in ("chapters", "exercises"):
        folder = os.path.join(root, top)
        if os.path.isdir(folder):
            for sub in sorted(os.listdir(folder)):
                readme = os.path.join(folder, sub, "README.md")
                if os.path.isfile(readme):
                    found.append(readme)
    if os.path.isfile(os.path.join(root, "README.md")):
        found.append(os.path.join(root, "README.md"))
    return found


def strip_full_tree_only(path):
    """Drops the blocks between <!-- full tree only --> and <!-- /full tree only --> (instructor notes)."""
    with open(path, encoding="utf-8") as f:
        lines = f.readlines()
    out, skipping = [], None
    for number, line in enumerate(lines, 1):
        if FULL_TREE_ONLY.match(line):
            if skipping:
                raise ValueError(f"{path}:{number}: 'full tree only' inside another (line {skipping})")
            skipping = number
        elif FULL_TREE_ONLY_END.match(line):
            if not skipping:
                raise ValueError(f"{path}:{number}: '/full tree only' without a start")
            skipping = None
        elif not skipping:
            out.append(line)
    if skipping:
        raise ValueError(f"{path}:{skipping}: 'full tree only' is never closed")
    if out != lines:
        with open(path, "w", encoding="utf-8") as f:
            f.writelines(out)


def missing_in_pack(root, solutions):
    """Mentions, in the text of every Markdown file a pack keeps (the book, the README, the chapters' and
    exercises' READMEs), of files a student pack does not have: by their path from the root
    (`common/transform_compose.c`), or by their path from the README's own folder (`obj_corner.c` in
    chapters/02_obj_loader/README.md, `../../common/transform_compose.c`)."""
    removed = list(solutions) + PACK_REMOVED_TOOLS
    problems = []
    for path in pack_markdown(root):
        with open(path, encoding="utf-8") as f:
            text = f.read()
        prose = re.sub(r"<!--.*?-->", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
        folder = os.path.dirname(os.path.abspath(path))
        names = []
        for name in removed:
            relative = os.path.relpath(os.path.join(os.path.abspath(root), name), folder).replace(os.sep, "/")
            # A whole path: not the tail of a longer one (exercises/02_obj_loader/obj_corner.c is the stub).
            names.append((name, re.compile(r"(?<![\w./-])" + re.escape(relative) + r"(?![\w/])")))
        for number, line in enumerate(prose.splitlines(), 1):
            for name, relative in names:
                if name in line or relative.search(line):
                    problems.append(f"{os.path.relpath(path, root)}:{number}: names {name}, which a student pack "
                                    f"does not have (name the stub, or put the text between <!-- full tree only --> "
                                    f"and <!-- /full tree only -->)")
    return problems


def strip(root):
    """Makes the book of a student pack: listings of exercise solutions become a note, instructor-only
    text goes (book and READMEs), and nothing is left, in the book or any README, that names a file the pack
    does not have."""
    solutions = exercise_solutions(root)
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
    for path in pack_markdown(root):
        strip_full_tree_only(path)
    problems = missing_in_pack(root, solutions)
    for p in problems:
        print("error:", p)
    return 1 if problems else 0


def pack_check(root):
    """What `strip` would say in a student pack, run on a copy of the tree's Markdown (the tree is not
    touched): fails when the book or a README names a file that the pack lacks outside full-tree-only text."""
    import shutil
    with tempfile.TemporaryDirectory() as copy:
        for path in pack_markdown(root) + [os.path.join(root, "exercises", "EXERCISES.tsv")]:
            target = os.path.join(copy, os.path.relpath(path, root))
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(path, target)
        status = strip(copy)
    print(f"pack check: {'a student pack would name a file it lacks' if status else 'nothing names a file a student pack lacks'}")
    return status


# A pack gives a solution away when one of its files repeats LEAK_LINES lines
# in a row of a reference solution. Lines are compared without comments and
# without any whitespace, and only lines that say something count: a line
# with fewer than LEAK_MIN_CHARS characters left (`}`, `{`, `else`,
# `return true;`, `break;`) or a preprocessor line (`#include`, `#endif`) is
# skipped on both sides, so it neither adds to a run nor breaks one. A stub
# shares its function's signature (a line or two) with the reference, which
# stays under the limit.
LEAK_LINES = 4
LEAK_MIN_CHARS = 12


def significant_lines(text):
    """(line number, line without comments and whitespace) of the lines that count toward a repeated solution."""
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        line = re.sub(r"\s+", "", re.sub(r"//.*", "", line))
        if len(line) >= LEAK_MIN_CHARS and not line.startswith("#"):
            found.append((number, line))
    return found


def read_text(path):
    """A file's text, or None for a binary, unreadable or large (> 2 MB: models, images) file."""
    try:
        if os.path.getsize(path) > 2_000_000:
            return None
        with open(path, encoding="utf-8") as f:
            return f.read()
    except (OSError, UnicodeDecodeError):
        return None


def repeated_solutions(files, references):
    """files: {name shown: path}; references: {reference file: (exercise id, path)}. Returns one problem per
    file and reference: the first run of LEAK_LINES or more significant lines of the reference, in a row."""
    runs = {}  # LEAK_LINES lines in a row -> (reference, index of the first) for every place in every reference
    lines_of = {}
    for ref, (ex, path) in sorted(references.items()):
        text = read_text(path)
        if text is None:
            continue
        lines_of[ref] = significant_lines(text)
        keys = [l for _, l in lines_of[ref]]
        for i in range(len(keys) - LEAK_LINES + 1):
            runs.setdefault(tuple(keys[i:i + LEAK_LINES]), []).append((ref, i))
    problems = []
    for name, path in sorted(files.items()):
        text = read_text(path)
        if text is None:
            continue
        lines = significant_lines(text)
        keys = [l for _, l in lines]
        reported = set()
        for i in range(len(keys) - LEAK_LINES + 1):
            for ref, j in runs.get(tuple(keys[i:i + LEAK_LINES]), []):
                if ref in reported:
                    continue
                reported.add(ref)
                n = LEAK_LINES
                while i + n < len(keys) and j + n < len(lines_of[ref]) and keys[i + n] == lines_of[ref][j + n][1]:
                    n += 1
                problems.append(f"{name}:{lines[i][0]}-{lines[i + n - 1][0]} repeats {n} lines in a row of {ref} "
                                f"(its lines {lines_of[ref][j][0]}-{lines_of[ref][j + n - 1][0]}), the solution of "
                                f"{references[ref][0]}: a student pack must not contain it "
                                f"(first line: {text.splitlines()[lines[i][0] - 1].strip()})")
    return problems


def tree_files(root):
    """The files of the tree that an export would put in a pack: what git tracks plus new files it does not
    ignore (the export takes what is committed), or every file outside .git and build folders."""
    import subprocess
    p = subprocess.run(["git", "-C", root, "ls-files", "-z", "-c", "-o", "--exclude-standard"],
                       capture_output=True)
    if p.returncode == 0 and os.path.exists(os.path.join(root, ".git")):
        names = [n for n in p.stdout.decode("utf-8", "replace").split("\0") if n]
    else:
        names = []
        for folder, dirs, files in os.walk(root):
            dirs[:] = [d for d in dirs if d != ".git" and not (folder == root and d.startswith("build"))]
            names += [os.path.relpath(os.path.join(folder, f), root).replace(os.sep, "/") for f in files]
    return sorted(n for n in names if os.path.isfile(os.path.join(root, n)))


def pack_leaks(root, pack=None):
    """Fails when a file of a student pack repeats LEAK_LINES lines in a row of a reference solution of root.
    Without pack: the pack root would export (its files, the book and READMEs as `strip` leaves them),
    computed on a copy; the tree is not touched."""
    import shutil
    solutions = exercise_solutions(root)
    references = {ref: (ex, os.path.join(root, ref)) for ref, ex in solutions.items()
                  if os.path.isfile(os.path.join(root, ref))}
    with tempfile.TemporaryDirectory() as copy:
        if pack:
            files = {name: os.path.join(pack, name) for name in tree_files(pack)}
        else:
            names = [n for n in tree_files(root) if n not in solutions and n not in PACK_REMOVED_TOOLS]
            files = {name: os.path.join(root, name) for name in names}
            # The Markdown as a pack has it: solution listings replaced by a note.
            for path in pack_markdown(root) + [os.path.join(root, "exercises", "EXERCISES.tsv")]:
                target = os.path.join(copy, os.path.relpath(path, root))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                shutil.copyfile(path, target)
            with open(os.devnull, "w") as quiet:
                stdout, sys.stdout = sys.stdout, quiet
                try:
                    strip(copy)
                finally:
                    sys.stdout = stdout
            for path in pack_markdown(copy):
                files[os.path.relpath(path, copy).replace(os.sep, "/")] = path
        problems = repeated_solutions(files, references)
    for p in problems:
        print("error:", p)
    print(f"pack leaks: {len(files)} files of the pack checked against {len(references)} reference solutions, "
          f"{len(problems)} repeat one ({LEAK_LINES} lines in a row or more)")
    return 1 if problems else 0


def selftest():
    """Each check must catch what it claims to: drift, elisions, fences, long listings, unposed solutions."""
    failures = []

    def expect(what, got, want):
        if (got == 0) != want:
            failures.append(f"selftest: {what} was {'accepted' if got == 0 else 'rejected'}")

    with tempfile.TemporaryDirectory() as root:
        os.makedirs(os.path.join(root, "book"))
        os.makedirs(os.path.join(root, "exercises"))

        def write(rel, text):
            with open(os.path.join(root, rel), "w", encoding="utf-8") as f:
                f.write(text)

        def write_book(code, fence="c", before="Text.\n\n", src="code.c", name="add"):
            write("book/01-test.md", f"{before}<!-- listing: {src} {name} -->\n```{fence}\n{code}```\n")

        write("exercises/EXERCISES.tsv", "id\treference\tstub\ttitle\nex01.1\tsolved.c\tstub.c\tAdd\n")
        write("code.c", "int a;\n/* [listing add] */\nint add(int x, int y) { return x + y; }\n/* [/listing] */\n")
        write_book("int add(int x, int y) { return x + y; }\n")
        expect("a matching listing", check(root), True)
        write_book("int add(int x, int y) { return x - y; }\n")
        expect("a drifted listing", check(root), False)
        write_book("int add(int x, int y) { return x + y; }\n", fence="glsl")
        expect("a C listing fenced as glsl", check(root), False)
        write("code.c", "int a;\n")
        expect("a listing whose source region is gone", check(root), False)

        # Elisions: the book shows "/* ... */" in place of the elided lines, and the lines around it are checked.
        write("code.c", "/* [listing f] */\nint f(int x)\n{\n    /* [elide the checks] */\n    if (x < 0)\n"
                        "        return -1;\n    /* [/elide] */\n    return x * 2;\n}\n/* [/listing] */\n")
        elided = "int f(int x)\n{\n    /* ... the checks */\n    return x * 2;\n}\n"
        write_book(elided, name="f")
        expect("a listing with its elision shown as /* ... the checks */", check(root), True)
        write_book("int f(int x)\n{\n    if (x < 0)\n        return -1;\n    return x * 2;\n}\n", name="f")
        expect("a listing that shows the elided lines instead of the elision", check(root), False)
        write_book("int f(int x)\n{\n    return x * 2;\n}\n", name="f")
        expect("a listing that drops the elision line", check(root), False)
        write_book(elided.replace("x * 2", "x * 3"), name="f")
        expect("a listing that drifts next to an elision", check(root), False)
        write_book(elided.replace("    /* ...", "/* ..."), name="f")
        expect("an elision at the wrong indentation", check(root), False)
        write("code.c", "/* [listing f] */\nint f(int a[2])\n{\n    /* [elide swap a[0] and a[1]] */\n"
                        "    int t = a[0];\n    a[0] = a[1], a[1] = t;\n    /* [/elide] */\n    return a[0];\n}\n"
                        "/* [/listing] */\n")
        write_book("int f(int a[2])\n{\n    /* ... swap a[0] and a[1] */\n    return a[0];\n}\n", name="f")
        expect("an elision whose text has brackets", check(root), True)
        write("code.c", "/* [listing f] */\nint f(int x)\n{\n    /* [elide] */\n    return x * 2;\n}\n"
                        "/* [/listing] */\n")
        write_book("int f(int x)\n{\n    /* ... */\n", name="f")
        expect("an elision never closed", check(root), False)

        # Lint: a chapter needs two diagrams.
        figures = "![a](images/a.svg)\n![b](images/b.svg)\n\n"
        write_book("int add(int x, int y) { return x + y; }\n", before=figures)
        write("code.c", "int a;\n/* [listing add] */\nint add(int x, int y) { return x + y; }\n/* [/listing] */\n")
        expect("a chapter with two diagrams", lint(root), True)
        write_book("int add(int x, int y) { return x + y; }\n", before="![a](images/a.svg)\n\n")
        expect("a chapter with one diagram", lint(root), False)

        # Lint: 40 lines fit, 41 do not.
        body = "".join(f"int v{i};\n" for i in range(41))
        write("code.c", "/* [listing long] */\n" + body + "/* [/listing] */\n"
                        "/* [listing fits] */\n" + "".join(body.splitlines(True)[:40]) + "/* [/listing] */\n")
        write_book("".join(body.splitlines(True)[:40]), name="fits", before=figures)
        expect("a listing of 40 lines", lint(root), True)
        write_book(body, name="long", before=figures)
        expect("a listing of 41 lines", lint(root), False)

        # Lint: a solution listing needs its exercise posed (id and ctest command) before it.
        write("solved.c", "/* [listing add] */\nint add(int x, int y) { return x + y; }\n/* [/listing] */\n")
        code = "int add(int x, int y) { return x + y; }\n"
        write_book(code, src="solved.c", before=figures)
        expect("a solution shown before its exercise is posed", lint(root), False)
        write_book(code, src="solved.c", before=figures + "Exercise ex01.1 is at the end of the chapter.\n\n")
        expect("a solution after its id but without the ctest command", lint(root), False)
        write_book(code, src="solved.c",
                   before=figures + "**Exercise ex01.1.** Write add().\n`ctest --test-dir build -L ex01.1`\n\n")
        expect("a solution posed first", lint(root), True)
        write_book(code, src="solved.c",
                   before=figures + "**Exercise ex01.1.** Write add().\n`ctest --test-dir build -L ex01.10`\n\n")
        expect("a solution posed with another exercise's id (ex01.10)", lint(root), False)
        # Strip (student pack): a solution listing becomes a note, instructor text goes, and a
        # remaining mention of a removed file fails.
        write_book(code, src="solved.c",
                   before="Pose: `ctest --test-dir build -L ex01.1`.\n\n<!-- full tree only -->\n"
                          "Instructors run `exercises/export_student_pack.sh`.\n<!-- /full tree only -->\n\n")
        expect("a pack whose book names no removed file", strip(root), True)
        with open(os.path.join(root, "book", "01-test.md"), encoding="utf-8") as f:
            packed = f.read()
        if "return x + y" in packed or "export_student_pack" in packed or "solution of exercise ex01.1" not in packed:
            failures.append("selftest: strip left a solution or instructor text in the pack's book:\n" + packed)
        write_book(code, src="solved.c", before="The reference is `solved.c`: `ctest --test-dir build -L ex01.1`.\n\n")
        expect("a pack whose book still names the removed solved.c", strip(root), False)
        # The chapters' and exercises' READMEs are checked too, with paths relative to their folder.
        write_book(code, src="solved.c", before="Pose: `ctest --test-dir build -L ex01.1`.\n\n")
        os.makedirs(os.path.join(root, "chapters", "01_test"))
        os.makedirs(os.path.join(root, "exercises", "01_test"))
        write("exercises/EXERCISES.tsv", "id\treference\tstub\ttitle\n"
                                         "ex01.1\tchapters/01_test/solved.c\texercises/01_test/solved.c\tAdd\n")
        write("chapters/01_test/solved.c", "int add(int x, int y) { return x + y; }\n")
        write_book(code, src="chapters/01_test/solved.c", before="Pose: `ctest --test-dir build -L ex01.1`.\n\n")
        write("exercises/01_test/README.md", "Edit `exercises/01_test/solved.c`, the stub: `solved.c`.\n")
        write("chapters/01_test/README.md", "| `main.c` | the program |\n\n<!-- full tree only -->\n"
                                            "| `solved.c` | the reference |\n<!-- /full tree only -->\n")
        expect("a pack whose READMEs name only the stub, or the reference in full-tree-only text", strip(root), True)
        with open(os.path.join(root, "chapters", "01_test", "README.md"), encoding="utf-8") as f:
            if "solved.c" in f.read():
                failures.append("selftest: strip left full-tree-only text in a chapter README")
        write("chapters/01_test/README.md", "| `solved.c` | the reference |\n")
        expect("a chapter README that names its removed file by its bare name", strip(root), False)
        write("chapters/01_test/README.md", "")
        write("exercises/01_test/README.md", "The reference is `../../chapters/01_test/solved.c`.\n")
        expect("an exercise README that names the removed file relative to its folder", strip(root), False)
        write("exercises/01_test/README.md", "")
        write("exercises/README.md", "The reference is chapters/01_test/solved.c.\n")
        expect("exercises/README.md naming the removed file", strip(root), False)
        write("exercises/README.md", "")

        # Pack leaks: a file of the pack that repeats 4 lines in a row of a solution.
        solution = ("/* solved.c */\n#include <math.h>\n\nfloat length3(const float v[3])\n{\n"
                    "    float sum = v[0] * v[0];\n    sum += v[1] * v[1];\n    sum += v[2] * v[2];\n"
                    "    if (!(sum > 0.0f))\n        return 0.0f;\n    return sqrtf(sum);\n}\n")
        write("chapters/01_test/solved.c", solution)
        pack = os.path.join(root, "pack")
        os.makedirs(os.path.join(pack, "exercises", "01_test"))

        def write_pack(rel, text):
            os.makedirs(os.path.dirname(os.path.join(pack, rel)), exist_ok=True)
            with open(os.path.join(pack, rel), "w", encoding="utf-8") as f:
                f.write(text)

        write_pack("exercises/01_test/solved.c", "#include <math.h>\n\nfloat length3(const float v[3])\n{\n"
                                                 "    /* TODO */\n    (void)v;\n    return 0.0f;\n}\n")
        expect("a pack whose stub shares only the signature with the solution", pack_leaks(root, pack), True)
        write_pack("bench.c", "/* a fallback */\nfloat fast(const float *v)\n{\n  float sum = v[0]*v[0];  // x\n"
                              "  sum += v[1]*v[1];\n\n  /* y */\n  sum   += v[2] * v[2];\n  if (!(sum > 0.0f))\n"
                              "    return 0.0f;\n  return sqrtf(sum);\n}\n")
        expect("a pack file that repeats 4 lines of a solution, with other spacing and comments",
               pack_leaks(root, pack), False)
        write_pack("bench.c", "float fast(const float *v)\n{\n    float sum = v[0] * v[0];\n"
                              "    sum += v[1] * v[1];\n    sum += v[2] * v[2];\n    return sum;\n}\n")
        expect("a pack file that repeats 3 lines of a solution", pack_leaks(root, pack), True)
        write_pack("bench.c", "void f(void)\n{\n    if (x)\n        return 0.0f;\n    }\n    {\n"
                              "        return 0.0f;\n    }\n}\n")
        expect("a pack file that shares only short lines (`}`, `return 0.0f;`) with a solution",
               pack_leaks(root, pack), True)
        write_pack("book/07-test.md", "Text.\n\n```c\n    float sum = v[0] * v[0];\n    sum += v[1] * v[1];\n"
                                      "    sum += v[2] * v[2];\n    if (!(sum > 0.0f))\n```\n")
        expect("a pack's book that shows 4 lines of a solution outside a listing", pack_leaks(root, pack), False)
    for f in failures:
        print(f)
    if failures:
        return 1
    print("selftest: drift, elisions, fences, long listings, unposed solutions, pack leftovers and repeated "
          "solutions are caught")
    return 0


def main(argv):
    if len(argv) == 2 and argv[1] == "selftest":
        return selftest()
    commands = {"check": check, "update": update, "strip": strip, "lint": lint, "pack-check": pack_check}
    if len(argv) in (3, 4) and argv[1] == "pack-leaks":
        return pack_leaks(*argv[2:])
    if len(argv) != 3 or argv[1] not in commands:
        print(__doc__)
        return 2
    try:
        return commands[argv[1]](argv[2])
    except (ValueError, OSError) as e:
        print("error:", e)
        return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
