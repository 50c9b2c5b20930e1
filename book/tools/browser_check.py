#!/usr/bin/env python3
"""The HTML book as a reader sees it: pages rendered by headless Chromium in a
window 1280 px wide, with two checks.

    browser_check.py [--chromium EXE] [--shots DIR] HTML_DIR PAGE...
    browser_check.py [--chromium EXE] render BOOK_DIR OUT_DIR PAGE...
    browser_check.py [--chromium EXE] selftest

1. The screenshot of the page's first screen (1280 x 900) is not blank (some
   ink: colour values darker than 160 of 255), and no pixel right of x = 900
   differs from the page's background: no text, code or figure reaches there.
2. The whole page, measured by the browser: every piece of visible text
   (each word of each text node, cut at the edge of a scrolling code
   block or table that hides the rest) and every image ends left of x = 900.
   Chromium loads a copy of the page with a script that measures and writes
   what it found into the page, which --dump-dom prints (the same run takes
   the screenshot: the script adds nothing to the first screen).

`render` renders the book first (render_html.py, with the committed images)
into OUT_DIR, then checks the pages there. `selftest` shows that each check
fails on a page it must reject: a blank page, a paragraph over the whole
window, a wide image. --shots DIR keeps the screenshots (to look at them).
The screenshots are read with ImageMagick's convert. Exit 77 (skipped) when
Chromium or ImageMagick is not installed.
"""
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

TOOLS = os.path.dirname(os.path.abspath(__file__))
WIDTH, HEIGHT, LIMIT = 1280, 900, 900
# Darker than this (the lowest of R, G, B) counts as ink for "not blank".
INK = 160
# A pixel right of the limit may differ from the background by rounding only.
BACKGROUND_TOLERANCE = 8

MEASURE = """<script>
window.addEventListener("load", function () {
  var limit = %d, found = [], pieces = 0;
  function visibleRight(element) {
    var right = Infinity;
    for (var e = element; e && e !== document.documentElement; e = e.parentElement) {
      if (getComputedStyle(e).overflowX !== "visible") {
        var box = e.getBoundingClientRect();
        right = Math.min(right, box.left + e.clientLeft + e.clientWidth);
      }
    }
    return right;
  }
  function report(right, what) {
    if (right > limit && found.length < 10) found.push([Math.round(right), what.slice(0, 60)]);
  }
  var walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), range = document.createRange();
  for (var node = walker.nextNode(); node; node = walker.nextNode()) {
    if (!node.data.trim() || node.parentElement.closest("script, style")) continue;
    var clip = visibleRight(node.parentElement), word = /\S+/g, m;
    /* Word by word: a space that hangs at the end of a line (white-space: pre-wrap) is not seen. */
    while ((m = word.exec(node.data)) !== null) {
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      var rects = range.getClientRects();
      for (var i = 0; i < rects.length; i++) {
        if (rects[i].width === 0 || rects[i].left >= clip) continue; /* empty, or scrolled out of sight */
        pieces++;
        report(Math.min(rects[i].right, clip), node.data.slice(m.index));
      }
    }
  }
  var images = document.images;
  for (var k = 0; k < images.length; k++) {
    var box = images[k].getBoundingClientRect();
    if (box.width > 0) { pieces++; report(box.right, "<img src=" + images[k].getAttribute("src") + ">"); }
  }
  var out = document.createElement("pre");
  out.id = "browser-check-result";
  out.style.display = "none"; /* not in the screenshot */
  out.textContent = JSON.stringify({pieces: pieces, past_limit: found,
                                    page_width: document.documentElement.scrollWidth});
  document.body.appendChild(out);
});
</script>
""" % LIMIT


def chromium_command(exe, profile):
    # What headless Chromium needs as root in a container, and nothing that goes on the network.
    return [exe, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--disable-extensions", "--disable-dev-shm-usage", "--hide-scrollbars", "--force-device-scale-factor=1",
            f"--user-data-dir={profile}", f"--window-size={WIDTH},{HEIGHT}"]


