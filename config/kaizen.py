"""Every Kaizen constant, with its default and what it controls.

Each key can be overridden by an environment variable named ``KAIZEN_<KEY>``; the value is
parsed with the type of the default; a malformed value or an unknown ``KAIZEN_*`` name stops
start-up. Each setting is declared once, in `DECLARED` (default, meaning, accepted values); the
documentation's configuration page (docs/configuration.md), the range check and the code read the
views `SETTINGS` and `RANGES` of that one table.
"""

import difflib
import math
import os

from django.core.exceptions import ImproperlyConfigured

from config.dotted import dotted_name
from config.env import env_typed
from config.networks import parse_networks
from config.scales import parse_margins, parse_scales

# The time limit of one attempt of a task that delivers a webhook (config.webhooks.RETRY): the
# request's own deadline is held well inside it, so a slow receiver fails the attempt, which is
# retried, instead of the limit interrupting the task.
DELIVERY_TIME_LIMIT_SECONDS = 60

# Every setting once: its default, what it controls, and the values it accepts: (lowest,
# highest) for numbers (every number has both: a value past a sane highest breaks a query, a
# window or a list later rather than at start), a tuple of choices for words, or a description
# of a free-text format. Start-up refuses a value outside them.
RATIO = (0.0, 1.0)
SHARE = (0.0, 1.0)
COUNT = (1, 1_000_000)  # a number of samples, sessions, outcomes or events
WEIGHT = (0.0, 100.0)
HOUR = 3600
DAY = 86_400
DECLARED: dict[str, tuple[object, str, object]] = {
    # Ingestion
    "INGEST_MAX_EVENTS": (1000, "Most events accepted in one ingest batch.", (1, 100_000)),
    "INGEST_MAX_BODY_BYTES": (
        5 * 1024 * 1024,
        "Largest ingest body (REST and OTLP/HTTP, measured after gzip), larger ones get 413; also the "
        "largest OTLP/gRPC message (after gzip), larger ones get RESOURCE_EXHAUSTED, so one export "
        "is taken or refused alike over either transport.",
        (1024, 2**31 - 1),  # gRPC holds its receive limit in a signed 32-bit integer
    ),
    "INGEST_MAX_ARGS_BYTES": (
        8 * 1024,
        "Largest `args` object of a tool invocation (JSON bytes).",
        (64, 16 * 1024 * 1024),
    ),
    "INGEST_MAX_TEXT_CHARS": (20_000, "Longest free-text field of an event.", (64, 1_000_000)),
    "DERIVE_FOLLOW_SECONDS": (
        10,
        "How long one pass of the derived-work task keeps watching the to-do list after emptying "
        "it (polling every second), so new events wait about a second rather than for the "
        "next 2-second beat; 0 = stop as soon as it is empty. One worker process is busy meanwhile.",
        (0, 3600),
    ),
    "DERIVE_BUCKETS": (
        8,
        "Buckets the derived-work to-do list is split into by agent; each is worked by one pass at "
        "a time, so up to this many worker processes (on any machines) derive at once.",
        (1, 1024),
    ),
    "DERIVE_MAX_ATTEMPTS": (
        5,
        "Attempts of a derived-work handler that keeps failing on an event before the event is "
        "parked for an operator (admin: Pending derivations, action re-run).",
        (1, 100),
    ),
    "DERIVE_RETRY_SECONDS": (
        10,
        "Wait before the first retry of a failed derived-work handler; it doubles at every further "
        "attempt (at most an hour).",
        (1, HOUR),
    ),
    "DERIVE_HANDLER_SECONDS": (
        10.0,
        "How long a derived-work handler may run over one batch of events (a part of the batch gets "
        "its share by rows, at least a second); past it the handler is interrupted, and the events "
        "it ran past its time on are parked at once with that reason (admin: Pending derivations). "
        "Enforced in a worker's main thread (where Celery runs its tasks).",
        (0.1, 3600.0),
    ),
    "WORKER_STALE_SECONDS": (
        60,
        "/readyz reports `degraded` when no worker has started a derived-work pass for this long "
        "(the worker or beat is down).",
        (1, DAY),
    ),
    "DERIVE_LAG_DEGRADED_SECONDS": (
        60,
        "/readyz reports `degraded` when the oldest event waiting for derived work has waited longer.",
        (1, DAY),
    ),
    "INGEST_CACHE_SECONDS": (
        5,
        "How long a process reuses a verified agent token and the price table; a revoked token "
        "or an edit takes effect everywhere within this time (0 = no reuse).",
        (0, 3600),
    ),
    "OTLP_MAX_SPANS": (
        20_000,
        "Most spans in one OTLP export; a larger export gets 413 (exporters send a few hundred at once).",
        (1, 1_000_000),
    ),
    "OTLP_SETTLE_SECONDS": (
        300,
        "How long a trace whose root has not arrived must be quiet (no span of it received) before "
        "it is mapped without it (a root in another service); a run's outcome waits for its root "
        "otherwise, and a root that comes later replaces what was mapped without it.",
        (1, 86_400),
    ),
    "AUTH_FAILURES_PER_MINUTE": (
        30,
        "Failed token authentications a client address may make in a minute (per web process); "
        "beyond it a token that fails gets 429 with Retry-After, while valid tokens (agent or staff) "
        "from the same address still pass. The address is the connection's, or what a proxy of "
        "KAIZEN_TRUSTED_PROXIES says it is.",
        (1, 1_000_000),
    ),
    "DIRECTIVES_READS_PER_MINUTE": (
        60,
        "Directives reads one agent may make in a minute (REST, MCP prompt and Langfuse prompt "
        "alike; per web process with the default local-memory cache, across processes with a "
        "shared one); beyond it the agent's reads get 429 with Retry-After until the next minute, "
        "while every other agent's reads go on. An agent reads once per session it starts.",
        (1, 1_000_000),
    ),
    "TRUSTED_PROXIES": (
        "127.0.0.1,::1",
        "Addresses and networks of the reverse proxies in front of Kaizen (comma-separated IPs or "
        "CIDRs, e.g. `10.0.0.0/8`): only a request from one of them has its client address read from "
        "`X-Real-IP` or `X-Forwarded-For` (for the failed-authentication limit); from any other "
        "address those headers are ignored and the connection's own address counts.",
        "addresses or networks",
    ),
    "SCORE_SCALES": (
        "stars=1-5,rating=1-5,user_rating=1-5,csat=1-5,manager_review=1-5,nps=0-10,*=0-1",
        "The scale of each numeric Langfuse score by name (`name=low-high`, comma-separated; `*` for "
        "the others): its lower half is negative feedback, from 70% of the way up positive. A value "
        "outside its scale is refused.",
        "name=low-high pairs",
    ),
    "API_MAX_BODY_BYTES": (
        1024 * 1024,
        "Largest body of any other API request; larger bodies get 413.",
        (1024, 1024**3),
    ),
    # Untrusted YAML (proposals, goals, actions, cards, templates)
    "YAML_MAX_BYTES": (
        256 * 1024,
        "Largest YAML document accepted; larger ones get 400.",
        (1024, 64 * 1024 * 1024),
    ),
    "YAML_MAX_DEPTH": (32, "Deepest nesting a YAML document may have.", (2, 1000)),
    "YAML_MAX_NODES": (
        20_000,
        "Most nodes (scalars, lists, mappings) in one YAML document.",
        (10, 10_000_000),
    ),
    # Planner: ranking
    "RANKING_WARM_MIN_SAMPLES": (
        5,
        "Samples an (agent, skill) needs before it is ranked warm.",
        (1, 100_000),
    ),
    "RANKING_WINDOW_SAMPLES": (200, "Most recent samples per (agent, skill) used for ranking.", (1, 100_000)),
    "RANKING_W_SUCCESS": (2.0, "Weight of the success rate in the warm score.", WEIGHT),
    "RANKING_W_CONFIDENCE": (0.5, "Weight of the average confidence on success.", WEIGHT),
    "RANKING_W_LATENCY": (0.3, "Weight of the latency penalty.", WEIGHT),
    "RANKING_LATENCY_NORM_MS": (
        60_000,
        "Wall time that counts as one unit of latency penalty.",
        (1, DAY * 1000),
    ),
    "RANKING_LATENCY_CLAMP": (2.0, "Upper clamp of the latency penalty term.", WEIGHT),
    # Planner: fleet health, goals, dispatch
    "FLEET_WINDOW_HOURS": (24, "Rolling window of fleet health.", (1, 8760)),
    "FLEET_RECENT_FAILURES": (10, "Recent failures listed per agent in fleet health.", (0, 1000)),
    "FLEET_SCOPE": (
        "autonomous",
        "Outcomes fleet health counts: `autonomous` (not marked `autonomous: false`; improvers apart) "
        "or `all`.",
        ("autonomous", "all"),
    ),
    "SELECTION_SEED": (
        "",
        "Seed of the health-weighted executor pick (an integer); empty = a fresh random pick each time.",
        "integer or empty",
    ),
    "HITL_VETO_SECONDS": (
        300,
        "Veto-mode dispatches wait this long for a human veto before they are sent.",
        (0, 7 * DAY),
    ),
    "GOAL_COOLDOWN_SECONDS": (90, "Quiet period of a goal after a successful remediation.", (0, 30 * DAY)),
    "LOOP_DETECT_FAILURES": (3, "Failed dispatches of one goal that count as a loop.", (1, 1000)),
    "LOOP_DETECT_WINDOW_SECONDS": (300, "Window in which those failures must fall.", (1, 7 * DAY)),
    "LOOP_DETECT_PAUSE_SECONDS": (600, "How long a looping goal stops dispatching.", (0, 30 * DAY)),
    "OUTCOME_ALERT_MIN_ATTEMPTS": (
        10,
        "Attempts before outcome analysis judges an (agent, skill).",
        COUNT,
    ),
    "OUTCOME_ALERT_SUCCESS_BELOW": (0.5, "Success rate under which an action-quality alert fires.", RATIO),
    "OUTCOME_ALERT_COOLDOWN_SECONDS": (3600, "Quiet period between two alerts of one pair.", (0, 30 * DAY)),
    "OUTCOME_ALERT_FLEET_AGENTS": (
        5,
        "A skill under the success threshold on this many agents of a template or more in one pass "
        "is one alert (and one goal proposal) for the template instead of one per agent.",
        (2, 1_000_000),
    ),
    "ALERTS_PER_KIND_PER_HOUR": (
        50,
        "At most this many alerts of one kind are stored in any hour; past it the worst are kept, "
        "the rest logged as held back and raised by a later pass if they still hold.",
        (1, 1_000_000),
    ),
    "GOALS_FILE": ("", "Goals YAML read by the planner; empty = planner/defaults/goals.yaml.", "path"),
    "ACTIONS_FILE": ("", "Actions YAML; empty = planner/defaults/actions.yaml.", "path"),
    "HITL_ESCALATION_THRESHOLD": (
        3,
        "Escalations for one target in the window that raise a goal proposal.",
        COUNT,
    ),
    "HITL_ESCALATION_WINDOW_HOURS": (24, "Window of that count.", (1, 8760)),
    "CONFIG_TUNING_MIN_SAMPLES": (50, "Samples needed before a config change may tune an agent.", COUNT),
    # Planner: implicit feedback, decay, maturity
    "FEEDBACK_HELPFUL_AT": (0.7, "Implicit score at or above which an outcome is helpful.", RATIO),
    "FEEDBACK_HARMFUL_AT": (0.4, "Implicit score at or below which an outcome is harmful.", RATIO),
    "DECAY_HALF_LIFE_DAYS": (90.0, "Half-life of feedback weight.", (0.001, 36_500.0)),
    "CRITERION_WEIGHT_FLOOR": (0.1, "Lowest weight a criterion can decay to.", RATIO),
    "PATTERN_ESTABLISHED_MIN": (
        3,
        "Decayed feedback count that makes a pattern established.",
        (0, 1_000_000),
    ),
    "PATTERN_PROVEN_HELPFUL": (5, "Decayed helpful count a proven pattern needs.", (0, 1_000_000)),
    "PATTERN_PROVEN_MAX_HARMFUL_RATIO": (0.15, "Harmful ratio a proven pattern stays under.", RATIO),
    "PATTERN_DEPRECATED_HARMFUL_RATIO": (0.3, "Harmful ratio above which a pattern is deprecated.", RATIO),
    "ANTI_PATTERN_MIN_OBSERVATIONS": (
        3,
        "Observations before a pattern can become an anti-pattern.",
        COUNT,
    ),
    "ANTI_PATTERN_FAILURE_RATIO": (0.6, "Failure ratio that inverts a pattern into AVOID.", RATIO),
    # Telemetry learning loops
    "FRICTION_THRESHOLD": (
        3,
        "Same (tool, failure mode) failures in a session that fire friction.",
        (1, 10_000),
    ),
    "CORRECTION_EDIT_DISTANCE": (0.3, "Normalised edit distance under which a reply is an edit.", RATIO),
    "CORRECTION_REWRITE_RATIO": (0.5, "Share of changed lines above which a reply is a rewrite.", RATIO),
    "FACT_MIN_SESSIONS": (
        3,
        "Sessions (of one agent or several) a learned fact must be stated in before every agent of "
        "the template is served it, unless it was stated by KAIZEN_FACT_MIN_AGENTS agents first; "
        "until one of the two is reached only the corrected agent is served it. At least 2: a "
        "correction made once never reaches the fleet, whatever it says.",
        (2, 1_000_000),
    ),
    "FACT_MIN_AGENTS": (
        2,
        "Distinct agents, each stating a learned fact in a session of its own, that make it reach "
        "every agent of the template however few sessions that is (see KAIZEN_FACT_MIN_SESSIONS). "
        "At least 2: one agent's corrections reach the fleet only by recurring in enough sessions.",
        (2, 1_000_000),
    ),
    "FACT_EXPIRE_DAYS": (
        30,
        "A fact only its own agent is served (it never recurred, or it is about one instance) is retired "
        "after this many days without being stated again.",
        (1, 36_500),
    ),
    "MAINTENANCE_MIN_FAILURES": (10, "Failures of one pattern that make a maintenance proposal.", COUNT),
    "MAINTENANCE_MIN_SESSIONS": (3, "Distinct sessions those failures must span.", COUNT),
    # Improver (weekly one-on-one plan)
    "FEEDBACK_WINDOW_DAYS": (7, "Default feedback window and ritual period of an improver.", (1, 3650)),
    "RITUAL_MIN_FEEDBACK": (3, "New feedback items the ritual needs; fewer is a no-op.", (0, 1_000_000)),
    "RITUAL_CONTEXT_TOKENS": (
        10_000,
        "Token budget of the context assembled for a proposal.",
        (100, 10_000_000),
    ),
    "DIRECTIVE_MIN_SESSIONS": (
        30,
        "Sessions with and without an improver's line before its effect is judged (removal if none).",
        COUNT,
    ),
    "PROMPT_TOKEN_BUDGET": (
        480,
        "Most tokens (about four characters each) of the prompt block an agent is served: about a page. "
        "The directives are pruned to 60% of it less what the lines under test may add to a session's "
        "block, lowest-value lines first; learned facts, anti-patterns and proven patterns fill the "
        "rest, and what does not fit is left out.",
        (50, 1_000_000),
    ),
    "CANARY_SHARE": (
        0.2,
        "Share of a template's agents served an approved evolution first (at least one); 0 = all at once.",
        SHARE,
    ),
    "CANARY_MIN_SESSIONS": (30, "Sessions per arm before a canary can be promoted.", COUNT),
    "CANARY_DECIDE_DAYS": (
        7,
        "Days a canary should gather its sessions in: on a small or quiet fleet the share grows "
        "from KAIZEN_CANARY_SHARE toward half the agents (at the last two weeks' traffic) to get there.",
        (1, 3650),
    ),
    "CANARY_MARGIN": (
        0.05,
        "Absolute floor of a guardrail's non-inferiority margin (share of sessions): a candidate is "
        "promoted only when each failure signal that is not its target is shown no more than "
        "max(this, KAIZEN_CANARY_MARGIN_RELATIVE × the champion's rate) worse. The floor keeps rare "
        "signals decidable on fleets of tens of agents.",
        (0.0, 0.5),
    ),
    "CANARY_MARGIN_RELATIVE": (
        0.25,
        "A guardrail's margin relative to the champion's rate (0.25: a 30% signal may be shown no more "
        "than 7.5 points worse, a 60% one 15), with KAIZEN_CANARY_MARGIN as its floor.",
        (0.0, 10.0),
    ),
    "CANARY_USAGE_MARGIN": (
        0.2,
        "Margin of cost, tokens and duration per successful session, relative to the champion's: "
        "0.2 = a candidate may be shown no more than 20% dearer per unit of work.",
        (0.0, 10.0),
    ),
    "CANARY_MARGINS": (
        "",
        "Per-signal margins overriding the two above, as signal=relative/floor pairs, comma-separated "
        "(e.g. 'escalation=0.5/0.02,cost_per_success=0.1').",
        "signal=relative/floor pairs",
    ),
    "CANARY_ALPHA": (0.05, "Error rate of the canary's sequential test (1 − confidence).", (0.001, 0.5)),
    "CANARY_TAU": (
        0.1,
        "Effect size the sequential test is tuned for (its mixing standard deviation).",
        (0.001, 1.0),
    ),
    "CANARY_MAX_DAYS": (14, "Days after which an undecided canary is handed to a human.", (1, 3650)),
    "LINES_UNDER_TEST": (
        8,
        "Lines of one template tested at once as factors (each drawn on its own per session, when "
        "the template's agents name the session on their reads); an approval beyond it waits for "
        "one to be decided. 0 = every approved change is canaried as a whole version.",
        (0, 64),
    ),
    "LINES_SHARE": (
        0.5,
        "Share of sessions each line under test is served (each exclusive level gets as much, "
        "together at most all but a third of the sessions): one half decides a line soonest.",
        (0.05, 0.5),
    ),
    "RITUAL_LEASE_SECONDS": (
        900,
        "A ritual's lease: its worker renews it every third of this while the model answers; a run "
        "whose lease lapsed (its worker died) is reaped as failed and run again.",
        (1, DAY),
    ),
    "RATING_NEGATIVE_BELOW": (
        0.3,
        "Wake-run rating / confidence under which feedback is negative.",
        RATIO,
    ),
    "RATING_POSITIVE_ABOVE": (
        0.7,
        "Wake-run rating / confidence above which feedback is positive.",
        RATIO,
    ),
    "MAX_RECURSION_DEPTH": (2, "Deepest improver level; that level is changed by humans only.", (0, 10)),
    "META_IMPROVER_PERIOD_DAYS": (30, "Period of the level 2 meta-improver ritual.", (1, 3650)),
    # Governance: board triage and the improve lane
    "ESCALATION_THRESHOLD": (5, "Blocked events of one class in the window that escalate.", COUNT),
    "ESCALATION_WINDOW_HOURS": (24, "Escalation window.", (1, 8760)),
    "ESCALATION_COOLDOWN_SECONDS": (3600, "Quiet period between two escalation webhooks.", (0, 30 * DAY)),
    "FOLLOWUPS_PER_CYCLE": (3, "Most follow-up tasks triage may create in one cycle.", (0, 10_000)),
    "FLAKY_FAILURE_RATIO": (0.3, "Failure share of a command's last runs that makes it flaky.", RATIO),
    "FLAKY_RECENT_RUNS": (10, "Runs of a command looked at for flakiness.", (1, 1000)),
    "STALE_PR_DAYS": (7, "Age of an open pull request that counts as stale.", (1, 3650)),
    "STALE_AUTONOMY_DAYS": (21, "Age of a backlog autonomy task that gets cancelled.", (1, 3650)),
    "FORGE_CLASS": (
        "",
        "Dotted path of the forge provider (PRs, CI); empty = forge scans are skipped. Start-up "
        "checks that its module exists and defines that name.",
        "dotted path or empty",
    ),
    "TASK_TTL_MINUTES": (
        "goal=120,test=45,test_campaign=45,improve=30,improve_campaign=30,fix_pr=45,other=90",
        "Minutes a running task may go without an update, per kind.",
        "kind=minutes pairs",
    ),
    "ACCEPTANCE_MIN_SAMPLES": (
        5,
        "Decided tasks of a source before its acceptance rate rescores priorities.",
        COUNT,
    ),
    "RESCORE_DEMOTE_BELOW": (0.4, "Acceptance under which backlog autonomy tasks are demoted.", RATIO),
    "RESCORE_PROMOTE_ABOVE": (0.75, "Acceptance above which backlog autonomy tasks are promoted.", RATIO),
    # Operations
    "WEBHOOK_ALLOWED_HOSTS": (
        "",
        "Hosts and networks (comma-separated names or CIDRs, e.g. `hooks.internal,10.0.0.0/8`) that "
        "webhooks may call although they are not public addresses; empty = public addresses only.",
        "hosts or networks",
    ),
    "WEBHOOK_TIMEOUT_SECONDS": (
        10.0,
        "Longest one webhook attempt may take, connecting, sending and reading the answer included "
        "(also the connect timeout); a receiver slower than this fails the attempt, which is retried "
        "as an outage is. At most a third of the delivery task's 60 s time limit.",
        (0.1, DELIVERY_TIME_LIMIT_SECONDS / 3),
    ),
    "WEBHOOK_SECRET": ("", "Key that signs outgoing webhooks (HMAC-SHA256); empty = unsigned.", "text"),
    "METRICS_TOKEN": ("", "Bearer token that /metrics requires; empty = /metrics is off.", "text"),
    "NOTIFY_WEBHOOK_URL": (
        "",
        "Webhook called when a review is pending (event review.pending) and when a canary is handed to a "
        "human with its recommendation (event rollout.needs_human); empty = off.",
        "URL or empty",
    ),
    "ESCALATION_WEBHOOK_URL": ("", "Webhook called on a systemic escalation; empty = off.", "URL or empty"),
    "RETENTION_DAYS": (
        90,
        "Age after which raw events are pruned (with the spans of mapped traces and the exposures of "
        "ended canaries); ingest refuses events older than this (400 on `timestamp`).",
        (1, 36_500),
    ),
    "EVENT_MAX_AHEAD_HOURS": (
        24,
        "Ingest refuses events dated further ahead of the server's clock than this (400 on `timestamp`).",
        (0, 8760),
    ),
    "PARTITION_DAYS": (
        1,
        "On PostgreSQL, days of events per partition of each event table (retention drops whole "
        "partitions); a change applies to partitions created from then on.",
        (1, 366),
    ),
    "PARTITIONS_AHEAD": (
        7,
        "On PostgreSQL, partitions created ahead of time by the hourly `telemetry.partitions_ensure`.",
        (1, 366),
    ),
    "LLM_BASE_URL": (
        "",
        "OpenAI-compatible endpoint; empty = rule-based classifier/proposer.",
        "URL or empty",
    ),
    "LLM_MODEL": ("", "Model name sent to the LLM endpoint.", "text"),
    "LLM_API_KEY": ("", "Bearer key for the LLM endpoint.", "text"),
    "LLM_TIMEOUT_SECONDS": (20.0, "Timeout of one LLM call.", (0.1, 600.0)),
    "LLM_MAX_RETRIES": (2, "Retries of a failed LLM call before falling back to rules.", (0, 10)),
}


