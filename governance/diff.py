"""Line diff of the text a proposal changes → the text it proposes, as shown to the operator (pure)."""

import difflib


def text_diff(before: str | None, after: str | None) -> list[tuple[str, str]]:
    """(css class, line) pairs of a unified diff; empty when the proposal carries no text change.
    The diff's two file-name lines are left out: the panel's title names both sides."""
    if before is None or after is None:
        return []
    rows = []
    for line in difflib.unified_diff(
        before.splitlines(), after.splitlines(), "current", "proposed", lineterm=""
    ):
        if line in ("--- current", "+++ proposed"):
            continue
        if line.startswith("@@"):
            css = "hdr"
        else:
            css = "add" if line.startswith("+") else "del" if line.startswith("-") else "ctx"
        rows.append((css, line))
    return rows
