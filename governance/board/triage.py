"""Blocked-task triage into the improve lane's fixed vocabulary, pure and explainable.

Rules are tried in order; the first that matches decides:

 1. awaiting_input       a `<!-- kaizen:question: ... -->` (or `cp:question`) marker: the agent asked
 2. pre_exec_rejected    the task failed validation before execution started
 3. context_limit        the run ran out of context window / tokens
 4. parse_config         the task's own contract is wrong (unknown repository or repo key, no
                         execution metadata)
 5. dependency_missing   a module, package or command is not installed
 6. infra_tooling        credentials, API keys, environment variables, permissions, network, TLS,
                         disk, containers, quotas (human attention)
    parse_config         YAML/JSON/TOML or config parsing errors; unknown or missing settings,
                         options and configuration keys
 7. scope_policy         the change is outside the allowed scope or policy, or outside the agent's
                         scope, remit or mandate (human attention)
 8. verification_failure the result did not pass its acceptance / verification / smoke check
 9. flaky_test           the validation command failed in >= 30% of its last 10 runs
10. validation_failure   tests, lint, type checks or the build failed
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
# The agent stopped to ask a human: `<!-- kaizen:question: ... -->` (or `cp:question`).
QUESTION_RE = re.compile(r"<!--\s*(?:kaizen|cp):question:\s*(.*?)\s*-->", re.S | re.I)
# Pieces of the rules below: a repository named in a task's contract, a setting or configuration
# key, a quoted or bare name, and a scope as agents phrase it ("the agent's scope", "my remit").
REPO = r"repo(sitory)?"
SETTING = (
    r"(settings?( (key|name|value))?|config(uration)? (key|option|entry|setting|value|variable)s?|"
    r"options?|parameters?)"
)
NAME = r"[`'\"‘“]?[\w.:/@-]+[`'\"’”]?"
WHOSE = r"([\w-]+(['’]s?)? ){0,4}"  # up to four words: "the docs agent's", "my"
SCOPE = r"(task |agent |work |allowed |permitted |assigned |agreed )?(scope|remit|mandate|purview)\b"


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
        (r"pre-?exec", r"pre-execution", r"rejected before (execution|start)", r"failed pre-?flight"),
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
            r"prompt is too long",
            r"input token count .{0,40}exceeds",
            r"maximum number of tokens",
            r"\bmax_tokens\b",
            r"(conversation|session|prompt|input) is too long",
        ),
        0.9,
        "Continue from the prior progress in a fresh run with a narrower scope.",
        False,
        "goal",
        "Continue: {title}",
    ),
    Rule(  # the task's own contract: the runner cannot tell what to run or where
        "parse_config",
        (
            r"unknown repository key",
            rf"\b(unknown|unrecognized|unrecognised|undefined|undeclared|unsupported) {REPO}\b",
            rf"\b(missing|invalid) {REPO} (key|name|id|alias|slug)\b",
            rf"\b{REPO} (key|name|id|alias|slug):? {NAME} (is )?"
            r"(unknown|undefined|not (configured|defined|declared|known|recogni[sz]ed|registered))",
            rf"\bno {REPO}( key)? (is )?(configured|defined|registered|declared) (for|as|under|named)\b",
            r"execution metadata",
            r"missing (required )?(task|execution) (field|metadata|key)",
            r"invalid task spec",
        ),
        0.8,
        "Fix the task's own specification (repository key, execution metadata) and requeue it.",
        False,
        "goal",
        "Fix the task specification of: {title}",
    ),
    Rule(
        "dependency_missing",
        (
            r"modulenotfounderror",
            r"no module named",
            r"command not found",
            r"^(/bin/)?(ba|z)?sh: (\d+: )?[\w./-]+: not found",
            r"cannot find module",
            r"not installed",
            r"npm err! 404",
            r"package not found",
            r"missing dependency",
            r"could not resolve dependenc",
            r"unable to resolve dependency",
            r"could not find a version that satisfies",
            r"no matching distribution",
            r"no required module provides package",
            r"no matching package named",
            r"cannot open shared object file",
            r"could not find artifact",
            r"cannot find package",
            r"externally-managed-environment",
            r"unknown revision",
            r"executable file not found",
            r"is not recognized as an internal or external command",
            r"(cannot|can't|could not|couldn't|unable to) (find|locate|resolve|load) (the )?"
            r"(module|package|artifact|crate|gem|library|plugin|dependency)",
            r"no matching version found",
            r"is not in (the|this) (npm )?registry",
            r"could not find gem",
            r"requires a peer of",
            r"pkg-config",
            r"\betarget\b",
            r"could not find (the )?(directory|installation|headers?) of",
            r"couldn't import",
            r"are you sure it's installed",
            r"unable to locate package",
            r"could not find or load main class",
            r"could not find '[^']+' .{0,40}required by",
            r"/usr/bin/env: .{0,20}: no such file",
            r"\b(linker|compiler|interpreter)\b.{0,20}not found",
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
            r"\bsecret",
            r"token (expired|invalid|has expired)",
            r"security token .{0,40}expired",
            r"expiredtoken",
            r"access ?denied",
            r"api[_ -]?key",
            r"environment variable",
            r"keyerror: '[a-z][a-z0-9]*(_[a-z0-9]+)+'",  # os.environ['SOME_SETTING']
            r"\b(az|gcloud auth|npm|docker) login\b",
            r"gh_token",
            r"input required and not supplied",
            r"resource not accessible by integration",
            r"connection (refused|timed out|reset)",
            r"could not resolve host",
            r"name or service not known",
            r"temporary failure in name resolution",
            r"network is unreachable",
            r"host key verification failed",
            r"ssl certificate problem",
            r"certificate verify failed",
            r"sslerror",
            r"enospc",
            r"no space left",
            r"docker daemon",
            r"docker\.sock",
            r"rate[ _]limit",
            r"quota",
            r"overloaded",
            r"503 service unavailable",
            r"you must be logged in",
            r"could not read (username|password)",
            r"terminal prompts disabled",
            r"could not read from remote repository",
            r"repository not found",
            r"permission to \S+ denied",
            r"bad credentials",
            r"invalid_grant",
            r"signature ?does ?not ?match",
            r"(must have|requires) [\w ]{0,20}(rights|permissions?|access)",
            r"\bhttp (401|403)\b",
            r"\b(401|403) (unauthorized|forbidden)",
            r"forbidden",
            r"getaddrinfo",
            r"\be(notfound|conn(refused|reset|aborted)|timedout|ai_again|hostunreach)\b",
            r"socket hang up",
            r"could not connect",
            r"failed to (connect|establish)",
            r"connection (error|failed)",
            r"apiconnectionerror",
            r"operationalerror",
            r"failed to fetch",
            r"i/o timeout",
            r"context deadline exceeded",
            r"tls handshake",
            r"certificate",
            r"proxy",
            r"\b(502 bad gateway|504 gateway time-?out|500 internal server error)",
            r"service unavailable",
            r"readtimeout|read timed out",
            r"out of memory|oomkilled|cannot allocate memory",
            r"too many open files",
            r"eacces",
            r"role \S+ does not exist",
            r"\beperm\b",
            r"operation not permitted",
            r"port is already allocated",
            r"address already in use",
            r"dubious ownership",
            r"too many requests",
            r"\b429\b",
            r"request timed out",
            r"no such (container|image|network|volume)",
            r"repository '[^']*' not found",
            r"\bdenied\b",
            r"read-only file system",
            r"connecttimeout",
            r"connection timeout",
            r"timed out (while )?connecting",
            r"runner .{0,40}(shutdown|lost communication|offline)",
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
            r"in json at position",
            r"parse error",
            r"invalid config",
            r"toml",
            r"could not parse",
            r"failed to parse",
            r"unexpected token",
            r"validating \S+\.(ya?ml|json)",
            r"cannot read config file",
            r"invalid workflow file",
            r"workflow is not valid",
            r"configparser",
            r"no section headers",
            r"\.(ya?ml|json|toml|ini|cfg|conf)\b.{0,60}(invalid|unexpected|malformed|not valid|line \d)",
            r"(config|configuration|manifest|settings)( file)? .{0,30}"
            r"(invalid|not valid|malformed|could not be (read|parsed))",
            r"invalid .{0,20}(config|configuration|manifest)",
            r"invalid (value|argument|option) .{0,40}for '?--",
            r"unrecognized (arguments?|option)",
            r"failed to load config",
            r"invalid `[^`]+\.(schema|prisma|json|ya?ml|toml)`",
            r"error validating datasource",
            rf"\b(unknown|unrecogni[sz]ed|undefined|undeclared|unsupported|invalid|missing|no such)"
            rf"( required)? {SETTING}\b",
            rf"\b{SETTING}:? {NAME} (is )?(unknown|undefined|missing|not (set|defined|declared|configured|"
            r"recogni[sz]ed|found|known|supported))",
            r"invalid format specified .{0,60}(settings|config)",
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
            r"outside the scope",
            r"\bout-of-scope\b",
            rf"\b(outside|beyond|out of|exceed(s|ing)?)( of)? {WHOSE}{SCOPE}",
            rf"\bnot (with)?in {WHOSE}{SCOPE}",
            rf"\b{SCOPE} (does not|doesn't|did not|excludes|won't) (include|cover|allow|permit|extend)",
            rf"\bnot (covered by|part of|permitted by) {WHOSE}{SCOPE}",
            r"not allowed",
            r"policy",
            r"forbidden",
            r"outside the allowed",
            r"refus(ed|e|ing) to modify",
            r"protected branch",
            r"protected ref",
            r"repository rule violations",
            r"not (permitted|authori[sz]ed) to (modify|change|touch|edit|delete)",
            r"requires (an operator|a human|human) (approval|sign-?off)",
            r"guardrail",
            r"codeowners",
            r"needs? review by @",
            r"require[sd]? an operator's (approval|sign-?off)",
        ),
        0.8,
        "A human should decide whether the scope may be widened.",
        True,
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
            r"smoke test",
            r"after (the )?deploy",
            r"health ?check .{0,30}(failed|returned)",
            r"\be2e\b",
            r"end-to-end",
            r"not rendered",
            r"lighthouse",
            r"acceptance test",
            r"below the (performance )?budget",
        ),
        0.7,
        "Analyse why the result does not meet its acceptance check.",
        False,
        "improve",
        "Investigate failed verification of: {title}",
    ),
    Rule(
        "validation_failure",
        (
            r"tests? failed",
            r"\bfailed\b.*\btest",
            r"assertion",
            r"pytest",
            r"lint",
            r"ruff",
            r"mypy",
            r"type ?check",
            r"validation failed",
            r"[0-9]+ failed",
            r"error during collection",
            r"error ts\d+",
            r"error: .*\[[a-z-]+\]$",  # mypy's error codes
            r"- error: ",  # pyright
            r"imported but unused",
            r"no-unused-vars",
            r"\d+ problems? \(\d+ errors?",
            r"^--- fail:",
            r"^fail\b",
            r"error\[e\d{4}\]",
            r"could not compile",
            r"would reformat",
            r": undefined: ",
            r"failed asserting",
            r"failure/error",
            r"\d+ examples?, \d+ failures?",
            r"failures?=\d+",
            r"aborting due to",
            r"previous errors?",
            r"compilation (failed|error)",
            r"build failed",
            r"cannot find symbol",
            r"undefined reference to",
            r"syntaxerror",
            r"panicked at",
            r"expect\(",
            r"coverage .{0,40}(below|less than|fail-under)",
            r"snapshots?: +\d+ failed",
            r"found \d+ errors?\b",
            r"\bfailed\b",
        ),
        0.8,
        "Fix the code until the validation command passes.",
        False,
        "test",
        "Fix failing validation in: {title}",
    ),
)


def is_flaky(failed_runs: list[bool], ratio: float = 0.3) -> bool:
    """Failed (True) in >= `ratio` of the recent runs (all of them included)."""
    if len(failed_runs) < 2:
        return False
    return sum(failed_runs) / len(failed_runs) >= ratio


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
        hit = next((p for p in rule.patterns if re.search(p, lowered, re.M)), None)
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