SETTINGS: dict[str, tuple[object, str]] = {
    key: (default, meaning) for key, (default, meaning, _) in DECLARED.items()
}
RANGES: dict[str, object] = {key: spec for key, (_, _, spec) in DECLARED.items()}


def out_of_range(key: str, value) -> str:
    """Why `value` is not one setting `key` accepts, or ''. Numbers are held to their (lowest,
    highest); words to their choices; free text (a description in RANGES) is not checked here."""
    allowed = RANGES[key]
    if isinstance(allowed, str):
        if key == "SELECTION_SEED" and value.strip() and not value.strip().lstrip("-").isdigit():
            return f"KAIZEN_{key}={value!r} is not an integer (or empty)"
        parser = {
            "SCORE_SCALES": parse_scales,
            "CANARY_MARGINS": parse_margins,
            "TRUSTED_PROXIES": parse_networks,
            "TASK_TTL_MINUTES": parse_ttls,
            "FORGE_CLASS": dotted_name,
        }.get(key)
        if parser is not None:
            try:
                parser(value)
            except ValueError as exc:
                return f"KAIZEN_{key}: {exc}"
        return ""
    if all(isinstance(a, str) for a in allowed):
        return "" if value in allowed else f"KAIZEN_{key}={value!r} must be one of: {', '.join(allowed)}"
    lo, hi = allowed
    if isinstance(value, float) and not math.isfinite(value):
        return f"KAIZEN_{key}={value!r} is not a finite number"
    if not lo <= value <= hi:
        return f"KAIZEN_{key}={value!r} is out of range: must be between {lo} and {hi}"
    return ""


