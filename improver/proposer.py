"""Proposers turn a ritual's evidence into new directives (the ritual's proposal phase).

`DeterministicProposer` needs no LLM: it edits surgically — it only adds lines (AVOID lines for
anti-patterns, user-stated learned facts, one targeted line for the most negative category,
the operator's guidance when refining) and never removes or rewrites an existing directive, so
nothing that positive feedback confirms can be lost. An LLM proposer implements the same
interface and falls back to this one.
"""

import re
from dataclasses import dataclass, field
from typing import Protocol

CATEGORY_FIXES = {
    "communication": "Keep reports concise: lead with the result, then at most three short points.",
    "accuracy": "Verify results before reporting them (run the check, re-read the output); say when unsure.",
    "tooling": "Use the project's own tooling: check the lockfile (pnpm-lock.yaml, yarn.lock, "
    "package-lock.json) before installing packages, and never install globally.",
    "prioritization": "Start with the most important open item and say why it comes first.",
    "timeliness": "Report progress early and often; do not go silent on long-running work.",
    "general": "Ask one clarifying question when a request is ambiguous instead of guessing.",
}
CATEGORY_ORDER = tuple(CATEGORY_FIXES)


@dataclass(frozen=True)
class Addition:
    text: str
    reason: str
    evidence: int


@dataclass(frozen=True)
class ProposalInput:
    template: str
    directives: str
    negative_by_category: dict[str, int]
    positive_by_category: dict[str, int] = field(default_factory=dict)
    anti_patterns: tuple[str, ...] = ()
    learned_facts: tuple[str, ...] = ()
    operator_guidance: str = ""
    exclude: tuple[str, ...] = ()  # additions a human already rejected
    max_additions: int = 6


@dataclass(frozen=True)
class ProposedChange:
    directives: str
    additions: tuple[Addition, ...]
    rationale: str
    proposer: str


class Proposer(Protocol):
    name: str

    def propose(self, data: ProposalInput) -> ProposedChange | None: ...


def _norm(text: str) -> str:
    return re.sub(r"[^a-z0-9 ]+", "", text.lower()).strip()


def _pattern_name(avoid_line: str) -> str:
    match = re.match(r"AVOID: (.+?)\. Failed", avoid_line)
    return match.group(1) if match else avoid_line


class DeterministicProposer:
    name = "deterministic"

    def propose(self, data: ProposalInput) -> ProposedChange | None:
        existing = _norm(data.directives)
        excluded = {_norm(x) for x in data.exclude}
        candidates: list[Addition] = []
        if data.operator_guidance:
            candidates.append(
                Addition(f"Operator guidance: {data.operator_guidance.strip()}", "operator refinement", 1_000)
            )
        for line in data.anti_patterns:
            name = _pattern_name(line)
            candidates.append(Addition(line, f"anti-pattern '{name}'", 100))
        for fact in data.learned_facts:
            candidates.append(Addition(f"Remember: {fact.strip()}", "user-stated learned fact", 50))
        negatives = {c: n for c, n in data.negative_by_category.items() if n > 0}
        if negatives:
            top = max(negatives, key=lambda c: (negatives[c], -CATEGORY_ORDER.index(c)))
            candidates.append(Addition(CATEGORY_FIXES[top], f"most negative category: {top}", negatives[top]))

        chosen: list[Addition] = []
        for addition in sorted(candidates, key=lambda a: -a.evidence):
            key = _norm(addition.text)
            subject = _norm(_pattern_name(addition.text))
            if key in excluded or key in existing or (subject and subject in existing):
                continue
            if any(_norm(c.text) == key for c in chosen):
                continue
            chosen.append(addition)
        chosen = chosen[: data.max_additions]
        if not chosen:
            return None
        body = data.directives.rstrip("\n")
        new = body + "\n" + "\n".join(a.text for a in chosen) + "\n"
        rationale = "Adds: " + "; ".join(f"{a.text!r} ({a.reason}, evidence {a.evidence})" for a in chosen)
        rationale += ". Nothing was removed: every existing directive is kept."
        return ProposedChange(new, tuple(chosen), rationale, self.name)
