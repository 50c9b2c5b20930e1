#!/usr/bin/env python3
"""Every link and image of the book must resolve: in the Markdown and in the HTML.

    links.py check-md BOOK_DIR     the Markdown: images exist, chapter links name a
                                   book/*.md file, #anchors name a heading of it
    links.py check-html OUT_DIR    the rendered book: every href/src of every page
                                   names a file in OUT_DIR, and every #anchor an id
    links.py selftest              prove that both checks catch broken links

Links leave the book only as absolute URLs (https://...). A link to a file
outside the book folder (../exercises/...) works on a Git host but not in the
HTML book, so it is an error: name such files as `code` instead.

Anchors follow the Git host's rule for heading ids (the HTML build uses pandoc's
gfm_auto_identifiers, the same rule): lower case, punctuation other than `-` and
`_` removed, spaces become `-`, a repeated heading gets `-1`, `-2`, ...
"""
import html.parser
import os
import re
import sys
import tempfile
import urllib.parse

LINK = re.compile(r"(!?)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^()\s]+)(?:\s+\"[^\"]*\")?\)")
HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
EXTERNAL = re.compile(r"^[a-zA-Z][a-zA-Z0-9+.-]*:")


def slug(heading):
    """The id a Git host (and pandoc's gfm_auto_identifiers) gives a heading."""
    text = re.sub(r"`([^`]*)`", r"\1", heading)
    text = re.sub(r"!?\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[*_]{1,3}([^*_]+)[*_]{1,3}", r"\1", text)
    text = text.strip().lower()
    text = "".join(c for c in text if c.isalnum() or c in " -_")
    return text.replace(" ", "-")


def markdown_lines(path):
    """The lines of a Markdown file outside fenced code blocks, with their numbers."""
    fenced = False
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            if line.startswith("```"):
                fenced = not fenced
                continue
            if not fenced:
                yield number, line


def heading_list(path):
    """(level, text, id) of every heading of a Markdown file, in order; a repeated
    heading gets -1, -2 ... as on a Git host."""
    out, seen = [], {}
    for _, line in markdown_lines(path):
        m = HEADING.match(line)
        if m:
            base = slug(m.group(2))
            n = seen.get(base, 0)
            seen[base] = n + 1
            out.append((len(m.group(1)), m.group(2), base if n == 0 else f"{base}-{n}"))
    return out


def headings(path):
    return {id for _, _, id in heading_list(path)}


def check_md(book):
    problems, count = [], 0
    pages = sorted(f for f in os.listdir(book) if f.endswith(".md"))
    anchors = {p: headings(os.path.join(book, p)) for p in pages}
    for page in pages:
        for number, line in markdown_lines(os.path.join(book, page)):
            code_free = re.sub(r"`[^`]*`", "", line)
            for m in LINK.finditer(code_free):
                count += 1
                image, target = m.group(1), m.group(3)
                where = f"{page}:{number}: {m.group(0)[:80]}"
                if EXTERNAL.match(target):
                    continue
                path, _, fragment = target.partition("#")
                path = urllib.parse.unquote(path)
                if path == "":
                    path = page
                resolved = os.path.normpath(os.path.join(book, path))
                if os.path.relpath(resolved, book).startswith(".."):
                    problems.append(f"{where}: points outside the book folder (it would break in the HTML "
                                    f"book); write the path as `code`, or link a chapter")
                    continue
                if not os.path.exists(resolved):
                    problems.append(f"{where}: {path} does not exist")
                    continue
                if image:
                    continue
                if not path.endswith(".md") and fragment:
                    problems.append(f"{where}: an #anchor into a file that is not a chapter")
                    continue
                if fragment and path.endswith(".md") and fragment not in anchors.get(os.path.basename(path), set()):
                    problems.append(f"{where}: {os.path.basename(path)} has no heading with the id '{fragment}'")
    for p in problems:
        print("error:", p)
    print(f"{count} Markdown links checked, {len(problems)} broken")
    return 1 if problems else 0


