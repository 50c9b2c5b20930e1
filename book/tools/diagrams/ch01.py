"""Chapter 01's figures (the window: the chain of spaces, winding): each a function that returns SVG
text.
"""
from .svg import Svg, ACCENT, BACK, FRONT, HEADER, INK, MUTED, NORMAL, POSITION, TEXCOORD


def spaces():
    """The chain of spaces and the matrices between them, read right to left."""
    s = Svg(910, 220, "The chain of spaces: joint, model, world, view, clip, and the matrices between them")
    boxes = [("joint space", "one per joint (04-06)", "white"),
             ("model space", "the mesh's own frame", POSITION),
             ("world space", "the scene", NORMAL),
             ("view space", "camera at the origin", TEXCOORD),
             ("clip space", "what the GPU clips", HEADER)]
    mats = ["model_from_joint", "world_from_model", "view_from_world", "clip_from_view"]
    w, h, gap, y = 132, 58, 57, 40
    for i, (name, sub, fill) in enumerate(boxes):
        x = 10 + i * (w + gap)
        s.rect(x, y, w, h, fill=fill, rx=6, dash="5,4" if i == 0 else None)
        s.text(x + w / 2, y + 25, name, size=14, anchor="middle", bold=True)
        s.text(x + w / 2, y + 44, sub, size=11, anchor="middle", fill=MUTED)
        if i < len(mats):
            s.arrow(x + w + 3, y + h / 2, x + w + gap - 3, y + h / 2)
            s.text(x + w + gap / 2, y - 10, mats[i], size=11.5, anchor="middle", mono=True)
    s.text(455, 140, "position_clip = clip_from_view * view_from_world * world_from_model * position_model",
           size=13, anchor="middle", mono=True)
    s.arrow(770, 154, 140, 154, stroke=ACCENT)
    s.text(455, 176, "Read right to left: the rightmost matrix acts first.", size=12.5, anchor="middle",
           fill=ACCENT)
    s.text(455, 196, "Inner names meet: view_from_world * world_from_model = view_from_model.", size=12.5,
           anchor="middle", fill=ACCENT)
    return s.render()


def winding():
    """Counter-clockwise is front; a cube wound the other way shows its inside."""
    s = Svg(760, 300, "Winding and culling: counter-clockwise triangles face the viewer")

    def tri(cx, cy, order, fill, label, sub):
        pts = [(cx - 70, cy + 50), (cx + 70, cy + 50), (cx, cy - 60)]
        s.polygon(pts, fill=fill)
        names = ["0", "1", "2"] if order == "ccw" else ["0", "2", "1"]
        offsets = [(-14, 16), (8, 16), (-4, -8)]
        for (x, y), n, (dx, dy) in zip(pts, names, offsets):
            s.circle(x, y, 3.5)
            s.text(x + dx, y + dy, n, size=13, bold=True)
        # the turning direction 0 -> 1 -> 2
        r = 24
        if order == "ccw":
            s.path(f"M {cx - r} {cy + 14} A {r} {r} 0 1 0 {cx + r * 0.2} {cy - r + 14}", stroke=ACCENT, arrow=True)
        else:
            s.path(f"M {cx + r} {cy + 14} A {r} {r} 0 1 1 {cx - r * 0.2} {cy - r + 14}", stroke=ACCENT, arrow=True)
        s.text(cx, cy + 84, label, size=13.5, anchor="middle", bold=True)
        s.text(cx, cy + 102, sub, size=12, anchor="middle", fill=MUTED)

    tri(120, 110, "ccw", FRONT, "0, 1, 2 counter-clockwise", "front face: drawn")
    tri(340, 110, "cw", BACK, "0, 1, 2 clockwise", "back face: culled")

    # A cube wound clockwise: its near faces are culled, the far (inside) faces drawn.
    ox, oy, a, d = 555, 36, 90, 42
    front = [(ox, oy + d), (ox + a, oy + d), (ox + a, oy + d + a), (ox, oy + d + a)]
    back = [(ox + d, oy), (ox + a + d, oy), (ox + a + d, oy + a), (ox + d, oy + a)]
    # far faces, seen from inside: the back wall, the floor, the left wall
    s.polygon(back, fill="#f3c08a")
    s.polygon([front[3], back[3], back[2], front[2]], fill="#d98f4e")
    s.polygon([front[0], back[0], back[3], front[3]], fill="#e8a96a")
    for p, q in zip(front, back):
        s.line(p[0], p[1], q[0], q[1], stroke=INK, width=1)
    s.polygon(front, fill="none", dash="5,4")
    s.line(back[0][0], back[0][1], back[1][0], back[1][1])
    s.text(ox + 66, 194, "a cube wound clockwise", size=13.5, anchor="middle", bold=True)
    s.text(ox + 66, 212, "near faces culled (dashed),", size=12, anchor="middle", fill=MUTED)
    s.text(ox + 66, 228, "far faces drawn: you see its inside", size=12, anchor="middle", fill=MUTED)
    s.text(380, 280, "Counter-clockwise as seen on screen is the front (OpenGL's default, and glTF's rule).",
           size=12.5, anchor="middle")
    return s.render()


FIGURES = {
    "01-spaces": spaces,
    "01-winding": winding,
}
