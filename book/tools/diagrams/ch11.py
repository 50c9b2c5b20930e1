"""Chapter 11's figures (IK): each a function that returns SVG text."""
import math

from .svg import Svg, log_panel, source_path, ACCENT, FRONT, INK, MUTED, PADDING, TEXCOORD


def ik_convergence():
    """CCD against FABRIK: the tip's distance to the target after each iteration (chapters/11_ik/ik_convergence.tsv)."""
    table = source_path("chapters", "11_ik", "ik_convergence.tsv")
    with open(table, encoding="utf-8") as f:
        rows = [[float(x) for x in line.split("\t")] for line in f.read().splitlines()[1:] if line.strip()]
    s = Svg(820, 420, "CCD against FABRIK: distance from the tip to the target after each iteration")
    left, top, width, height = 80, 40, 560, 300
    last = rows[-1][0]
    low, high = -5, 1  # log10 of metres: 10 um to 10 m

    def x_of(i):
        return left + width * i / last

    metres = {-5: "10 \u00b5m", -4: "0.1 mm", -3: "1 mm", -2: "1 cm", -1: "10 cm", 0: "1 m", 1: "10 m"}
    y_of = log_panel(s, left, top, width, height, low, high, lambda e: metres[e])
    for i in range(0, int(last) + 1, 5):
        s.text(x_of(i), top + height + 18, str(i), size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, top + height + 40, "iterations", size=12.5, anchor="middle")
    s.text(left, top - 12, "distance left, tip to target (log scale)", size=12.5)
    for column, color, dash, label in ((1, ACCENT, None, "CCD, median"), (2, ACCENT, "5,4", "CCD, 90 %"),
                                       (3, FRONT, None, "FABRIK, median"), (4, FRONT, "5,4", "FABRIK, 90 %")):
        d = " ".join(("M" if k == 0 else "L") + f" {x_of(r[0]):.1f} {y_of(r[column]):.1f}"
                     for k, r in enumerate(rows))
        s.path(d, stroke=color, width=2.2, dash=dash)
        y = top + 16 + 20 * (column - 1)
        s.line(left + width + 14, y - 4, left + width + 40, y - 4, stroke=color, width=2.2, dash=dash)
        s.text(left + width + 46, y, label, size=11.5)
    s.text(410, 405, "A chain of 6 bones, 200 reachable targets, each solver from the same rest pose "
           "(ik_convergence).", size=12, anchor="middle", fill=MUTED)
    return s.render()


