"""What every figure shares: the palette, the fonts and a small SVG writer.

Svg collects shapes and text in figure coordinates (pixels, y down) and
renders them as plain SVG 1.1 with one arrowhead marker; source_path finds a
table a figure is drawn from (a chapter's .tsv) from the repository root.
"""
import math
import os

FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
MONO = "DejaVu Sans Mono, Menlo, Consolas, monospace"
INK = "#222222"
MUTED = "#666666"
# One colour per kind of thing, in every figure.
POSITION = "#cfe3f7"   # positions, points, model space
NORMAL = "#f9d9b8"     # normals, world space
TEXCOORD = "#d4edc9"   # texture coordinates, view space
PADDING = "#eeeeee"    # padding bytes, empty slots
HEADER = "#e8dcf5"     # file headers, clip space
ACCENT = "#c0392b"     # what the reader should look at
FRONT = "#7fb3e0"
BACK = "#e8a0a0"


def esc(text):
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Svg:
    def __init__(self, width, height, title):
        self.width, self.height, self.parts = width, height, []
        self.title = title

    def add(self, s):
        self.parts.append(s)

    def rect(self, x, y, w, h, fill="white", stroke=INK, width=1.2, rx=0, dash=None):
        d = f' stroke-dasharray="{dash}"' if dash else ""
        self.add(f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" fill="{fill}" '
                 f'stroke="{stroke}" stroke-width="{width:g}"{d}/>')

    def line(self, x1, y1, x2, y2, stroke=INK, width=1.2, dash=None, arrow=False):
        d = f' stroke-dasharray="{dash}"' if dash else ""
        a = ' marker-end="url(#arrow)"' if arrow else ""
        self.add(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{stroke}" '
                 f'stroke-width="{width:g}"{d}{a}/>')

    def path(self, d, stroke=INK, width=1.2, fill="none", arrow=False, dash=None):
        a = ' marker-end="url(#arrow)"' if arrow else ""
        ds = f' stroke-dasharray="{dash}"' if dash else ""
        self.add(f'<path d="{d}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{a}{ds}/>')

    def polygon(self, points, fill, stroke=INK, width=1.2, dash=None, opacity=1.0):
        pts = " ".join(f"{x:g},{y:g}" for x, y in points)
        d = f' stroke-dasharray="{dash}"' if dash else ""
        o = f' fill-opacity="{opacity:g}"' if opacity != 1.0 else ""
        self.add(f'<polygon points="{pts}" fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{d}{o}/>')

    def circle(self, x, y, r, fill=INK, stroke="none"):
        self.add(f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" stroke="{stroke}"/>')

    def text(self, x, y, s, size=13, anchor="start", mono=False, bold=False, fill=INK, italic=False):
        family = MONO if mono else FONT
        extra = (' font-weight="bold"' if bold else "") + (' font-style="italic"' if italic else "")
        self.add(f'<text x="{x:g}" y="{y:g}" font-family="{family}" font-size="{size:g}" '
                 f'text-anchor="{anchor}" fill="{fill}"{extra}>{esc(s)}</text>')

    def arrow(self, x1, y1, x2, y2, stroke=INK, width=1.4):
        self.line(x1, y1, x2, y2, stroke=stroke, width=width, arrow=True)

    def render(self):
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}">\n'
                f'<title>{esc(self.title)}</title>\n'
                '<defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" '
                'markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="'
                + INK + '"/></marker></defs>\n'
                f'<rect x="0" y="0" width="{self.width}" height="{self.height}" fill="white"/>\n')
        return head + "\n".join(self.parts) + "\n</svg>\n"


def source_path(*parts):
    """A file of the repository (book/tools/diagrams is three folders down)."""
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", *parts)


def log_panel(s, left, top, width, height, low, high, label):
    """A white panel whose height is a log10 scale from 10**low to 10**high
    (a faint line and label(e) at each power 10**e); returns y_of(value),
    values under 10**low drawn at the bottom."""
    def y_of(value):
        return top + height * (high - math.log10(max(value, 10.0 ** low))) / (high - low)

    s.rect(left, top, width, height, fill="white", stroke=MUTED, width=1)
    for e in range(low, high + 1):
        y = y_of(10.0 ** e)
        s.line(left, y, left + width, y, stroke=PADDING, width=1)
        s.text(left - 8, y + 4, label(e), size=11, anchor="end", fill=MUTED)
    return y_of
