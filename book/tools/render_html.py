#!/usr/bin/env python3
"""The book as HTML: an index page with the contents, and every chapter with
links to the previous and next one.

    render_html.py [--pandoc PANDOC] BOOK_DIR OUT_DIR

Chapters are the files BOOK_DIR/NN-*.md in number order, then the appendices
(appendix-*.md); a new chapter file is picked up without any change here.
Each page is rendered by pandoc with book.lua (links to .md become .html,
exercise solutions are folded) and --fail-if-warnings; then every link and
image of the result is checked (links.py check-html). Images are expected in
OUT_DIR/images already (the CMake target book_html copies book/images there
and adds fresh screenshots of the chapter programs).
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import links  # noqa: E402

TOOLS = os.path.dirname(os.path.abspath(__file__))
BOOK_TITLE = "Skeletal Animation from Scratch"


def chapters(book):
    names = os.listdir(book)
    numbered = sorted(n for n in names if re.match(r"^\d\d-.+\.md$", n))
    appendices = sorted(n for n in names if re.match(r"^appendix-.+\.md$", n))
    return numbered + appendices


def title_and_sections(path):
    title, sections = None, []
    for _, line in links.markdown_lines(path):
        m = links.HEADING.match(line)
        if not m:
            continue
        if len(m.group(1)) == 1 and title is None:
            title = m.group(2)
        elif len(m.group(1)) == 2:
            sections.append(m.group(2))
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


def pandoc(exe, source, out, book, extra):
    command = [exe, source, "--from", "markdown+gfm_auto_identifiers", "--to", "html5", "--standalone",
               "--mathml", "--fail-if-warnings", "--lua-filter", os.path.join(TOOLS, "book.lua"),
               "--resource-path", book, "--css", "book.css", "-o", out] + extra
    result = subprocess.run(command, capture_output=True, text=True)
    if result.returncode != 0 or result.stderr.strip():
        sys.stderr.write(result.stderr)
        print(f"error: pandoc failed on {source} (exit {result.returncode}); warnings count as errors")
        return False
    return True


def main(argv):
    args = argv[1:]
    exe = "pandoc"
    if len(args) >= 2 and args[0] == "--pandoc":
        exe, args = args[1], args[2:]
    if len(args) != 2:
        print(__doc__)
        return 2
    book, out = args
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
            for s in sections[p]:
                lines.append(f"    - [{s}]({p}#{links.slug(s)})")
        index = os.path.join(tmp, "index.md")
        with open(index, "w", encoding="utf-8") as f:
            f.write("\n".join(lines) + "\n")
        ok &= pandoc(exe, index, os.path.join(out, "index.html"), book,
                     ["--metadata", f"pagetitle={BOOK_TITLE}"])
        for i, p in enumerate(pages):
            bar = os.path.join(tmp, f"nav-{i}.html")
            with open(bar, "w", encoding="utf-8") as f:
                f.write(nav(pages, i, titles))
            ok &= pandoc(exe, os.path.join(book, p), os.path.join(out, p[:-3] + ".html"), book,
                         ["--toc", "--toc-depth=3", "--metadata", f"pagetitle={plain(titles[p])} - {BOOK_TITLE}",
                          "--include-before-body", bar, "--include-after-body", bar])
    if not ok:
        return 1
    if links.check_html(out) != 0:
        return 1
    print(f"book written to {os.path.join(out, 'index.html')} ({len(pages)} chapters)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