def two_bone_triangle():
    """Two-bone IK: the triangle root, middle, tip; the angle at the root by the law of cosines; the pole."""
    s = Svg(880, 380, "Two-bone IK: the triangle of the two bones and the distance d, the angle at the root, the pole")
    scale = 180.0
    rx, ry = 90, 290  # the root on the page; the axis u points right
    upper, lower, d = 1.0, 0.8, 1.2
    cos_root = (upper * upper + d * d - lower * lower) / (2 * upper * d)
    sin_root = math.sqrt(1 - cos_root * cos_root)
    cos_middle = (upper * upper + lower * lower - d * d) / (2 * upper * lower)
    mx, my = rx + scale * upper * cos_root, ry - scale * upper * sin_root
    tx, ty = rx + scale * d, ry
    green = "#3d7a30"
    # The reach: a circle of upper + lower about the root (the tip can go no farther).
    reach = scale * (upper + lower)
    s.path(f"M {rx + reach * math.cos(0.5):.1f} {ry - reach * math.sin(0.5):.1f} "
           f"A {reach:.1f} {reach:.1f} 0 0 1 {rx + reach * math.cos(-0.2):.1f} {ry - reach * math.sin(-0.2):.1f}",
           stroke=MUTED, dash="3 4")
    s.text(rx + reach * math.cos(0.5) - 4, ry - reach * math.sin(0.5) - 8, "reach: upper + lower", size=11.5,
           fill=MUTED, anchor="middle")
    # The axis from the root to a target out of reach: the tip stops on it.
    far = rx + scale * 2.1
    s.line(rx, ry, far, ry, stroke=MUTED, dash="6 4")
    s.circle(far, ry, 7, fill="white", stroke=ACCENT)
    s.text(far - 30, ry + 26, "a target out of reach:", size=11.5, fill=ACCENT)
    s.text(far - 30, ry + 42, "the tip stops on the axis", size=11.5, fill=ACCENT)
    # The bones.
    s.line(rx, ry, mx, my, stroke=FRONT, width=9)
    s.line(mx, my, tx, ty, stroke=FRONT, width=9)
    s.text((rx + mx) / 2 - 12, (ry + my) / 2 - 8, "upper", size=13, bold=True, anchor="end")
    s.text((mx + tx) / 2 + 12, (my + ty) / 2 - 4, "lower", size=13, bold=True)
    s.text(rx + 56, ry + 24, "d = |target - root|, clamped", size=12.5)
    # The angle at the root, between the axis and the upper bone, and the one at the knee.
    r = 52
    a1 = math.acos(cos_root)
    s.path(f"M {rx + r:.1f} {ry} A {r} {r} 0 0 0 {rx + r * math.cos(a1):.1f} {ry - r * math.sin(a1):.1f}",
           stroke=ACCENT, width=2)
    s.text(rx + r + 8, ry - 10, "root angle", size=12.5, fill=ACCENT, bold=True)
    to_root = math.atan2(my - ry, rx - mx)
    to_tip = math.atan2(my - ty, tx - mx)
    r = 30
    s.path(f"M {mx + r * math.cos(to_root):.1f} {my - r * math.sin(to_root):.1f} "
           f"A {r} {r} 0 0 0 {mx + r * math.cos(to_tip):.1f} {my - r * math.sin(to_tip):.1f}",
           stroke=ACCENT, width=2)
    s.text(mx + 4, my + 52, "knee angle", size=12.5, fill=ACCENT, anchor="middle")
    # The joints.
    s.circle(rx, ry, 6, fill=INK)
    s.text(rx - 12, ry + 5, "root", size=12.5, bold=True, anchor="end")
    s.text(rx - 12, ry + 21, "(hip)", size=11.5, anchor="end", fill=MUTED)
    s.circle(mx, my, 6, fill=INK)
    s.text(mx, my - 16, "middle (knee)", size=12.5, bold=True, anchor="middle")
    s.circle(tx, ty, 6, fill=INK)
    s.text(tx + 10, ty - 10, "tip (ankle)", size=12.5, bold=True)
    # u and v at the root, and the pole: only its part perpendicular to u counts.
    s.arrow(rx, ry, rx + 40, ry, stroke=INK, width=2)
    s.text(rx + 36, ry + 18, "u", size=13, italic=True, bold=True)
    s.arrow(rx, ry, rx, ry - 70, stroke=INK, width=2)
    s.text(rx - 14, ry - 60, "v", size=13, italic=True, bold=True)
    px, py = rx + 95, ry - 230
    s.arrow(rx, ry, px, py, stroke=green, width=2)
    s.text(px + 8, py, "pole (any length)", size=12.5, fill=green, bold=True)
    s.line(px, py, rx, py, stroke=green, dash="3 3")

    x = 580
    s.text(x, 40, "the law of cosines:", size=13, bold=True)
    s.text(x, 62, "cos(root) =", size=12.5, mono=True)
    s.text(x + 20, 80, "(upper\u00b2 + d\u00b2 - lower\u00b2)", size=12.5, mono=True)
    s.text(x + 20, 98, " / (2 upper d)", size=12.5, mono=True)
    s.text(x, 122, "clamped to [-1, 1] (for acos, sqrt)", size=12, fill=ACCENT)
    s.text(x, 156, "v = pole - (pole . u) u, normalized", size=12.5, mono=True)
    s.text(x, 180, "mid = root + upper (cos u + sin v)", size=12.5, mono=True)
    s.text(x, 200, "tip = root + d u", size=12.5, mono=True)
    s.text(x, 234, "d clamped to", size=12.5)
    s.text(x, 252, "[|upper - lower|, upper + lower]", size=12.5, mono=True)
    s.text(x, 286, "Here upper 1, lower 0.8, d 1.2:", size=12, fill=MUTED)
    s.text(x, 304, f"root angle {math.degrees(math.acos(cos_root)):.1f}\u00b0, "
           f"knee angle {math.degrees(math.acos(cos_middle)):.1f}\u00b0.", size=12, fill=MUTED)
    s.text(440, 365, "The chain bends in the plane of u and v, toward the pole; the pole's part along u says nothing.",
           size=12, anchor="middle", fill=MUTED)
    return s.render()