class PageParser(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.ids, self.links = set(), []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name in ("id", "name") and value:
                self.ids.add(value)
            if value and ((name == "href" and tag in ("a", "link")) or (name == "src" and tag in ("img", "script"))):
                self.links.append((tag, value, self.getpos()[0]))


def parse_page(path):
    parser = PageParser()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser


def check_html(out, root=None):
    """Every link and image of the pages in out (.html, or an EPUB's .xhtml)
    resolves inside root (out unless given: an EPUB's pages link to ../media)."""
    problems, count, pages = [], 0, {}
    root = root or out
    for name in sorted(os.listdir(out)):
        if name.endswith((".html", ".xhtml")):
            pages[name] = parse_page(os.path.join(out, name))
    if not pages:
        problems.append(f"{out}: no .html pages")
    for name, page in pages.items():
        for tag, url, line in page.links:
            count += 1
            where = f"{name}:{line}: <{tag}> {url}"
            if EXTERNAL.match(url) or url.startswith("//"):
                continue
            path, _, fragment = url.partition("#")
            path = urllib.parse.unquote(path) or name
            resolved = os.path.normpath(os.path.join(out, path))
            if os.path.relpath(resolved, root).startswith(".."):
                problems.append(f"{where}: points outside the HTML book")
            elif not os.path.isfile(resolved):
                problems.append(f"{where}: {path} does not exist")
            elif fragment:
                target = pages.get(os.path.relpath(resolved, out))
                if target is None:
                    problems.append(f"{where}: an #anchor into a file that is not a page")
                elif fragment not in target.ids:
                    problems.append(f"{where}: {path} has no element with id '{fragment}'")
    for p in problems:
        print("error:", p)
    print(f"{count} HTML links checked in {len(pages)} pages, {len(problems)} broken")
    return 1 if problems else 0


def selftest():
    failures = []

    def expect(what, got, want):
        if (got == 0) != want:
            failures.append(f"selftest: {what} was {'accepted' if got == 0 else 'rejected'}")

    with tempfile.TemporaryDirectory() as root:
        book = os.path.join(root, "book")
        os.makedirs(os.path.join(book, "images"))
        open(os.path.join(book, "images", "a.svg"), "w").close()

        def write(name, text):
            with open(os.path.join(book, name), "w", encoding="utf-8") as f:
                f.write(text)

        write("01-one.md", "# Chapter 01\n\n## The `code`: part 1\n\n## The idea\n\n## The idea\n")
        write("02-two.md", "# Two\n\nSee [one](01-one.md), [its code](01-one.md#the-code-part-1), "
                           "[the second idea](01-one.md#the-idea-1), ![a](images/a.svg), "
                           "`[not a link](nowhere.md)` and [the web](https://example.org/x.md).\n"
                           "```\n[in a fence](nowhere.md)\n```\n")
        expect("a book whose links all resolve", check_md(book), True)
        for broken, what in [("[x](03-three.md)", "a link to a missing chapter"),
                             ("[x](01-one.md#no-such-heading)", "a link to a missing heading"),
                             ("[x](01-one.md#the-idea-2)", "a link to a third 'The idea' that is not there"),
                             ("![x](images/b.svg)", "a missing image"),
                             ("[x](../exercises/README.md)", "a link outside the book folder")]:
            write("03-bad.md", f"# Bad\n\n{broken}\n")
            expect(what, check_md(book), False)
        os.remove(os.path.join(book, "03-bad.md"))

        out = os.path.join(root, "html")
        os.makedirs(os.path.join(out, "images"))
        open(os.path.join(out, "images", "a.svg"), "w").close()

        def page(name, body):
            with open(os.path.join(out, name), "w", encoding="utf-8") as f:
                f.write(f"<html><head><link rel=\"stylesheet\" href=\"book.css\"></head><body>{body}</body></html>")

        with open(os.path.join(out, "book.css"), "w") as f:
            f.write("body {}\n")
        page("index.html", '<a href="01-one.html">one</a> <a href="01-one.html#the-idea">idea</a>')
        page("01-one.html", '<h2 id="the-idea">The idea</h2><img src="images/a.svg"> <a href="#the-idea">up</a> '
                            '<a href="https://example.org/">web</a>')
        expect("an HTML book whose links all resolve", check_html(out), True)
        for broken, what in [('<a href="02-two.html">x</a>', "an HTML link to a missing page"),
                             ('<a href="01-one.html#nowhere">x</a>', "an HTML link to a missing id"),
                             ('<img src="images/b.png">', "a missing HTML image"),
                             ('<a href="01-one.md">x</a>', "a .md link left unconverted")]:
            page("02-bad.html", broken)
            expect(what, check_html(out), False)
    for f in failures:
        print(f)
    if failures:
        return 1
    print("selftest: broken links, anchors and images are caught in Markdown and HTML")
    return 0


def main(argv):
    if len(argv) == 2 and argv[1] == "selftest":
        return selftest()
    if len(argv) != 3 or argv[1] not in ("check-md", "check-html"):
        print(__doc__)
        return 2
    return check_md(argv[2]) if argv[1] == "check-md" else check_html(argv[2])


if __name__ == "__main__":
    sys.exit(main(sys.argv))
