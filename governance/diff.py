"""Line diff of current → proposed directives, as shown to the operator (pure)."""

import difflib


def directives_diff(payload: dict) -> list[tuple[str, str]]:
    """(css class, line) pairs of a unified diff of a proposal's directives, if it carries them."""
    old, new = payload.get("current_directives"), payload.get("proposed_directives")
    if old is None or new is None:
        return []
    rows = []
    for line in difflib.unified_diff(old.splitlines(), new.splitlines(), "current", "proposed", lineterm=""):
        if line.startswith(("+++", "---", "@@")):
            css = "hdr"
        else:
            css = "add" if line.startswith("+") else "del" if line.startswith("-") else "ctx"
        rows.append((css, line))
    return rows