def fabrik_passes():
    """One FABRIK iteration on four points: forward reaching (tip to target), backward reaching (root back)."""
    s = Svg(920, 360, "One FABRIK iteration: forward reaching puts the tip on the target, backward reaching the root back")
    lengths = [1.0, 0.8, 0.6]
    start = [(0.0, 0.0)]
    for k, a in enumerate((70, 40, 10)):
        x, y = start[-1]
        start.append((x + lengths[k] * math.cos(math.radians(a)), y + lengths[k] * math.sin(math.radians(a))))
    target = (1.9, 0.35)

    def place(placed, point, length):
        dx, dy = point[0] - placed[0], point[1] - placed[1]
        n = math.hypot(dx, dy)
        return (placed[0] + length * dx / n, placed[1] + length * dy / n)

    forward = list(start)
    forward[3] = target
    for k in (2, 1, 0):
        forward[k] = place(forward[k + 1], forward[k], lengths[k])
    backward = list(forward)
    backward[0] = start[0]
    for k in (1, 2, 3):
        backward[k] = place(backward[k - 1], backward[k], lengths[k - 1])

    scale, panel_w = 105.0, 300

    def page(panel, p):
        return 40 + panel * panel_w + scale * p[0], 270 - scale * p[1]

    titles = [("the chain and the target", "bones of 1, 0.8, 0.6"),
              ("1. forward reaching", "tip on the target, then back to the root"),
              ("2. backward reaching", "root back, then out to the tip")]
    for panel, (title, sub) in enumerate(titles):
        x0 = 20 + panel * panel_w
        s.rect(x0, 20, panel_w - 20, 300, fill="white", stroke=PADDING, rx=6)
        s.text(x0 + (panel_w - 20) / 2, 44, title, size=13.5, anchor="middle", bold=True)
        s.text(x0 + (panel_w - 20) / 2, 62, sub, size=11.5, anchor="middle", fill=MUTED)
        tx, ty = page(panel, target)
        s.circle(tx, ty, 8, fill="white", stroke=ACCENT)
        s.text(tx + 4, ty + 24, "target", size=11.5, fill=ACCENT, anchor="middle")
        bx, by = page(panel, start[0])
        s.text(bx - 4, by + 22, "root", size=11.5, fill=MUTED)

    def chain(panel, points, color, width, dash=None, dots=True):
        pts = [page(panel, p) for p in points]
        for a, b in zip(pts, pts[1:]):
            s.line(*a, *b, stroke=color, width=width, dash=dash)
        if dots:
            for x, y in pts:
                s.circle(x, y, 4.5, fill=INK if dash is None else MUTED)

    def moved(panel, before, after):
        """The chain before, faint; each point's move as an arrow; the chain after."""
        chain(panel, before, PADDING, 7, dots=False)
        for p, q in zip(before, after):
            a, b = page(panel, p), page(panel, q)
            if math.hypot(b[0] - a[0], b[1] - a[1]) > 8:
                s.line(*a, *b, stroke=MUTED, dash="3 3", arrow=True)
        chain(panel, after, FRONT, 7)

    chain(0, start, FRONT, 7)
    moved(1, start, forward)
    fx, fy = page(1, forward[0])
    s.text(fx + 8, fy + 4, "the root moved off", size=11.5, fill=ACCENT)
    moved(2, forward, backward)
    gap = math.hypot(backward[3][0] - target[0], backward[3][1] - target[1])
    ex, ey = page(2, backward[3])
    s.text(ex - 12, ey + 4, f"tip {gap:.2f} from it", size=11.5, fill=ACCENT, anchor="end")
    s.text(460, 345, "Each point moves onto the line from the point just placed to where it was, at its bone's "
           "length: every bone keeps its length.", size=12, anchor="middle", fill=MUTED)
    return s.render()


def smoothstep(x):
    x = min(max(x, 0.0), 1.0)
    return x * x * (3 - 2 * x)


def stance_weight(t, down, up, period, fade):
    """ik_stance_weight: 1 from a foot's down event to its up event, smoothstep ramps of up to `fade` s in the swing."""
    swing = (down - up) % period
    since_up = (t - up) % period
    if since_up >= swing:
        return 1.0
    ramp = min(fade, swing / 2)
    if since_up < ramp:
        return 1 - smoothstep(since_up / ramp)
    if swing - since_up < ramp:
        return 1 - smoothstep((swing - since_up) / ramp)
    return 0.0


