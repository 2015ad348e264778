"""Declared scales of numeric feedback scores (KAIZEN_SCORE_SCALES), parsed (pure)."""

Scale = tuple[float, float]


def parse_scales(text: str) -> dict[str, Scale]:
    """`name=lo-hi` pairs, comma-separated (`*` for every other name) → {name: (lo, hi)}; names
    are matched without case. Raises ValueError naming the bad pair."""
    scales: dict[str, Scale] = {}
    for pair in filter(None, (p.strip() for p in text.split(","))):
        name, _, span = pair.partition("=")
        lo, sep, hi = span.strip().partition("-")
        try:
            bounds = (float(lo), float(hi))
        except ValueError:
            raise ValueError(f"'{pair}' is not name=low-high") from None
        if not sep or not name.strip() or bounds[0] >= bounds[1]:
            raise ValueError(f"'{pair}' is not name=low-high with low < high")
        scales[name.strip().lower()] = bounds
    return scales


def parse_margins(text: str) -> dict[str, tuple[float, float]]:
    """`signal=relative/floor` pairs, comma-separated (`/floor` optional: 0) → {signal: (relative,
    floor)}: a canary guardrail's margin is the larger of `relative` × the champion's level and
    `floor`. Raises ValueError naming the bad pair."""
    margins: dict[str, tuple[float, float]] = {}
    for pair in filter(None, (p.strip() for p in text.split(","))):
        name, sep, spec = pair.partition("=")
        relative, _, floor = spec.strip().partition("/")
        try:
            value = (float(relative), float(floor or 0))
        except ValueError:
            raise ValueError(f"'{pair}' is not signal=relative/floor") from None
        if not sep or not name.strip() or not all(0 <= v <= 10 and v == v for v in value):
            raise ValueError(f"'{pair}' is not signal=relative/floor with both between 0 and 10")
        margins[name.strip()] = value
    return margins
