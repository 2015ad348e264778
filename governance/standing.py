"""Where a proposal stands, in words: its status, and what became of the change since it was
approved (a canary promoted, rolled back, aborted, pinned or handed to a human), so that an
approved proposal whose canary was rolled back never reads as plainly "Approved"."""

from datetime import date, datetime

# The verdicts that record what became of an approved change rolled out gradually, and how a
# person says each ("Approved — rolled back on 2026-11-29").
OUTCOME_WORDS = {
    "promoted": "promoted to every agent on {day}",
    "rolled_back": "rolled back on {day}",
    "aborted": "aborted by a human on {day}",
    "pinned": "canary pinned by a human on {day}",
    "handed_over": "canary handed to a human on {day}",
}


def standing(
    status_label: str,
    verdict: str | None,
    at: datetime | date | None,
    lines: tuple[int, int, int] = (0, 0, 0),
) -> str:
    """The status as a person reads it: "Approved", or "Approved — rolled back on 2026-11-29"
    when the newest outcome of its rollout is a rollback. A change tested line by line has no
    one outcome: `lines` counts its lines (under test, promoted, dropped), said as they stand
    ("Approved — line tests: 1 promoted, 1 dropped, 1 under test")."""
    if any(lines):
        testing, promoted, dropped = lines
        parts = [
            f"{n} {word}"
            for n, word in ((promoted, "promoted"), (dropped, "dropped"), (testing, "under test"))
            if n
        ]
        return f"{status_label} — line tests: {', '.join(parts)}"
    words = OUTCOME_WORDS.get(verdict or "")
    if not words or at is None:
        return status_label
    return f"{status_label} — {words.format(day=f'{at:%Y-%m-%d}')}"