def stance_weight_curve():
    """Each foot's stance weight (ex11.3) over one cycle of the stairs gait: 1 planted, smoothstep ramps over the swing."""
    s = Svg(860, 330, "The stance weight of each foot over one cycle of the stairs walk, from its contact events")
    period, beta, fade = 2 / 1.3, 0.6, 0.15  # the stairs gait: 1.3 steps/s, down 60% of the cycle
    left, width = 150, 600

    def x_of(t):
        return left + width * t / period

    def weight(t, down, up):
        return stance_weight(t, down, up, period, fade)

    feet = [("left foot", 0.0, beta * period), ("right foot", 0.5 * period, (0.5 + beta - 1) * period)]
    for row, (name, down, up) in enumerate(feet):
        top, h = 40 + 130 * row, 80
        side = name.split()[0]
        s.text(left - 14, top + h / 2 + 4, name, size=12.5, anchor="end")
        s.line(left, top + h, left + width, top + h, stroke=MUTED, width=1)
        s.line(left, top, left + width, top, stroke=PADDING, width=1)
        s.text(left - 4, top + 4, "1", size=11, anchor="end", fill=MUTED)
        s.text(left - 4, top + h + 4, "0", size=11, anchor="end", fill=MUTED)
        # the stance, shaded
        spans = [(down, up)] if down < up else [(down, period), (0, up)]
        for a, b in spans:
            s.rect(x_of(a), top, x_of(b) - x_of(a), h, fill=TEXCOORD, stroke="none")
        points = []
        for k in range(401):
            t = period * k / 400
            points.append(f"{x_of(t):.1f},{top + h - h * weight(t, down, up):.1f}")
        s.path("M " + " L ".join(points), stroke=ACCENT, width=2.2)
        for t, event in ((down, side + "_down"), (up, side + "_up")):
            x = x_of(t)
            s.line(x, top - 4, x, top + h + 4, stroke=INK, width=1, dash="3 3")
            s.text(x, top + h + 18, event, size=11.5, anchor="middle", fill=INK)
        # the fade: the ramp after up
        x0, x1 = x_of(up), x_of(up + fade)
        s.line(x0, top + h + 28, x1, top + h + 28, stroke=MUTED, width=1, arrow=True)
        s.text((x0 + x1) / 2 + 2, top + h + 42, "fade", size=11, anchor="middle", fill=MUTED)
    s.text(left + width / 2, 318, f"shaded: planted (held in the world). One cycle: {period:.3f} s; fade {fade} s, "
           "smoothstep ramps in the swing.", size=12, anchor="middle", fill=MUTED)
    return s.render()


