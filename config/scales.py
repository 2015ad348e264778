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
