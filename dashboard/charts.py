"""Server-side SVG charts for the dashboard (pure: no network, no JavaScript, no matplotlib)."""

from html import escape

W, H, PAD = 640, 220, 40


def _scale(values: list[float]) -> tuple[float, float]:
    lo, hi = min(values), max(values)
    if hi == lo:
        hi = lo + (abs(lo) or 1.0)
    return lo, hi


def line_chart(points: list[tuple[str, float]], *, title: str, unit: str = "", chart_id: str = "") -> str:
    """An SVG line chart of (label, value) points; an empty-state chart when there is no data."""
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kz-chart" id="{escape(chart_id)}" '
        f'viewBox="0 0 {W} {H}" width="{W}" height="{H}" role="img" aria-label="{escape(title)}">'
        f'<title>{escape(title)}</title><rect width="{W}" height="{H}" fill="#fff" stroke="#ddd"/>'
        f'<text x="{PAD}" y="20" font-size="13" font-family="sans-serif">{escape(title)}</text>'
    )
    values = [v for _, v in points if v is not None]
    if not values:
        return (
            head + f'<text x="{W / 2}" y="{H / 2}" text-anchor="middle" fill="#999">no data yet</text></svg>'
        )
    lo, hi = _scale(values)
    n = len(points)
    coords = []
    for i, (_, v) in enumerate(points):
        if v is None:
            continue
        x = PAD + (W - 2 * PAD) * (i / (n - 1) if n > 1 else 0.5)
        y = H - PAD - (H - 2 * PAD) * (v - lo) / (hi - lo)
        coords.append(f"{x:.1f},{y:.1f}")
    axis = (
        f'<line x1="{PAD}" y1="{H - PAD}" x2="{W - PAD}" y2="{H - PAD}" stroke="#999"/>'
        f'<text x="{PAD - 4}" y="{H - PAD}" font-size="10" text-anchor="end">{lo:.4g}{unit}</text>'
        f'<text x="{PAD - 4}" y="{PAD}" font-size="10" text-anchor="end">{hi:.4g}{unit}</text>'
        f'<text x="{PAD}" y="{H - PAD + 14}" font-size="10">{escape(points[0][0])}</text>'
        f'<text x="{W - PAD}" y="{H - PAD + 14}" font-size="10" text-anchor="end">'
        f"{escape(points[-1][0])}</text>"
    )
    dots = "".join(
        f'<circle cx="{c.split(",")[0]}" cy="{c.split(",")[1]}" r="2.5" fill="#268bd2"/>' for c in coords
    )
    return (
        head
        + axis
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