# Settings that only make sense in one order, declared once: (lower, higher, strictly). Each may
# be anywhere in its own range, but the pair inverted leaves a rule that can never apply or one
# that contradicts the other (a score both helpful and harmful).
ORDERED = (
    ("FEEDBACK_HARMFUL_AT", "FEEDBACK_HELPFUL_AT", True),
    ("RATING_NEGATIVE_BELOW", "RATING_POSITIVE_ABOVE", False),
    ("RESCORE_DEMOTE_BELOW", "RESCORE_PROMOTE_ABOVE", False),
    ("PATTERN_PROVEN_MAX_HARMFUL_RATIO", "PATTERN_DEPRECATED_HARMFUL_RATIO", False),
    ("PATTERN_ESTABLISHED_MIN", "PATTERN_PROVEN_HELPFUL", False),
    ("RANKING_WARM_MIN_SAMPLES", "RANKING_WINDOW_SAMPLES", False),
    ("MAINTENANCE_MIN_SESSIONS", "MAINTENANCE_MIN_FAILURES", False),
    ("CANARY_DECIDE_DAYS", "CANARY_MAX_DAYS", False),
    ("PARTITION_DAYS", "RETENTION_DAYS", False),
    ("INGEST_MAX_ARGS_BYTES", "INGEST_MAX_BODY_BYTES", False),
)


