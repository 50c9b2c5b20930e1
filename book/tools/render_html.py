#!/usr/bin/env python3
"""The book as HTML: an index page with the contents, and every chapter with
a chapter menu beside a reading column, and links to the previous and next
chapter. Or the book as one EPUB, for e-readers.

    render_html.py [--pandoc PANDOC] BOOK_DIR OUT_DIR
    render_html.py [--pandoc PANDOC] --epub BOOK.epub BOOK_DIR OUT_DIR

Chapters are the files BOOK_DIR/NN-*.md in number order, then the appendices
(appendix-*.md); a new chapter file is picked up without any change here.
Each page is rendered by pandoc with book.lua (links to .md become .html,
exercise solutions are folded), book.css (the layout) and --fail-if-warnings;
code is highlighted by pandoc (its C, GLSL and bash syntaxes); then every
link and image of the result is checked (links.py check-html). Images are
expected in OUT_DIR/images already (the CMake target book_html copies
book/images there and adds fresh screenshots of the chapter programs).
With --epub the chapters go into one EPUB 3 instead (epub.css; the images
taken from OUT_DIR/images, so book_html runs first), whose links and images
are checked the same way inside the unpacked file.

The web book (the CMake target book_web) is the same pages with a "Run it
here" panel in each chapter that has a program:

    render_html.py [--pandoc PANDOC] --web BUILD_DIR
                   --program NATIVE_EXE=WEB_JS ... [--web-file FILE ...]
                   [--exercises SA_EXERCISES] BOOK_DIR OUT_DIR

--program names a chapter program twice: its native executable, whose
--help gives the keys listed under the panel and whose path from BUILD_DIR
(the native build folder) is the native command shown beside it, as
build/chapters/NN_name/chNN_name: the reader's own build folder, never this
machine's absolute path. And the .js emscripten
made of it (chNN_name.js, with its .wasm and .data beside it). The page of
chapter NN (NN-*.html) gets the panel of chNN_*. The programs, the files of
--web-file (a package they share) and book/web/panel.js are copied into
OUT_DIR/programs; the sizes are printed, and more than WEB_LIMIT_MB of book
in all is an error. --exercises (the build's SA_EXERCISES) other than
"solution" is said in each panel: the page runs the student's own code.

    render_html.py --check-panel NATIVE_CH09

checks the panel's native command with chapter 09's program in a build
folder outside the source (the test book_web_panel_names_program_in_build_folder).
"""
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import zipfile
import zlib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import links  # noqa: E402

TOOLS = os.path.dirname(os.path.abspath(__file__))
BOOK_TITLE = "Skeletal Animation from Scratch"
PANEL_JS = os.path.join(os.path.dirname(TOOLS), "web", "panel.js")
# The bound on the whole web book: pages, images, programs, models (1 MB = 10^6 bytes).
WEB_LIMIT_MB = 40
# Keys the native window has and the web page cannot: WebGL 2 has no glPolygonMode
# (common/app.c ignores W where sa_gl_has(SA_GL_POLYGON_MODE) is false).
NATIVE_ONLY_KEYS = {"W": "native only: WebGL 2 has no wireframe mode"}


def chapters(book):
    names = os.listdir(book)
    numbered = sorted(n for n in names if re.match(r"^\d\d-.+\.md$", n))
    appendices = sorted(n for n in names if re.match(r"^appendix-.+\.md$", n))
    return numbered + appendices


def title_and_sections(path):
    """The chapter's title and its sections: (heading text, id) of each ## heading."""
    title, sections = None, []
    for level, text, ident in links.heading_list(path):
        if level == 1 and title is None:
            title = text
        elif level == 2:
            sections.append((text, ident))
    return title or os.path.basename(path), sections


def plain(markdown):
    """Heading text without Markdown markup, for <title> and navigation."""
    text = re.sub(r"`([^`]*)`", r"\1", markdown)
    return re.sub(r"[*_]{1,3}([^*_]+)[*_]{1,3}", r"\1", text)


