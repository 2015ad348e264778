"""Server-side SVG charts for the dashboard (pure: no network, no JavaScript, no matplotlib)."""

import math
from html import escape

W, H, PAD = 640, 220, 40
LEFT = 72  # room for the longest axis label ("1,800 ms", "100%")
NICE = (1, 2, 2.5, 5, 10)


def axis(values: list[float], *, share: bool = False) -> tuple[float, float]:
    """The value axis of a chart from its first point on: a share runs 0 to 1; any other
    quantity (latency, cost, counts) from 0, or its lowest negative value, up to a round number
    at or above the highest value (1, 2, 2.5 or 5 times a power of ten)."""
    if share:
        return 0.0, 1.0
    lo = min(0.0, min(values))
    top = max(values)
    if top <= lo:
        return lo, lo + 1.0
    span = top - lo
    power = 10 ** math.floor(math.log10(span))
    step = next(n for n in NICE if n * power >= span - 1e-12)
    return lo, lo + step * power


def tick(value: float, unit: str, share: bool) -> str:
    """An axis label: shares as percentages, others with thousands separators and the unit."""
    if share:
        return f"{value:.0%}"
    return f"{value:,.4g}{unit}" if abs(value) < 1e4 else f"{value:,.0f}{unit}"


def line_chart(
    points: list[tuple[str, float]], *, title: str, unit: str = "", chart_id: str = "", share: bool = False
) -> str:
    """An SVG line chart of (label, value) points; an empty-state chart when there is no data.
    `share`: the values are shares of 1, drawn on a 0-100% axis."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kz-chart" id="{escape(chart_id)}" '
        f'viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" aria-label="{escape(title)}">'
        f'<title>{escape(title)}</title><rect width="{W}" height="{H}" fill="#fff" stroke="#ddd"/>'
        f'<text x="{LEFT}" y="20" font-size="13" font-family="sans-serif">{escape(title)}</text>'
    )
    values = [v for _, v in points if v is not None]
    if not values:
        return (
            head + f'<text x="{W / 2}" y="{H / 2}" text-anchor="middle" fill="#999">no data yet</text></svg>'
        )
    lo, hi = axis(values, share=share)
    n = len(points)
    coords = []
    for i, (_, v) in enumerate(points):
        if v is None:
            continue
        x = LEFT + (W - LEFT - PAD) * (i / (n - 1) if n > 1 else 0.5)
        y = H - PAD - (H - 2 * PAD) * (v - lo) / (hi - lo)
        coords.append(f"{x:.1f},{y:.1f}")
    frame = (
        f'<line x1="{LEFT}" y1="{H - PAD}" x2="{W - PAD}" y2="{H - PAD}" stroke="#999"/>'
        f'<line x1="{LEFT}" y1="{PAD}" x2="{W - PAD}" y2="{PAD}" stroke="#eee"/>'
        f'<text x="{LEFT - 6}" y="{H - PAD}" font-size="10" text-anchor="end">{tick(lo, unit, share)}</text>'
        f'<text x="{LEFT - 6}" y="{PAD + 4}" font-size="10" text-anchor="end">{tick(hi, unit, share)}</text>'
        f'<text x="{LEFT}" y="{H - PAD + 14}" font-size="10">{escape(points[0][0])}</text>'
        f'<text x="{W - PAD}" y="{H - PAD + 14}" font-size="10" text-anchor="end">'
        f"{escape(points[-1][0])}</text>"
    )
    dots = "".join(
        f'<circle cx="{c.split(",")[0]}" cy="{c.split(",")[1]}" r="2.5" fill="#268bd2"/>' for c in coords
    )
    return (
        head
        + frame
        + f'<polyline fill="none" stroke="#268bd2" stroke-width="2" points="{" ".join(coords)}"/>'
        + dots
        + "</svg>"
    )


def bar_chart(bars: list[tuple[str, float]], *, title: str, chart_id: str = "") -> str:
    """An SVG horizontal bar chart of (label, value)."""
    height = max(H // 2, 30 + 22 * len(bars))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kz-chart" id="{escape(chart_id)}" '
        f'viewBox="0 0 {W} {height}" width="{W}" height="{height}" role="img" aria-label="{escape(title)}">',
        f'<title>{escape(title)}</title><rect width="{W}" height="{height}" fill="#fff" stroke="#ddd"/>',
        f'<text x="10" y="18" font-size="13" font-family="sans-serif">{escape(title)}</text>',
    ]
    if not bars:
        out.append(f'<text x="{W / 2}" y="{height / 2}" text-anchor="middle" fill="#999">no data yet</text>')
    top = max((v for _, v in bars), default=1) or 1
    for i, (label, value) in enumerate(bars):
        y = 30 + 22 * i
        width = (W - 260) * value / top
        out.append(
            f'<text x="10" y="{y + 13}" font-size="11">{escape(label[:32])}</text>'
            f'<rect class="kz-bar" x="220" y="{y}" width="{width:.1f}" height="16" fill="#2aa198"/>'
            f'<text x="{224 + width:.1f}" y="{y + 13}" font-size="11">{value:g}</text>'
        )
    out.append("</svg>")
    return "".join(out)
