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