def run_chromium(exe, args, url):
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run(chromium_command(exe, profile) + args + [url], capture_output=True, text=True,
                              timeout=120)


def read_png(path):
    """(width, height, rows of RGB bytes) of a PNG, decoded by ImageMagick into a binary PPM (P6: a
    header of width, height and 255, then 3 bytes a pixel; the alpha channel, if any, dropped)."""
    ppm = subprocess.run(["convert", path, "-depth", "8", "ppm:-"], capture_output=True, timeout=60)
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", ppm.stdout)
    if ppm.returncode != 0 or not m:
        reason = (ppm.stderr.decode(errors="replace").strip().splitlines() or ["no image"])[0]
        raise ValueError(f"{path}: ImageMagick could not read it: {reason}")
    width, height, start = int(m.group(1)), int(m.group(2)), m.end()
    if len(ppm.stdout) - start < 3 * width * height:
        raise ValueError(f"{path}: ImageMagick gave {len(ppm.stdout) - start} bytes for {width}x{height} pixels")
    return width, height, [ppm.stdout[start + 3 * width * y:start + 3 * width * (y + 1)] for y in range(height)]


def check_screenshot(path):
    """Problems with one screenshot: blank, or something drawn right of LIMIT."""
    try:
        width, height, rows = read_png(path)
    except ValueError as e:
        return [str(e)]
    if width != WIDTH:
        return [f"the screenshot is {width} px wide, not {WIDTH}"]
    light = bytes(range(INK, 256))
    background = rows[0][3 * (width - 1):3 * width]  # the top right corner: the page's background
    plain = background * (width - LIMIT)
    dark, stray, first = 0, 0, None
    for y, row in enumerate(rows):
        dark += len(row[:3 * LIMIT].translate(None, light))  # colour values darker than INK
        if row[3 * LIMIT:] == plain:
            continue
        for x in range(LIMIT, width):
            pixel = row[3 * x:3 * x + 3]
            if max(abs(pixel[c] - background[c]) for c in range(3)) > BACKGROUND_TOLERANCE:
                stray += 1
                first = first or (x, y)
    problems = []
    if dark < 1500:
        problems.append(f"the screenshot is blank ({dark} dark colour values left of x = {LIMIT})")
    if stray:
        problems.append(f"{stray} pixels right of x = {LIMIT} differ from the background, the first at "
                        f"x = {first[0]}, y = {first[1]}")
    return problems


def check_page(exe, html_dir, page, shots):
    """Problems with one page of html_dir, each as a line."""
    path = os.path.join(html_dir, page)
    if not os.path.isfile(path):
        return [f"{page}: no such page in {html_dir}"]
    with open(path, encoding="utf-8") as f:
        text = f.read()
    if "</body>" not in text:
        return [f"{page}: no </body>"]
    with tempfile.TemporaryDirectory() as tmp:
        # A copy of the page with the measuring script, beside the book's images and style sheet.
        copy_dir = os.path.join(tmp, "page")
        os.makedirs(copy_dir)
        for name in os.listdir(html_dir):
            if not name.endswith(".html"):
                os.symlink(os.path.abspath(os.path.join(html_dir, name)), os.path.join(copy_dir, name))
        with open(os.path.join(copy_dir, page), "w", encoding="utf-8") as f:
            f.write(text.replace("</body>", MEASURE + "</body>"))
        shot = os.path.join(shots or tmp, page.replace(".html", ".png"))
        # One run: the screenshot of the first screen, and the page after the script ran.
        result = run_chromium(exe, [f"--screenshot={shot}", "--dump-dom", "--virtual-time-budget=10000"],
                              "file://" + os.path.join(copy_dir, page))
        if not os.path.isfile(shot):
            return [f"{page}: Chromium wrote no screenshot (exit {result.returncode}): {result.stderr[-500:]}"]
        problems = [f"{page}: first screen: {p}" for p in check_screenshot(shot)]
        m = re.search(r'<pre id="browser-check-result"[^>]*>(.*?)</pre>', result.stdout, re.S)
        if not m:
            return problems + [f"{page}: the measuring script left no result (exit {result.returncode}): "
                               f"{result.stderr[-500:]}"]
        found = json.loads(html.unescape(m.group(1)))
        if found["pieces"] < 20:
            problems.append(f"{page}: only {found['pieces']} words and images measured")
        if found["page_width"] > WIDTH:
            problems.append(f"{page}: the page is {found['page_width']} px wide, wider than the window")
        for right, what in found["past_limit"]:
            problems.append(f"{page}: ends at x = {right}, past {LIMIT}: {what!r}")
        print(f"{page}: {found['pieces']} words and images measured, "
              f"{len(found['past_limit'])} past x = {LIMIT}")
    return problems


