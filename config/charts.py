"""Server-side SVG charts for the dashboard and the admin (pure: no network, no JavaScript, no
matplotlib)."""

import math
from datetime import datetime, timedelta
from html import escape

W, H, PAD = 640, 220, 40
LEFT = 72  # room for the longest axis label ("1,800 ms", "100%")
NICE = (1, 2, 2.5, 5, 10)
# A chart is as wide as its box (a phone's 390 px, or a wide card) and keeps its proportions:
# the viewBox is its drawing; no fixed width or height.
FLUID = 'width="100%" preserveAspectRatio="xMidYMid meet" style="max-width:100%;height:auto"'


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


def bar_chart(bars: list[tuple[str, float]], *, title: str, chart_id: str = "") -> str:
    """An SVG horizontal bar chart of (label, value)."""
    height = max(H // 2, 30 + 22 * len(bars))
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kz-chart" id="{escape(chart_id)}" '
        f'viewBox="0 0 {W} {height}" {FLUID} role="img" aria-label="{escape(title)}">',
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


COLOURS = ("#268bd2", "#cb4b16", "#2aa198", "#6c71c4")


def _width(text: str, size: float) -> float:
    """About how wide `text` is drawn in a sans-serif font of `size` px (its average letter)."""
    return len(text) * size * 0.55


def time_label(at: datetime, span: timedelta) -> str:
    """A time on an axis, as precise as the window needs: minutes within two hours, day and
    hour within three days, the day beyond."""
    if span <= timedelta(hours=2):
        return f"{at:%H:%M}"
    if span <= timedelta(days=3):
        return f"{at:%m-%d %H:%M}"
    return f"{at:%m-%d}"


def _gaps(xs: list[float]) -> float:
    """The distance between two points beyond which the line breaks: three times the usual step."""
    steps = sorted(b - a for a, b in zip(xs, xs[1:], strict=False) if b > a)
    return 3 * steps[len(steps) // 2] if steps else math.inf


def time_chart(
    series: dict[str, list[tuple[datetime, float | None]]],
    *,
    title: str,
    window: tuple[datetime, datetime],
    unit: str = "",
    chart_id: str = "",
    share: bool = False,
    legend: dict[str, str] | None = None,
) -> str:
    """An SVG chart of one or more series of (time, value) over `window`: the time axis is the
    window (labelled in minutes, hours or days as its span needs), a point is drawn where it
    happened, and the line breaks where points are missing (a gap is shown as a gap). `legend`
    names each series, with its counts when the caller has them ("canary: 12 of 40")."""
    start, end = window
    span = max(end - start, timedelta(minutes=1))
    labels = [(legend or {}).get(name, name) for name in series]
    # the legend stands beside the title when both fit the width; else under it, the chart taller
    beside = (
        _width(title, 13) + 12 + max((_width(label, 11) for label in labels), default=0) <= W - PAD - LEFT
    )
    extra = 0 if beside else 14 * len(labels)
    height, top = H + extra, PAD + extra
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="kz-chart" id="{escape(chart_id)}" '
        f'viewBox="0 0 {W} {height}" {FLUID} role="img" aria-label="{escape(title)}">'
        f'<title>{escape(title)}</title><rect width="{W}" height="{height}" fill="#fff" stroke="#ddd"/>'
        f'<text x="{LEFT}" y="20" font-size="13" font-family="sans-serif">{escape(title)}</text>'
    )
    values = [v for points in series.values() for _, v in points if v is not None]
    if not values:
        return (
            head
            + f'<text x="{W / 2}" y="{height / 2}" text-anchor="middle" fill="#999">no data yet</text></svg>'
        )
    lo, hi = axis(values, share=share)
    bottom = height - PAD

    def x_of(at: datetime) -> float:
        return LEFT + (W - LEFT - PAD) * min(1.0, max(0.0, (at - start) / span))

    def y_of(value: float) -> float:
        return bottom - (bottom - top) * (value - lo) / (hi - lo)

    middle = start + span / 2
    frame = (
        f'<line x1="{LEFT}" y1="{bottom}" x2="{W - PAD}" y2="{bottom}" stroke="#999"/>'
        f'<line x1="{LEFT}" y1="{top}" x2="{W - PAD}" y2="{top}" stroke="#eee"/>'
        f'<text x="{LEFT - 6}" y="{bottom}" font-size="10" text-anchor="end">{tick(lo, unit, share)}</text>'
        f'<text x="{LEFT - 6}" y="{top + 4}" font-size="10" text-anchor="end">{tick(hi, unit, share)}</text>'
        f'<text x="{LEFT}" y="{bottom + 14}" font-size="10">{time_label(start, span)}</text>'
        f'<text x="{x_of(middle):.1f}" y="{bottom + 14}" font-size="10" text-anchor="middle">'
        f"{time_label(middle, span)}</text>"
        f'<text x="{W - PAD}" y="{bottom + 14}" font-size="10" text-anchor="end">'
        f"{time_label(end, span)}</text>"
    )
    body = []
    for i, (points, label) in enumerate(zip(series.values(), labels, strict=True)):
        colour = COLOURS[i % len(COLOURS)]
        drawn = sorted((at, v) for at, v in points if v is not None)
        xs = [(at - start).total_seconds() for at, _ in drawn]
        gap = _gaps(xs)
        runs: list[list[str]] = [[]]
        for j, (at, value) in enumerate(drawn):
            if j and xs[j] - xs[j - 1] > gap:
                runs.append([])
            runs[-1].append(f"{x_of(at):.1f},{y_of(value):.1f}")
            body.append(f'<circle cx="{x_of(at):.1f}" cy="{y_of(value):.1f}" r="2.5" fill="{colour}"/>')
        body += [
            f'<polyline fill="none" stroke="{colour}" stroke-width="2" points="{" ".join(run)}"/>'
            for run in runs
            if len(run) > 1
        ]
        body.append(
            f'<text x="{W - PAD}" y="{20 + 14 * (i + (0 if beside else 1))}" font-size="11" '
            f'text-anchor="end" fill="{colour}">{escape(label)}</text>'
        )
    return head + frame + "".join(body) + "</svg>"