def stairs_swing():
    """A foot's swing up two steps and down two steps, planned over the footprint (foot_swing_plan)."""
    s = Svg(900, 380, "A swinging foot's sole over the steps, going up and going down: rise and fall planned over its footprint")
    rise, run, start = 0.17, 0.28, 0.6
    # the humanoid's mesh sole put down flat (foot_mesh_soles): heel point to ball, past it to the toe
    # tips, behind it to the back of the heel; the foot's pitch in the swing is left out here
    # (foot_swing_plan counts it), and so is the two-stage rise over a step in between
    ball, toe, back = 0.200, 0.068, 0.059
    period, beta, fade, clearance, samples = 2 / 1.3, 0.6, 0.15, 0.015, 33  # SWING_CLEARANCE
    toe_gap = 0.05  # TOE_GAP

    def ground(z):
        if z < start - 1e-5:
            return 0.0
        return min(int((z - start + 1e-5) // run) + 1, 8) * rise

    def weight(t, down, up):
        return stance_weight(t, down, up, period, fade)

    up_t, down_t = beta * period, 0.0  # the left foot: lifts at beta, lands at the cycle's end
    swing_time = period - up_t
    progress = []
    for k in range(samples):
        u = k / (samples - 1)
        across = u - math.sin(2 * math.pi * u) / (2 * math.pi)
        w = weight(up_t + u * swing_time, down_t, up_t)
        progress.append((1 - w) * across if u < 0.5 else w + (1 - w) * across)

    def footprint(heel, facing):
        return [heel + facing * d for d in (-back, 0, ball / 2, ball, ball + toe)]

    def plan(lift_heel, land_heel, facing, lift, land):
        need = [max(ground(z) for z in footprint(lift_heel + p * (land_heel - lift_heel), facing)) for p in progress]
        highest = max([lift, land] + need)
        top = highest + (clearance if highest > min(lift, land) + 1e-4 else 0)
        # between two samples the footprint is over the steps of both: each clears its neighbours' too
        need = [max(need[max(k - 1, 0)], need[k], need[min(k + 1, samples - 1)]) for k in range(samples)]
        margin = clearance / 2
        sw = dict(lift=lift, land=land, top=top, rise_end=0.5, fall_start=1.0)

        def height(u):
            if u < sw["fall_start"]:
                return lift + (top - lift) * smoothstep(u / sw["rise_end"])
            x = min(max((u - sw["fall_start"]) / (1 - sw["fall_start"]), 0.0), 1.0)
            return top + (land - top) * (1 - (1 - x) ** 3 * (1 + 3 * x))  # foot_swing_height's fall
        r = 0.5
        while r > 0.1:
            sw["rise_end"] = r
            if all(k / (samples - 1) > 0.5 or height(k / (samples - 1)) >= need[k] + (margin if need[k] > lift else 0)
                   for k in range(1, samples)):
                break
            r -= 0.025
        f = max(0.5, sw["rise_end"])
        while f < 0.9:
            sw["fall_start"] = f
            if all(height(k / (samples - 1)) >= need[k] + (margin if need[k] > land else 0)
                   for k in range(samples // 2, samples - 1)):
                break
            f += 0.05
        return height, sw

    # where the heel point stands from its tread's front edge (foot_layout): going up the toe tips
    # toe_gap from the riser at most (the heel over the nosing), going down the ball on the tread
    # half way between its edge and where the back of the heel meets the riser
    spare = run - ball - toe
    panels = [("going up: the toes clear the next riser", 1, 1, 3, min(spare / 2, spare - toe_gap)),
              ("going down: the heel stays up past the edge", -1, 3, 1, (ball + run - back) / 2)]
    scale = 330.0
    for i, (title, facing, from_step, to_step, offset) in enumerate(panels):
        x0, y0 = 40 + i * 440, 330  # the page point of z = z_lo, y = 0
        z_lo = start - 0.12
        lift_heel = start + (from_step - 1) * run + offset
        land_heel = start + (to_step - 1) * run + offset
        # a foot stands on the highest ground under its footprint (foot_support_height)
        lift, land = (max(ground(z) for z in footprint(heel, facing)) for heel in (lift_heel, land_heel))
        height, sw = plan(lift_heel, land_heel, facing, lift, land)

        def page(z, y):
            return x0 + scale * (z - z_lo), y0 - scale * y
        s.text(x0 + 190, 34, title, size=13.5, anchor="middle", bold=True)
        # the steps, as solid boxes from the floor
        outline = [page(z_lo, 0)]
        for k in range(1, 5):
            z = start + (k - 1) * run
            outline += [page(z, (k - 1) * rise), page(z, k * rise)]
        outline += [page(start + 4 * run, 4 * rise), page(start + 4 * run, 0)]
        s.polygon(outline, fill=PADDING, stroke=MUTED, width=1)
        # the footprint at instants of the swing, and the heel's path
        path = []
        for k in range(61):
            u = k / 60
            p = progress[min(int(round(u * (samples - 1))), samples - 1)]
            heel = lift_heel + p * (land_heel - lift_heel)
            y = height(u)
            path.append("%.1f,%.1f" % page(heel, y))
            if k % 6 == 0:
                pts = footprint(heel, facing)
                a, b = page(min(pts), y), page(max(pts), y)
                s.line(a[0], a[1], b[0], b[1], stroke=FRONT, width=3)
        s.path("M " + " L ".join(path), stroke=ACCENT, width=1.8)
        for heel, y, label in ((lift_heel, lift, "leaves"), (land_heel, land, "lands")):
            pts = footprint(heel, facing)
            a, b = page(min(pts), y), page(max(pts), y)
            s.line(a[0], a[1], b[0], b[1], stroke=INK, width=5)
            s.text((a[0] + b[0]) / 2, a[1] + 18, label, size=11.5, anchor="middle", fill=INK)
        # the toes' side of the foot
        tip = page(max(footprint(land_heel, facing)) if facing > 0 else min(footprint(land_heel, facing)), land)
        s.text(tip[0] + 6 * facing, tip[1] - 6, "toes", size=11, anchor="start" if facing > 0 else "end",
               fill=MUTED)
        s.text(x0 + 190, 56, "rise by %.0f%% of the swing, fall from %.0f%%" % (100 * sw["rise_end"],
               100 * sw["fall_start"]), size=11.5, anchor="middle", fill=MUTED)
    s.text(450, 366, "Black: the foot planted (back of the heel to the toes); blue: its sole every tenth of the swing; "
           "red: the heel point's path.", size=12, anchor="middle", fill=MUTED)
    return s.render()


FIGURES = {
    "11-ik-convergence": ik_convergence,
    "11-two-bone-triangle": two_bone_triangle,
    "11-fabrik-iteration": fabrik_passes,
    "11-stance-weight": stance_weight_curve,
    "11-stairs-swing": stairs_swing,
}
