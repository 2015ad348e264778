"""JSON values (evidence, payloads, checks) shown to people as nested tables and lists instead of
raw dumps, and the small pieces review pages summarise evidence with (a few examples, a link to an
admin list filtered to the rest); every text is escaped."""

import re
from urllib.parse import urlencode

from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

MAX_ITEMS = 50
LONG_TOKEN = 24  # characters without a space: a path, an id, a URL; shorter words never break
LONG_TOKENS = re.compile(rf"(\S{{{LONG_TOKEN},}})")


def breakable(text) -> SafeString:
    """`text` escaped, each token of LONG_TOKEN characters or more (a path, a dotted name, a URL)
    marked `kz-long`, which may wrap anywhere: a narrow column breaks those, never a word. HTML
    already made safe is returned as it is."""
    if hasattr(text, "__html__"):
        return text
    parts = LONG_TOKENS.split("" if text is None else str(text))
    return format_html_join(
        "",
        "{}",
        ((format_html('<span class="kz-long">{}</span>', p) if i % 2 else p,) for i, p in enumerate(parts)),
    )


def label(key: str) -> str:
    """`success_rate_delta` -> `success rate delta`."""
    return str(key).replace("_", " ")


def scalar(value) -> str:
    """One value as a person reads it: None as a dash, booleans as yes/no, floats rounded."""
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def readable(value, limit: int = MAX_ITEMS) -> SafeString:
    """HTML of a JSON value: objects as two-column tables, lists as bullet lists (at most
    `limit` items at every depth, then how many more), scalars as text."""
    if isinstance(value, dict):
        if not value:
            return mark_safe("—")
        rows = format_html_join(
            "",
            "<tr><th>{}</th><td>{}</td></tr>",
            ((label(k), readable(v, limit)) for k, v in value.items()),
        )
        return format_html('<table class="kz-readable">{}</table>', rows)
    if isinstance(value, list | tuple):
        if not value:
            return mark_safe("—")
        shown = format_html_join("", "<li>{}</li>", ((readable(item, limit),) for item in value[:limit]))
        more = len(value) - limit
        tail = format_html("<li>… and {} more</li>", more) if more > 0 else ""
        return format_html('<ul class="kz-readable">{}{}</ul>', shown, tail)
    return breakable(scalar(value))


def some(items, n: int = 3) -> str:
    """The first `n` of `items` and how many more: `a, b, c and 36 more` ('—' when there are none)."""
    items = [scalar(item) for item in items]
    if not items:
        return "—"
    shown = ", ".join(items[:n])
    return f"{shown} and {len(items) - n} more" if len(items) > n else shown


def admin_list(name: str, **filters) -> str:
    """The admin list of `name` (`app_model`) filtered by field lookups: a list value is an `__in`
    lookup of its items."""
    query = {
        key: ",".join(map(str, value)) if isinstance(value, list | tuple) else value
        for key, value in filters.items()
    }
    url = reverse(f"admin:{name}_changelist")
    return f"{url}?{urlencode(query)}" if query else url


def brief(value, n: int = 3, width: int = 300) -> str:
    """A JSON value in one line of at most `width` characters: objects as `key: value; …`, lists as
    their first `n` items and how many more."""
    if isinstance(value, dict):
        text = "; ".join(f"{label(k)}: {brief(v, n, width)}" for k, v in value.items()) or "—"
    elif isinstance(value, list | tuple):
        text = some([brief(item, n, width) for item in value], n)
    else:
        text = scalar(value)
    return text if len(text) <= width else text[: width - 1] + "…"


def clipped(text, n: int = 60) -> SafeString:
    """`text` cut to `n` characters for a list column, whole in its title (shown on hover)."""
    text = "" if text is None else str(text)
    if len(text) <= n:
        return format_html("{}", text or "—")
    return format_html('<span title="{}">{}…</span>', text, text[: n - 1].rstrip())


def share(value) -> str:
    """A fraction as a percentage: 0.4574 -> 45.7%."""
    return "—" if value is None else f"{value:.1%}"


def quantity(value, unit: str = "", digits: int = 2) -> str:
    """A measure rounded for reading, with its unit: `5,232 ms`, `$2.00` for unit `$`."""
    if value is None:
        return "—"
    if unit == "$":
        return f"${value:,.{digits}f}"
    number = f"{value:,.0f}" if abs(value) >= 100 else f"{value:,.{digits}g}"
    return f"{number} {unit}".strip()


def when(moment) -> str:
    """A time in the list's short form, local time (`2026-11-13 09:05`); a column of these may wrap
    between the date and the time."""
    return f"{timezone.localtime(moment):%Y-%m-%d %H:%M}" if moment else "—"
