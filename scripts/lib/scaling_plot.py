"""The plot of scripts/bench-scaling.py, as one SVG file written without a plotting library.

Left: the rate of replies against the offered rate, one line per replica count, with the
diagonal where every offered command is answered. Right: the CPU per command at the highest
offered rate against the replica count, one stacked bar per replica count, a segment per
process group. Pure function of the steps (the dictionaries bench-scaling.py records).
"""
from html import escape

COLORS = ["#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b"]
WIDTH, HEIGHT = 920, 400
PANEL = {"top": 60, "bottom": 330, "left": 70, "right": 420}
BARS = {"top": 60, "bottom": 330, "left": 530, "right": 880}


def nice_max(value):
    """The smallest of 1, 2, 2.5, 5 × 10^n at or above `value` (an axis' end)."""
    if value <= 0:
        return 1
    magnitude = 1
    while magnitude * 10 <= value:
        magnitude *= 10
    while magnitude > value:
        magnitude /= 10
    for step in (1, 2, 2.5, 5, 10):
        if step * magnitude >= value:
            return step * magnitude
    return 10 * magnitude


def axis_ticks(top, count=5):
    return [top * i / count for i in range(count + 1)]


def label(value):
    return "%g" % round(value, 2)


def svg(steps, groups, title):
    """The SVG document for `steps` (each: replicas, offered, rate, us_per_command[group])."""
    out = ['<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">'
           % (WIDTH, HEIGHT), '<rect width="100%" height="100%" fill="white"/>',
           '<text x="%d" y="22" font-size="14" text-anchor="middle">%s</text>' % (WIDTH // 2, escape(title))]
    replicas = sorted({s["replicas"] for s in steps})
    top_x = nice_max(max((s["offered"] for s in steps), default=1))
    top_y = nice_max(max([s["rate"] for s in steps] + [s["offered"] for s in steps] + [1]))
    p = PANEL

    def x(v):
        return p["left"] + (p["right"] - p["left"]) * v / top_x

    def y(v):
        return p["bottom"] - (p["bottom"] - p["top"]) * v / top_y

    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (p["left"], p["bottom"], p["right"], p["bottom"]))
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (p["left"], p["top"], p["left"], p["bottom"]))
    for t in axis_ticks(top_x):
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%s</text>' % (x(t), p["bottom"] + 16, label(t)))
    for t in axis_ticks(top_y):
        out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (p["left"] - 6, y(t) + 4, label(t)))
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (p["left"], y(t), p["right"], y(t)))
    out.append('<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#999" stroke-dasharray="4 4"/>'
               % (x(0), y(0), x(min(top_x, top_y)), y(min(top_x, top_y))))
    out.append('<text x="%d" y="%d" text-anchor="middle">offered (commands/s)</text>' % ((p["left"] + p["right"]) // 2, p["bottom"] + 34))
    out.append('<text x="18" y="%d" text-anchor="middle" transform="rotate(-90 18 %d)">answered (commands/s)</text>'
               % ((p["top"] + p["bottom"]) // 2, (p["top"] + p["bottom"]) // 2))
    for index, r in enumerate(replicas):
        color = COLORS[index % len(COLORS)]
        points = sorted((s["offered"], s["rate"]) for s in steps if s["replicas"] == r)
        out.append('<polyline fill="none" stroke="%s" stroke-width="2" points="%s"/>'
                   % (color, " ".join("%.1f,%.1f" % (x(a), y(b)) for a, b in points)))
        for a, b in points:
            out.append('<circle cx="%.1f" cy="%.1f" r="3" fill="%s"/>' % (x(a), y(b), color))
        out.append('<text x="%d" y="%d" fill="%s">%d replica%s</text>' % (p["left"] + 10, p["top"] + 14 + 16 * index, color, r,
                                                                          "" if r == 1 else "s"))
    # Right: CPU per command at each replica count's highest offered rate.
    b = BARS
    last = {r: max((s for s in steps if s["replicas"] == r), key=lambda s: s["offered"]) for r in replicas}
    totals = {r: sum(last[r]["us_per_command"][g] for g in groups) for r in replicas}
    top_us = nice_max(max(totals.values(), default=1))

    def by(v):
        return b["bottom"] - (b["bottom"] - b["top"]) * v / top_us

    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (b["left"], b["bottom"], b["right"], b["bottom"]))
    out.append('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="black"/>' % (b["left"], b["top"], b["left"], b["bottom"]))
    for t in axis_ticks(top_us):
        out.append('<text x="%d" y="%.1f" text-anchor="end">%s</text>' % (b["left"] - 6, by(t) + 4, label(t)))
        out.append('<line x1="%d" y1="%.1f" x2="%d" y2="%.1f" stroke="#ddd"/>' % (b["left"], by(t), b["right"], by(t)))
    out.append('<text x="%d" y="%d" text-anchor="middle">payments replicas (at the highest offered rate)</text>'
               % ((b["left"] + b["right"]) // 2, b["bottom"] + 34))
    out.append('<text x="%d" y="%d" text-anchor="middle" transform="rotate(-90 %d %d)">CPU per command (µs)</text>'
               % (b["left"] - 48, (b["top"] + b["bottom"]) // 2, b["left"] - 48, (b["top"] + b["bottom"]) // 2))
    slot = (b["right"] - b["left"]) / max(len(replicas), 1)
    for index, r in enumerate(replicas):
        left = b["left"] + slot * index + slot * 0.25
        base = 0.0
        for gi, g in enumerate(groups):
            value = last[r]["us_per_command"][g]
            out.append('<rect x="%.1f" y="%.1f" width="%.1f" height="%.1f" fill="%s"/>'
                       % (left, by(base + value), slot * 0.5, by(base) - by(base + value), COLORS[gi % len(COLORS)]))
            base += value
        out.append('<text x="%.1f" y="%d" text-anchor="middle">%d</text>' % (left + slot * 0.25, b["bottom"] + 16, r))
        out.append('<text x="%.1f" y="%.1f" text-anchor="middle">%.0f</text>' % (left + slot * 0.25, by(base) - 4, base))
    # The legend in one row above the bars.
    for gi, g in enumerate(groups):
        left = b["left"] + 90 * gi
        out.append('<rect x="%d" y="%d" width="10" height="10" fill="%s"/>' % (left, b["top"] - 22, COLORS[gi % len(COLORS)]))
        out.append('<text x="%d" y="%d">%s</text>' % (left + 14, b["top"] - 13, escape(g)))
    out.append("</svg>")
    return "\n".join(out) + "\n"
