"""JSON values (evidence, payloads, checks) shown to people as nested tables and lists instead of
raw dumps; every text is escaped."""

from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe

MAX_ITEMS = 50


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


def readable(value) -> SafeString:
    """HTML of a JSON value: objects as two-column tables, lists as bullet lists (at most
    MAX_ITEMS, then how many more), scalars as text."""
    if isinstance(value, dict):
        if not value:
            return mark_safe("—")
        rows = format_html_join(
            "", "<tr><th>{}</th><td>{}</td></tr>", ((label(k), readable(v)) for k, v in value.items())
        )
        return format_html('<table class="kz-readable">{}</table>', rows)
    if isinstance(value, list | tuple):
        if not value:
            return mark_safe("—")
        shown = format_html_join("", "<li>{}</li>", ((readable(item),) for item in value[:MAX_ITEMS]))
        more = len(value) - MAX_ITEMS
        tail = format_html("<li>… and {} more</li>", more) if more > 0 else ""
        return format_html('<ul class="kz-readable">{}{}</ul>', shown, tail)
    return format_html("{}", scalar(value))
