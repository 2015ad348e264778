"""How the directives an agent reads are joined into one prompt block (pure)."""

from improver.context import estimate_tokens


def prompt_block(
    *,
    template: str,
    version: int,
    directives: str,
    learned_facts: list[dict],
    anti_patterns: list[dict],
    proven_patterns: list[str],
    budget: int | None = None,
) -> str:
    """Directives first, then what was learned and is not already in them (no line twice).

    `anti_patterns` are {"pattern", "line"}: one is left out when the directives already name
    its pattern after AVOID."""
    known = directives.lower()
    learned_facts = [f for f in learned_facts if f["content"].lower() not in known]
    anti_patterns = [a["line"] for a in anti_patterns if f"avoid: {a['pattern'].lower()}" not in known]
    parts = [f"# Directives ({template} v{version})", directives.strip()]
    if learned_facts:
        parts.append("## Learned facts")
        parts.extend(f"- {fact['content']}" for fact in learned_facts)
    if anti_patterns:
        parts.append("## Avoid")
        parts.extend(f"- {line}" for line in anti_patterns)
    if proven_patterns:
        parts.append("## Proven patterns")
        parts.extend(f"- {line}" for line in proven_patterns)
    # within the token budget: what was learned goes from the end (the directives themselves are
    # kept to the budget by the improver's pruning)
    while budget and estimate_tokens("\n".join(parts)) > budget and len(parts) > 2:
        parts.pop()
        if parts[-1].startswith("## "):
            parts.pop()
    return "\n".join(parts) + "\n"
