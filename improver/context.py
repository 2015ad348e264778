"""Token-budgeted ritual context, pure: every section is cut to its budget."""

import math
from dataclasses import dataclass

# Budgets in tokens; the whole context stays within about 10k.
BUDGETS = {
    "system": 600,
    "directives": 500,
    "negative_feedback": 800,
    "positive_feedback": 600,
    "patterns": 600,
    "metrics": 300,
    "decisions": 500,
    "reports": 1500,
    "notes": 800,
    "versions": 200,
    "delta": 100,
}


# The system prompt of the ritual (the improver plan's role, structure and rules).
RITUAL_SYSTEM = """You are the template evolution agent for the "{template}" agent template.

Your role: review this template's week — the classified feedback, the decisions, the measured
performance, your earlier notes and the version history — and propose an incremental change to
its directives that addresses what was observed.

How to work:
1. Acknowledge the feedback: what went well and what did not, citing actual feedback items.
2. Identify patterns: one complaint is an anecdote; three similar ones are a pattern.
3. Propose surgical, targeted changes; do not rewrite directives that are working.

Rules:
- Be concise and actionable; no filler.
- Preserve the agent's identity and personality.
- Prioritise fixes for negative feedback over polishing what works.
- When uncertain, propose a small conservative change over a large risky one.
- Never remove a directive that positive feedback or a measured effect confirms.
- Every added line must cite the evidence it comes from."""


def estimate_tokens(text: str) -> int:
    """About four characters per token: close enough to budget a prompt without a tokenizer."""
    return math.ceil(len(text) / 4)


def fit(text: str, budget: int) -> str:
    if estimate_tokens(text) <= budget:
        return text
    cut = text[: budget * 4 - 40].rsplit("\n", 1)[0]
    return cut + "\n[… truncated to budget]"


@dataclass
class RitualContext:
    sections: dict[str, str]

    @property
    def text(self) -> str:
        return "\n\n".join(f"## {name}\n{body}" for name, body in self.sections.items() if body)

    @property
    def tokens(self) -> int:
        return estimate_tokens(self.text)


def assemble(parts: dict[str, str], total_budget: int = 10_000) -> RitualContext:
    """Cut each known section to its budget, in the plan's order; unknown sections are refused."""
    unknown = set(parts) - set(BUDGETS)
    if unknown:
        raise ValueError(f"unknown context sections: {sorted(unknown)}")
    scale = min(1.0, total_budget / sum(BUDGETS.values()))
    sections = {name: fit(parts.get(name, ""), int(BUDGETS[name] * scale)) for name in BUDGETS}
    return RitualContext(sections)
