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
"""
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile

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


def main(argv):
    args = argv[1:]
    exe, epub_target = "pandoc", None
    if len(args) >= 2 and args[0] == "--pandoc":
        exe, args = args[1], args[2:]
    if len(args) >= 2 and args[0] == "--epub":
        epub_target, args = args[1], args[2:]
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
    if links.check_html(out) != 0:
        return 1
    print(f"book written to {os.path.join(out, 'index.html')} ({len(pages)} chapters)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