def out_of_order(values: dict) -> str:
    """Why two settings of `values` stand in the wrong order (ORDERED), or ''."""
    for lower, higher, strictly in ORDERED:
        low, high = values[lower], values[higher]
        if low > high or (strictly and low == high):
            relation = "below" if strictly else "at most"
            return f"KAIZEN_{lower}={low!r} must be {relation} KAIZEN_{higher}={high!r}"
    return ""


def parse_ttls(raw: str) -> dict[str, int]:
    """`kind=minutes` pairs, comma-separated, each a positive whole number of minutes."""
    ttls = {}
    for item in (part.strip() for part in raw.split(",")):
        if not item:
            continue
        kind, _, minutes = item.partition("=")
        if not kind.strip() or not minutes.strip().isdigit() or int(minutes) < 1:
            raise ValueError(f"{item!r} is not kind=minutes (a whole number of minutes, at least 1)")
        if int(minutes) > 100 * 365 * 24 * 60:
            raise ValueError(f"{item!r}: at most a century of minutes")
        ttls[kind.strip()] = int(minutes)
    return ttls


# KAIZEN_ variables read elsewhere: the production switch (settings), the MCP server's agent token
# (mcp_serve), the test suite's clock (and the list of its tests that read it), its Redis and its
# PostgreSQL pass narrowed to what differs by database, and the benchmarks' PostgreSQL binaries.
OTHER_VARIABLES = {
    "KAIZEN_PRODUCTION",
    "KAIZEN_AGENT_TOKEN",
    "KAIZEN_TEST_NOW",
    "KAIZEN_RECORD_CLOCK_READERS",
    "KAIZEN_CLOCK_READERS",
    "KAIZEN_TEST_REDIS_URL",
    "KAIZEN_DIFFERS_BY_DATABASE",
    "KAIZEN_PG_BIN",
}


