"""Blocked-task triage into the improve lane's fixed vocabulary, pure and explainable.

Rules are tried in order; the first that matches decides:

 1. awaiting_input       a `<!-- kaizen:question: ... -->` marker: the agent asked a human
 2. pre_exec_rejected    the task failed validation before execution started
 3. context_limit        the run ran out of context window / tokens
 4. dependency_missing   a module, package or command is not installed
 5. infra_tooling        auth, secrets, permissions, network, disk, containers (human attention)
 6. parse_config         YAML/JSON/TOML or config parsing errors
 7. scope_policy         the change is outside the allowed scope or policy (human attention)
 8. flaky_test           the validation command failed >= 30% of its last 10 runs (not all of them)
 9. validation_failure   tests, lint or type checks failed
10. verification_failure the result did not pass its acceptance / verification check
11. unknown              nothing matched (human attention when it keeps happening)
"""

import re
from dataclasses import asdict, dataclass

CLASSES = (
    "infra_tooling",
    "validation_failure",
    "flaky_test",
    "scope_policy",
    "parse_config",
    "verification_failure",
    "context_limit",
    "dependency_missing",
    "awaiting_input",
    "unknown",
    "pre_exec_rejected",
)
QUESTION_RE = re.compile(r"<!--\s*kaizen:question:\s*(.*?)\s*-->", re.S | re.I)


@dataclass(frozen=True)
class FollowUp:
    title: str
    kind: str
    body: str


@dataclass(frozen=True)
class Triage:
    classification: str
    certainty: float
    reason_summary: str
    recommended_action: str
    human_attention_required: bool
    follow_up: FollowUp | None = None

    def as_dict(self) -> dict:
        data = asdict(self)
        data["follow_up"] = asdict(self.follow_up) if self.follow_up else None
        return data


@dataclass(frozen=True)
class Rule:
    name: str
    patterns: tuple[str, ...]
    certainty: float
    action: str
    human: bool = False
    follow_kind: str | None = None
    follow_title: str = ""


RULES = (
    Rule(
        "pre_exec_rejected",
        (r"pre-?exec", r"pre-execution", r"rejected before (execution|start)", r"failed pre-flight"),
        0.9,
        "Fix the task specification so it passes validation.",
        True,
    ),
    Rule(
        "context_limit",
        (
            r"context (length|window)",
            r"maximum context",
            r"token limit",
            r"too many tokens",
            r"context_length_exceeded",
        ),
        0.9,
        "Continue from the prior progress in a fresh run with a narrower scope.",
        False,
        "goal",
        "Continue: {title}",
    ),
    Rule(
        "dependency_missing",
        (
            r"modulenotfounderror",
            r"no module named",
            r"command not found",
            r"cannot find module",
            r"not installed",
            r"npm err! 404",
            r"package not found",
            r"missing dependency",
            r"could not resolve dependenc",
        ),
        0.85,
        "Install or declare the missing dependency, then retry.",
        False,
        "goal",
        "Add missing dependency for: {title}",
    ),
    Rule(
        "infra_tooling",
        (
            r"permission denied",
            r"authenticat",
            r"unauthori[sz]ed",
            r"credential",
            r"secret",
            r"token (expired|invalid)",
            r"connection refused",
            r"enospc",
            r"no space left",
            r"docker",
            r"network is unreachable",
            r"rate limit",
            r"503 service unavailable",
        ),
        0.8,
        "A human should fix the environment, access or credentials; no code change will help.",
        True,
    ),
    Rule(
        "parse_config",
        (
            r"yaml",
            r"json ?decode",
            r"parse error",
            r"invalid config",
            r"toml",
            r"could not parse",
            r"unexpected token",
        ),
        0.75,
        "Fix the malformed configuration file.",
        False,
        "goal",
        "Fix configuration for: {title}",
    ),
    Rule(
        "scope_policy",
        (
            r"out of scope",
            r"not allowed",
            r"policy",
            r"forbidden",
            r"outside the allowed",
            r"refus(ed|e) to modify",
        ),
        0.8,
        "A human should decide whether the scope may be widened.",
        True,
    ),
    Rule(
        "validation_failure",
        (
            r"tests? failed",
            r"\bfailed\b.*\btest",
            r"assertionerror",
            r"pytest",
            r"lint",
            r"ruff",
            r"mypy",
            r"type ?check",
            r"validation failed",
            r"[0-9]+ failed",
        ),
        0.8,
        "Fix the code until the validation command passes.",
        False,
        "test",
        "Fix failing validation in: {title}",
    ),
    Rule(
        "verification_failure",
        (
            r"verification failed",
            r"acceptance (check|criteria)",
            r"expected output",
            r"did not verify",
            r"post-?condition",
            r"not verified",
        ),
        0.7,
        "Analyse why the result does not meet its acceptance check.",
        False,
        "improve",
        "Investigate failed verification of: {title}",
    ),
)


def is_flaky(failed_runs: list[bool], ratio: float = 0.3) -> bool:
    """Failed (True) in >= `ratio` of the recent runs but not in all of them."""
    if len(failed_runs) < 2:
        return False
    failures = sum(failed_runs)
    return failures / len(failed_runs) >= ratio and failures < len(failed_runs)


def _summary(text: str) -> str:
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()), "")
    return line[:200]


def triage(
    *,
    title: str,
    text: str,
    command_history: dict[str, list[bool]] | None = None,
    flaky_ratio: float = 0.3,
    prior_unknowns: int = 0,
) -> Triage:
    """Classify a blocked task from its result text and latest comments."""
    match = QUESTION_RE.search(text)
    if match:
        return Triage(
            "awaiting_input",
            1.0,
            f"The agent asked: {match.group(1)[:200]}",
            "Answer the question in a comment; the task is re-queued with the answer.",
            True,
        )
    lowered = text.lower()
    for rule in RULES:
        if rule.name == "validation_failure":
            flaky = next(
                (c for c, runs in (command_history or {}).items() if is_flaky(runs[-10:], flaky_ratio)), None
            )
            if flaky is not None:
                runs = (command_history or {})[flaky][-10:]
                return Triage(
                    "flaky_test",
                    0.85,
                    f"`{flaky}` failed {sum(runs)} of its last {len(runs)} runs.",
                    "Stabilise the test instead of retrying the goal.",
                    False,
                    FollowUp(
                        f"Stabilise flaky test: {flaky}"[:300],
                        "test",
                        f"`{flaky}` failed {sum(runs)}/{len(runs)} recent runs. Make it "
                        "deterministic (timing, ordering, shared state), then re-run it 10 times.",
                    ),
                )
        hit = next((p for p in rule.patterns if re.search(p, lowered)), None)
        if hit is None:
            continue
        follow = None
        if rule.follow_kind:
            body = f"Follow-up of a blocked task ({rule.name}).\n\nFailure:\n{text[:1500]}"
            if rule.name == "context_limit":
                body = f"prior_progress:\n{text[:1500]}\n\nContinue from here; do not restart from scratch."
            follow = FollowUp(rule.follow_title.format(title=title)[:300], rule.follow_kind, body)
        return Triage(rule.name, rule.certainty, _summary(text) or rule.name, rule.action, rule.human, follow)
    human = prior_unknowns >= 2
    return Triage(
        "unknown",
        0.3,
        _summary(text) or "No failure text was reported.",
        "A human should look: the failure has no stable classification."
        if human
        else "Analyse the failure in an improve task.",
        human,
        None
        if human
        else FollowUp(
            f"Analyse blocked task: {title}"[:300],
            "improve",
            f"Nothing classified this failure:\n{text[:1500]}",
        ),
    )
