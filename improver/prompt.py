"""How the directives an agent reads are joined into one prompt block (pure)."""

from improver.context import estimate_tokens
from improver.contrary import compatible
from improver.remedies import similarity


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
    """Directives first, then what was learned and is not already in them (no line twice, in the
    same or nearly the same words), nor
    their contrary: a fact that says the opposite of a directive, or of a stronger fact (they come
    strongest first), is left out, so a line and its contrary are never served together.

    `anti_patterns` are {"pattern", "line"}: one is left out when the directives already name
    its pattern after AVOID."""
    known = directives.lower()
    lines = [ln for ln in directives.splitlines() if ln.strip()]
    learned_facts = [
        f
        for f in learned_facts
        if f["content"].lower().rstrip(" .") not in known
        and not any(similarity(f["content"], ln) >= 90 for ln in lines)
    ]
    facts = [f["content"] for f in learned_facts]
    learned_facts = [learned_facts[i] for i in compatible(facts, directives.splitlines())]
    anti_patterns = [a["line"] for a in anti_patterns if f"avoid: {a['pattern'].lower()}" not in known]
    sections = [
        (
            f"# Directives ({template} v{version})",
            [ln for ln in directives.strip().splitlines() if ln.strip()],
        ),
        ("## Learned facts", [f"- {fact['content']}" for fact in learned_facts]),
        ("## Avoid", [f"- {line}" for line in anti_patterns]),
        ("## Proven patterns", [f"- {line}" for line in proven_patterns]),
    ]
    # Within the budget, in order of importance: the directives (kept to their share of it by the
    # improver's pruning), then what was learned; a line that does not fit ends its section.
    parts: list[str] = []
    used = 0
    for title, lines in sections:
        taken = []
        for line in lines:
            cost = len(line) + 1 + (0 if taken else len(title) + 1)
            if budget and estimate_tokens("x" * (used + cost)) > budget:
                break
            taken.append(line)
            used += cost
        if taken:
            parts += [title, *taken]
    return "\n".join(parts) + "\n"
