"""A proposal's change applied to a version's text (pure): which of its lines still apply, and
the directives they make."""

from improver.proposer import normalised


def applied(text: str, payload: dict, left_out: frozenset[str] | set[str] = frozenset()):
    """(the proposal's additions not in `text` yet and not left out, its removals of lines still
    in `text` and not left out, the resulting directives). Lines are left out when a person
    approved the rest of the proposal without them, or when a canary took them back."""
    lines = text.rstrip("\n").splitlines()
    known = normalised(text)
    additions = [
        a
        for a in payload.get("additions", [])
        if normalised(a["text"]) not in known and a["text"] not in left_out
    ]
    removals = [r for r in payload.get("removals", []) if r["text"] in lines and r["text"] not in left_out]
    gone = {r["text"] for r in removals}
    kept = [line for line in lines if line not in gone]
    return additions, removals, "\n".join([*kept, *(a["text"] for a in additions)]) + "\n"