def html_escape(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def nav(pages, i, titles):
    parts = []
    if i > 0:
        prev = pages[i - 1]
        parts.append(f'<a rel="prev" href="{prev[:-3]}.html">&larr; {html_escape(plain(titles[prev]))}</a>')
    parts.append('<a href="index.html">Contents</a>')
    if i + 1 < len(pages):
        nxt = pages[i + 1]
        parts.append(f'<a rel="next" href="{nxt[:-3]}.html">{html_escape(plain(titles[nxt]))} &rarr;</a>')
    return '<nav class="book-nav">' + " | ".join(parts) + "</nav>\n"


def menu(pages, current, titles, sections):
    """The chapter menu: every chapter, and the sections of the one shown."""
    items = []
    for i, p in enumerate(pages):
        title = plain(titles[p])
        m = re.match(r"^Chapter (\d+): (.*)$", title)
        label = f'<span class="number">{m.group(1)}</span> {html_escape(m.group(2))}' if m else html_escape(title)
        href = p[:-3] + ".html"
        if i != current:
            items.append(f'<li><a href="{href}">{label}</a></li>')
            continue
        subs = "".join(f'<li><a href="#{ident}">{html_escape(plain(text))}</a></li>' for text, ident in sections[p])
        items.append(f'<li class="current"><a href="{href}" aria-current="page">{label}</a><ul>{subs}</ul></li>')
    return ('<nav class="book-menu" aria-label="Chapters">\n'
            f'<p class="book-title"><a href="index.html">{html_escape(BOOK_TITLE)}</a></p>\n'
            f'<ol>\n{chr(10).join(items)}\n</ol>\n</nav>\n')


def pandoc(exe, sources, out, book, extra, to="html5"):
    command = [exe] + sources + ["--from", "markdown+gfm_auto_identifiers", "--to", to, "--fail-if-warnings",
                                 "--lua-filter", os.path.join(TOOLS, "book.lua"), "--resource-path", book,
                                 "-o", out] + extra
    if to == "html5":
        command += ["--standalone", "--mathml", "--css", "book.css"]
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0 or result.stderr.strip():
        sys.stderr.write(result.stderr)
        print(f"error: pandoc failed on {' '.join(sources)} (exit {result.returncode}); warnings count as errors")
        return False
    return True


def epub(exe, book, out, target, pages):
    """The whole book as one EPUB 3: one file per chapter (pandoc splits at #)."""
    with tempfile.TemporaryDirectory() as tmp:
        # book.lua turns links between chapters into links inside the EPUB.
        meta = os.path.join(tmp, "meta.yaml")
        with open(meta, "w", encoding="utf-8") as f:
            f.write(f'title: "{BOOK_TITLE}"\nlang: en\nbook-chapter-files:\n')
            f.writelines(f'  - "{p}"\n' for p in pages)
        # --file-scope: each chapter parsed on its own, so its headings keep the ids its links use.
        if not pandoc(exe, [os.path.join(book, p) for p in pages], target, os.pathsep.join([out, book]),
                      ["--file-scope", "--metadata-file", meta, "--css", os.path.join(TOOLS, "epub.css"),
                       "--toc-depth=2"], to="epub3"):
            return 1
        unpacked = os.path.join(tmp, "epub")
        with zipfile.ZipFile(target) as z:
            z.extractall(unpacked)
        text = os.path.join(unpacked, "EPUB", "text")
        if not os.path.isdir(text) or links.check_html(text, os.path.join(unpacked, "EPUB")) != 0:
            print(f"error: {target}: broken links or images inside the EPUB")
            return 1
    print(f"book written to {target} ({len(pages)} chapters)")
    return 0


def program_keys(native):
    """The keys of a chapter program as (key, what it does): the "keys:" part of its
    --help, which common/cli.c's cli_print_keys writes as "  %-19s %s" lines."""
    try:
        result = subprocess.run([native, "--help"], capture_output=True, text=True, timeout=30)
    except OSError as e:
        raise ValueError(f"{native} --help could not run: {e}") from e
    if result.returncode != 0 or "\nkeys:\n" not in result.stdout:
        raise ValueError(f"{native} --help exited {result.returncode} without its keys")
    keys = []
    for line in result.stdout.split("\nkeys:\n", 1)[1].splitlines():
        if not line.strip():
            break
        if not line.startswith("  ") or len(line) < 23 or line[21] != " ":
            raise ValueError(f"{native} --help: a key line not in cli_print_keys' columns: {line!r}")
        keys.append((line[2:21].strip(), line[22:].strip()))
    return keys


def native_command(native, build):
    """The native program as the reader runs it: its path in the build folder, which the
    book's commands call build (cmake -S . -B build), whatever folder this machine built in."""
    relative = os.path.relpath(native, build)
    if relative.startswith(".."):
        raise ValueError(f"{native} is not inside the build folder {build}")
    return "build/" + relative.replace(os.sep, "/")


def panel_html(program, native, build, exercises):
    """The "Run it here" panel of one chapter page: panel.js builds the button, the canvas
    and the output inside the run-it-here div; the keys and the native command are here."""
    own = ""
    if exercises not in ("", "solution"):
        own = (f' This build runs your own code for the exercises of <code>SA_EXERCISES={html_escape(exercises)}</code>'
               f' (their stubs, or what you wrote in them).')
    command = native_command(native, build)
    rows = []
    for key, what in program_keys(native):
        note = NATIVE_ONLY_KEYS.get(key)
        what = html_escape(what) + (f' <span class="native-only">({html_escape(note)})</span>' if note else "")
        rows.append(f"<tr><td><kbd>{html_escape(key)}</kbd></td><td>{what}</td></tr>")
    return (f'<section class="run-panel" aria-label="Run it here">\n'
            f'<p class="run-title"><strong>Run it here:</strong> this chapter\'s program, '
            f'<code>{html_escape(program)}</code>, built for WebAssembly and WebGL 2. Nothing is '
            f'downloaded before you click; then click the picture to give it the keys.{own}</p>\n'
            f'<div class="run-it-here" data-program="{html_escape(program)}"></div>\n'
            f'<p class="native-command">The same program on your machine, once built: '
            f'<code>{html_escape(command)}</code> (<code>build</code>: your build folder)</p>\n'
            f'<table class="run-keys">\n<thead><tr><th>key</th><th>what it does</th></tr></thead>\n'
            f'<tbody>\n{chr(10).join(rows)}\n</tbody>\n</table>\n</section>\n')


def check_panel(native):
    """The panel's native command wherever the build folder is: NATIVE (chapter 09's
    program) linked into a build folder made in the temporary folder, outside the source,
    as build/chapters/09_crossfade/ch09_crossfade there; 0 when the panel names it as
    build/chapters/09_crossfade/ch09_crossfade and never by that folder's absolute path."""
    with tempfile.TemporaryDirectory() as build:
        linked = os.path.join(build, "chapters", "09_crossfade", "ch09_crossfade")
        os.makedirs(os.path.dirname(linked))
        os.symlink(os.path.abspath(native), linked)
        panel = panel_html("ch09_crossfade", linked, build, "")
    line = next((l for l in panel.splitlines() if "native-command" in l), "")
    ok = "<code>build/chapters/09_crossfade/ch09_crossfade</code>" in line and build not in panel
    print(f"{'ok' if ok else 'FAIL'}: {line}")
    return 0 if ok else 1


def add_panel(page, panel):
    """The panel at the end of the chapter's first section ("What you will build", with the
    program's screenshot), the script before </body>."""
    with open(page, encoding="utf-8") as f:
        text = f.read()
    headings = [m.start() for m in re.finditer(r"<h2[ >]", text)]
    at = headings[1] if len(headings) > 1 else text.index('<nav class="book-nav">', text.index("<h1"))
    text = text[:at] + panel + text[at:]
    text = text.replace("</body>", '<script src="programs/panel.js"></script>\n</body>', 1)
    with open(page, "w", encoding="utf-8") as f:
        f.write(text)


def favicon(path, rgb=(0x1A, 0x5A, 0x96)):
    """A 16 x 16 icon of one colour (the book's link blue): a browser asks a server for
    /favicon.ico, and a 404 there is an error in its console, where the tests look."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\0" + bytes(rgb) * 16 for _ in range(16))
    png = (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 16, 16, 8, 2, 0, 0, 0))
           + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))
    # An .ico of one image that is a PNG: header, one directory entry, the PNG.
    with open(path, "wb") as f:
        f.write(struct.pack("<HHH", 0, 1, 1) + struct.pack("<BBBBHHII", 16, 16, 0, 0, 1, 24, len(png), 22) + png)


def megabytes(size):
    return f"{size / 1e6:.2f} MB"


def web_book(out, build, programs, shared, pages, exercises):
    """Panels into the chapter pages, the programs into out/programs, the sizes printed."""
    folder = os.path.join(out, "programs")
    os.makedirs(folder, exist_ok=True)
    shutil.copyfile(PANEL_JS, os.path.join(folder, "panel.js"))
    favicon(os.path.join(out, "favicon.ico"))
    by_chapter, sizes = {}, []
    for native, web_js in programs:
        program = os.path.basename(web_js)[:-3]
        m = re.match(r"^ch(\d\d)_", program)
        if not m or not web_js.endswith(".js"):
            print(f"error: --program {native}={web_js}: not a chapter program's .js (chNN_name.js)")
            return 1
        files = [web_js[:-3] + ext for ext in (".js", ".wasm", ".data") if os.path.isfile(web_js[:-3] + ext)]
        if len(files) < 2:
            print(f"error: {web_js[:-3]}.js and .wasm not found: build the web programs first")
            return 1
        for f in files:
            shutil.copyfile(f, os.path.join(folder, os.path.basename(f)))
        sizes.append((program, sum(os.path.getsize(f) for f in files)))
        by_chapter[m.group(1)] = (program, native)
    for f in shared:
        shutil.copyfile(f, os.path.join(folder, os.path.basename(f)))
    for p in pages:
        if p[:2] in by_chapter:
            program, native = by_chapter.pop(p[:2])
            try:
                add_panel(os.path.join(out, p[:-3] + ".html"), panel_html(program, native, build, exercises))
            except ValueError as e:
                print(f"error: {e}")
                return 1
    if by_chapter:
        print(f"error: no chapter page for {', '.join(p for p, _ in by_chapter.values())}")
        return 1
    for program, size in sizes:
        print(f"web book: {program:<20} {megabytes(size):>9} (.js, .wasm, .data)")
    for f in shared:
        print(f"web book: {os.path.basename(f):<20} {megabytes(os.path.getsize(f)):>9} (shared by the programs)")
    total = sum(os.path.getsize(os.path.join(d, n)) for d, _, names in os.walk(out) for n in names)
    print(f"web book: {megabytes(total)} in all (pages, images, programs, models) in {out}")
    if total > WEB_LIMIT_MB * 1e6:
        print(f"error: the web book is {megabytes(total)}, more than its limit of {WEB_LIMIT_MB} MB")
        return 1
    return 0


def main(argv):
    args = argv[1:]
    exe, epub_target, web_build, programs, shared, exercises = "pandoc", None, None, [], [], ""
    if len(args) == 2 and args[0] == "--check-panel":
        return check_panel(args[1])
    if len(args) >= 2 and args[0] == "--pandoc":
        exe, args = args[1], args[2:]
    if len(args) >= 2 and args[0] == "--epub":
        epub_target, args = args[1], args[2:]
    if len(args) >= 2 and args[0] == "--web":
        web_build, args = args[1], args[2:]
        while len(args) >= 2 and args[0] in ("--program", "--web-file", "--exercises"):
            if args[0] == "--exercises":
                exercises = args[1]
            elif args[0] == "--web-file":
                shared.append(args[1])
            elif "=" in args[1]:
                programs.append(tuple(args[1].split("=", 1)))
            else:
                print(f"error: --program {args[1]}: expected NATIVE_EXE=WEB_JS")
                return 2
            args = args[2:]
    if len(args) != 2:
        print(__doc__)
        return 2
    book, out = args
    if epub_target:
        if links.check_md(book) != 0:
            return 1
        return epub(exe, book, out, os.path.abspath(epub_target), chapters(book))
    os.makedirs(out, exist_ok=True)
    shutil.copyfile(os.path.join(TOOLS, "book.css"), os.path.join(out, "book.css"))
    if links.check_md(book) != 0:
        return 1
    pages = chapters(book)
    titles, sections = {}, {}
    for p in pages:
        titles[p], sections[p] = title_and_sections(os.path.join(book, p))
    ok = True
    with tempfile.TemporaryDirectory() as tmp:
        # The index: the contents, chapters and their sections, as Markdown links.
        lines = [f"# {BOOK_TITLE}", "",
                 "A book and a C codebase: a character from a model file on disk to a skinned, animated "
                 "figure walking over uneven ground, one stage per chapter.", "", "## Contents", ""]
        for p in pages:
            lines.append(f"- [{titles[p]}]({p})")
            for text, ident in sections[p]:
                lines.append(f"    - [{text}]({p}#{ident})")
        index = os.path.join(tmp, "index.md")
        with open(index, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        side = os.path.join(tmp, "menu-index.html")
        with open(side, "w", encoding="utf-8") as f:
            f.write(menu(pages, -1, titles, sections))
        ok &= pandoc(exe, [index], os.path.join(out, "index.html"), book,
                     ["--metadata", f"pagetitle={BOOK_TITLE}", "--metadata", "lang=en",
                      "--include-before-body", side])
        for i, p in enumerate(pages):
            side, bar = os.path.join(tmp, f"menu-{i}.html"), os.path.join(tmp, f"nav-{i}.html")
            with open(side, "w", encoding="utf-8") as f:
                f.write(menu(pages, i, titles, sections))
            with open(bar, "w", encoding="utf-8") as f:
                f.write(nav(pages, i, titles))
            ok &= pandoc(exe, [os.path.join(book, p)], os.path.join(out, p[:-3] + ".html"), book,
                         ["--metadata", f"pagetitle={plain(titles[p])} - {BOOK_TITLE}", "--metadata", "lang=en",
                          "--include-before-body", side, "--include-before-body", bar,
                          "--include-after-body", bar])
    if not ok:
        return 1
    if web_build and web_book(out, web_build, programs, shared, pages, exercises) != 0:
        return 1
    if links.check_html(out) != 0:
        return 1
    print(f"book written to {os.path.join(out, 'index.html')} ({len(pages)} chapters)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
