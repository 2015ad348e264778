"""The ritual's pure decisions: the gate and the analysis notes."""


def passes_gate(new_feedback: int, minimum: int) -> bool:
    """Fewer than `minimum` new feedback items since the last scan: a no-op, no session."""
    return new_feedback >= minimum


def analysis_notes(grouped: dict[str, dict], delta: dict, additions: list[str]) -> list[tuple[str, str]]:
    """Reflection, at least one hypothesis, a decision and a pattern note for the session."""
    negative = [g for g in grouped.values() if g["sentiment"] == "negative"]
    positive = [g for g in grouped.values() if g["sentiment"] == "positive"]
    total = sum(g["count"] for g in grouped.values())
    reflection = (
        f"{total} feedback items: {sum(g['count'] for g in positive)} positive, "
        f"{sum(g['count'] for g in negative)} negative."
    )
    if positive:
        reflection += f" Working well: {positive[0]['category']} ({positive[0]['count']})."
    if negative:
        reflection += f" Main complaint: {negative[0]['category']} ({negative[0]['count']})."
    notes = [("reflection", reflection)]
    if negative:
        top = negative[0]
        notes.append(
            (
                "hypothesis",
                f"If the directives address {top['category']}, negative "
                f"{top['category']} feedback falls below {top['count']} next week.",
            )
        )
    else:
        notes.append(("hypothesis", "The current directives hold; feedback stays mostly positive next week."))
    if delta.get("success_rate_delta") is not None:
        notes.append(
            (
                "hypothesis",
                f"Success rate moved by {delta['success_rate_delta']:+.1%} since the "
                "previous version; the change should keep it from falling.",
            )
        )
    notes.append(
        (
            "decision",
            "Propose: " + "; ".join(a.rstrip(" .") for a in additions) + "."
            if additions
            else "No change: nothing in the evidence calls for new directives.",
        )
    )
    recurring = [g for g in negative if g["count"] >= 3]
    notes.append(
        (
            "pattern",
            ", ".join(f"{g['category']} ×{g['count']}" for g in recurring) + " recur."
            if recurring
            else "No negative theme recurs three times or more.",
        )
    )
    return notes
