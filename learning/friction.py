"""Loop 1 friction detection: the same failure repeated in one session fires once, pure.

Within one session, the same (tool, failure mode) failing θ times fires a BIN event, once per
pair: later failures of a pair that already fired do not fire again.
"""

Key = tuple[str, str, str]  # (session_id, tool, failure_mode)


def fired(counts: dict[Key, int], already: set[Key], threshold: int) -> list[Key]:
    """The pairs whose failure count reached `threshold` and that have not fired yet."""
    return sorted(k for k, n in counts.items() if n >= threshold and k not in already)
