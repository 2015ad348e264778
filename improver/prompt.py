"""How the directives an agent reads are joined into one prompt block (pure)."""

from collections.abc import Iterable

from improver.context import estimate_tokens
from language.served import servable


def prompt_block(**parts) -> str:
    """The prompt block alone (see `compose`)."""
    return compose(**parts)[0]


def compose(
    *,
    template: str,
    version: int,
    directives: str,
    learned_facts: list[dict],
    anti_patterns: list[dict],
    proven_patterns: list[str],
    budget: int | None = None,
) -> tuple[str, list[dict]]:
    """The prompt block, and the learned facts it holds (those `learned_facts` it left out are
    served nowhere: a client that builds its own prompt from the facts gets the same ones).

    Directives first, then what was learned and is not already in them (no line twice, in the
    same or nearly the same words), nor their contrary: a fact that says the opposite of a
    directive, or of a stronger fact (they come strongest first), is left out, so a line and its
    contrary are never served together.

    `anti_patterns` are {"pattern", "line"}: one is left out when the directives already name
    its pattern after AVOID.

    Within the budget, in order of importance: the directives (kept to their share of it by the
    improver's pruning), then what was learned; a line that does not fit ends its section. Facts
    are judged one at a time as they are placed, so the facts past the budget are never compared
    with anything: what a block costs is set by the budget, not by how many facts are offered."""
    known = directives.lower()
    lines = [ln for ln in directives.strip().splitlines() if ln.strip()]
    anti = [a["line"] for a in anti_patterns if f"avoid: {a['pattern'].lower()}" not in known]
    facts = (fact["content"] for fact in learned_facts)
    sections = [
        (f"# Directives ({template} v{version})", lines),
        ("## Learned facts", (f"- {fact}" for fact in servable(facts, directives))),
        ("## Avoid", [f"- {line}" for line in anti]),
        ("## Proven patterns", [f"- {line}" for line in proven_patterns]),
    ]
    parts: list[str] = []
    used = 0
    placed: set[str] = set()
    for title, offered in sections:
        taken, used = _fill(title, offered, used, budget)
        if taken:
            parts += [title, *taken]
        if title == "## Learned facts":
            placed = {line[2:] for line in taken}
    return "\n".join(parts) + "\n", [fact for fact in learned_facts if fact["content"] in placed]


def _fill(title: str, offered: Iterable[str], used: int, budget: int | None) -> tuple[list[str], int]:
    """The lines of `offered` taken in order until one does not fit in `budget`, and the
    characters used after them; `offered` is read no further than that."""
    taken = []
    for line in offered:
        cost = len(line) + 1 + (0 if taken else len(title) + 1)
        if budget and estimate_tokens("x" * (used + cost)) > budget:
            break
        taken.append(line)
        used += cost
    return taken, used