def unknown_variable(environ) -> str:
    """Why a ``KAIZEN_*`` variable in `environ` is not one Kaizen reads, or '' when all are."""
    known = {f"KAIZEN_{key}" for key in SETTINGS} | OTHER_VARIABLES
    for name in sorted(environ):
        if name.startswith("KAIZEN_") and name not in known:
            near = difflib.get_close_matches(name, known, n=1, cutoff=0.75)
            hint = f"did you mean {near[0]}?" if near else "docs/configuration.md lists them"
            return f"{name} is not a Kaizen setting ({hint})"
    return ""


def default(key: str):
    """The default of setting `key`, as the table above declares it: the one place a default is
    written (the pure modules' parameter records take theirs from here)."""
    return SETTINGS[key][0]


def load() -> dict[str, object]:
    """Defaults overlaid with ``KAIZEN_<KEY>`` environment variables; a misspelled one stops start-up."""
    unknown = unknown_variable(os.environ)
    if unknown:
        raise ImproperlyConfigured(unknown)
    values = {key: env_typed(f"KAIZEN_{key}", default) for key, (default, _) in SETTINGS.items()}
    for key, value in values.items():
        problem = out_of_range(key, value)
        if problem:
            raise ImproperlyConfigured(problem)
    problem = out_of_order(values)
    if problem:
        raise ImproperlyConfigured(problem)
    return values