def check(exe, html_dir, pages, shots=None):
    problems = []
    for page in pages:
        problems += check_page(exe, html_dir, page, shots)
    for p in problems:
        print("error:", p)
    print(f"{len(pages)} pages checked at {WIDTH} px: {len(problems)} problems")
    return 1 if problems else 0


def selftest(exe):
    """Each page is rejected for its own reason (and only the narrow one passes)."""
    failures = []
    words = " ".join(["a reader would not read lines this long"] * 40)
    cases = [("narrow", f'<body style="max-width: 30em; margin: 0 2em"><p>{words}</p></body>', []),
             ("blank", "<body></body>", ["the screenshot is blank", "only 0 words"]),
             ("wide", f"<body><p>{words}</p></body>", ["differ from the background", "past 900: 'a reader"]),
             ("wide-image", f'<body style="max-width: 30em"><p>{words}</p>'
                            '<img src="wide.svg" style="width: 1100px; height: 10px"></body>',
              ["differ from the background", "past 900: '<img src=wide.svg>'"])]
    with tempfile.TemporaryDirectory() as root:
        with open(os.path.join(root, "wide.svg"), "w") as f:
            f.write('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">'
                    '<rect width="10" height="10" fill="black"/></svg>')
        for name, body, reasons in cases:
            with open(os.path.join(root, name + ".html"), "w") as f:
                f.write(f"<!DOCTYPE html><html><head><meta charset='utf-8'></head>{body}</html>")
            problems = check_page(exe, root, name + ".html", None)
            if not reasons and problems:
                failures.append(f"selftest: the {name} page was rejected: {problems}")
            for reason in reasons:
                if not any(reason in p for p in problems):
                    failures.append(f"selftest: the {name} page was not rejected with '{reason}': {problems}")
    for f in failures:
        print(f)
    if failures:
        return 1
    print("selftest: a blank page, a paragraph over the whole window and a wide image are rejected")
    return 0


def main(argv):
    args = argv[1:]
    exe, shots = shutil.which("chromium") or shutil.which("chromium-browser") or "chromium", None
    while len(args) >= 2 and args[0] in ("--chromium", "--shots"):
        if args[0] == "--chromium":
            exe = args[1]
        else:
            shots = args[1]
            os.makedirs(shots, exist_ok=True)
        args = args[2:]
    if not shutil.which(exe):
        print(f"skipped: no Chromium ({exe}); Debian's package is chromium (.ci/install-deps --ci)")
        return 77
    if not shutil.which("convert"):
        print("skipped: no ImageMagick (convert, which reads the screenshots); Debian's package is imagemagick "
              "(.ci/install-deps)")
        return 77
    if args == ["selftest"]:
        return selftest(exe)
    if len(args) >= 4 and args[0] == "render":
        book, out, pages = args[1], args[2], args[3:]
        if not shutil.which("pandoc"):
            print("skipped: no pandoc (.ci/install-deps --ci installs it)")
            return 77
        shutil.rmtree(out, ignore_errors=True)
        shutil.copytree(os.path.join(book, "images"), os.path.join(out, "images"))
        rendered = subprocess.run([sys.executable, os.path.join(TOOLS, "render_html.py"), book, out])
        if rendered.returncode != 0:
            return 1
        return check(exe, out, pages, shots)
    if len(args) < 2:
        print(__doc__)
        return 2
    return check(exe, args[0], args[1:], shots)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
