"""How the improver's proposals read on their review page (the governance registry calls these):
a template evolution, a maintenance proposal and a new-tool proposal. Presentation only: each
reads the proposal and what it cites, summarises the evidence (counts, a few examples) and links
to the admin lists that hold the rest; none writes."""

from django.db.models import Q
from django.urls import reverse
from django.utils.text import Truncator

from config.readable import admin_list, scalar, some
from experiments.metrics import signal_list, target_of
from experiments.models import Rollout
from experiments.words import SIGNAL_COLUMNS, rollout_status, signal_cells
from fleet.models import AgentTemplate
from governance.models import Proposal
from governance.registry import Link, Panel, Review
from improver.models import ImproverReport
from improver.proposer import WEIGHTS
from improver.selectors import tool_fact
from language.remedies import MIN_PEOPLE, seen_downstream
from learning.models import FrictionEvent, LearnedFact
from telemetry.models import ToolInvocation

TOOL_TYPES = (Proposal.Type.MAINTENANCE, Proposal.Type.NEW_TOOL)
SAME_TOOL = 5  # other proposals about one tool listed on a review page
FEEDBACK_GROUPS = 5  # the largest groups of feedback shown; the rest are on the feedback list
EXAMPLE_CHARS = 160  # of the example shown for each group of feedback
ROLLOUT_ROWS = 5  # the signals a review page shows of a canary: its targets and any in doubt
WEIGHT_NOTE = (
    "Weight: how much evidence stands behind a line; lines are proposed heaviest first, and of two "
    "lines that contradict or compete the heavier is proposed. "
    f"An anti-pattern weighs {WEIGHTS['anti_pattern']}, a tool built for the friction "
    f"{WEIGHTS['shipped_tool']}, chronic friction {WEIGHTS['friction']} plus one per session, a request "
    f"{WEIGHTS['remedy']} plus one per person who asked, a learned fact {WEIGHTS['fact']}, a line "
    f"proven on another template {WEIGHTS['transfer']}."
)


def review(proposal: Proposal):
    """The review page of a template evolution, in reading order: the directives diff; each added
    line with why it is proposed, what it should lower and where its evidence is; what was left
    out (contrary lines) or removed; the feedback behind it, grouped and linked; the ritual's
    notes and the measured delta; then any canary. Each fact appears once."""
    payload, evidence = proposal.payload, proposal.evidence
    report = ImproverReport.objects.filter(run__session__proposal=proposal).values_list("pk", flat=True)
    report_url = [reverse("admin:improver_improverreport_change", args=[pk]) for pk in report[:1]]
    template_id = (
        AgentTemplate.objects.filter(slug=payload.get("template", "")).values_list("pk", flat=True).first()
    )
    return Review(
        before=payload.get("current_directives"),
        after=payload.get("proposed_directives"),
        diff_title="Directives: current → proposed",
        panels=[
            _additions_panel(payload),
            _removals_panel(payload),
            _conflicts_panel(payload),
            _competitors_panel(payload),
            _suggested_panel(evidence),
            _feedback_panel(evidence, template_id),
            _asks_panel(evidence),
            _notes_panel(evidence, report_url),
            _delta_panel(evidence.get("performance_delta") or {}),
            *_rollout_panels(proposal),
        ],
    )


def _additions_panel(payload: dict) -> Panel:
    """Each line the evolution adds: why, what it should lower and what its evidence is."""
    return Panel(
        "additions",
        "Each added line: why, what it should lower, its evidence",
        ["line", "why", "should lower", "evidence"],
        [
            [
                a["text"],
                a.get("reason", ""),
                signal_list(target_of(a)),
                _sources(a),
            ]
            for a in payload.get("additions", [])
        ],
        note=WEIGHT_NOTE if payload.get("additions") else "",
    )


def _removals_panel(payload: dict) -> Panel:
    """The lines it removes, merges into another or replaces, and why."""
    return Panel(
        "removals",
        "Lines removed, merged or replaced (shown as deletions in the diff)",
        ["line", "action", "why"],
        [[r["text"], _removal_action(r), r["reason"]] for r in payload.get("removals", [])],
    )


def _conflicts_panel(payload: dict) -> Panel:
    """The lines left out because they contradict a line with stronger evidence (or one served
    now, which only a human edits)."""
    return Panel(
        "conflicts",
        "Lines left out for contradicting a stronger one (never served together)",
        ["left out", "its evidence", "contradicts", "evidence of that line"],
        [
            [
                c["line"],
                _evidence_words(c["evidence"], c["sessions"]),
                c["against"],
                "served now (a human edits it)"
                if c["served"]
                else _evidence_words(c["against_evidence"], c["against_sessions"]),
            ]
            for c in payload.get("conflicts", [])
        ],
        note="Weight as explained with the added lines: the heavier of two contradicting lines is proposed."
        if payload.get("conflicts")
        else "",
    )


def _competitors_panel(payload: dict) -> Panel:
    """Alternative remedies for one problem: the better supported is proposed, the other shown
    here with the sessions behind each."""
    return Panel(
        "competitors",
        "Competing lines: alternative remedies for one problem, the better supported proposed"
        " (never served together)",
        ["line", "competes with", "what both address"],
        [
            [
                c["against"] + (" (served now)" if c.get("served") else ""),
                f"competes with: {c['line']} — {_sessions(c.get('sessions', 0))}"
                f" (against {_sessions(c.get('against_sessions', 0))})",
                c.get("addresses", ""),
            ]
            for c in payload.get("competitors", [])
        ],
    )


def _suggested_panel(evidence: dict) -> Panel:
    """Lines a human wrote that the evidence questions: suggested for removal, never removed."""
    return Panel(
        "suggested",
        "Lines a human wrote that the evidence questions (not removed: only a human edits them)",
        ["line", "why"],
        [[r["text"], r["reason"]] for r in evidence.get("suggested_removals", [])],
    )


def _feedback_panel(evidence: dict, template_id: int | None) -> Panel:
    """The largest groups of feedback behind the evolution (by sentiment and category), each with
    one example and a link to its items; a link to every group when some are not shown."""
    every_group = sorted(evidence.get("feedback_groups", {}).values(), key=lambda g: -g["count"])
    groups = sorted(every_group[:FEEDBACK_GROUPS], key=lambda g: (g["sentiment"], -g["count"]))
    cited = len(evidence.get("feedback_items") or [])
    total = sum(g["count"] for g in every_group)  # what the ritual read: the groups' own counts
    feedback_url = reverse("admin:learning_feedbackitem_changelist")
    return Panel(
        "feedback",
        f"The feedback behind it ({total} items, grouped; an example of each)",
        ["sentiment", "category", "items", "example"],
        [
            [
                g["sentiment"],
                g["category"],
                Link(
                    f"{g['count']} items",
                    f"{feedback_url}?sentiment__exact={g['sentiment']}&category__exact="
                    f"{g['category']}&template__id__exact={template_id}",
                ),
                [Truncator(x).chars(EXAMPLE_CHARS) for x in list(dict.fromkeys(g.get("examples", [])))[:1]],
            ]
            for g in groups
        ],
        note=f"The {cited} most confident of the {total} items are cited (kept past retention)."
        if cited < total
        else "",
        more=Link(
            f"All {len(every_group)} groups: the template's feedback",
            f"{feedback_url}?template__id__exact={template_id}",
        )
        if len(every_group) > len(groups)
        else None,
    )


def _asks_panel(evidence: dict) -> Panel:
    """What the negative feedback asks for, each person counted once, with the items behind it."""
    return Panel(
        "asks",
        "What the negative feedback asks for (each person counted once, however often they asked)",
        ["request", "support", "items"],
        [[r["text"], _asked(r), _items_link(r)] for r in evidence.get("remedies", [])[:FEEDBACK_GROUPS]],
        note=f"A request asked by fewer than {MIN_PEOPLE} people, or in one session, is no "
        "line for the template: it is not listed.",
    )


def _notes_panel(evidence: dict, report_url: list[str]) -> Panel:
    """The ritual's notes (its decisions are shown elsewhere) and a link to the weekly report."""
    return Panel(
        "notes",
        "The ritual's notes",
        ["kind", "note"],
        [[note["kind"], note["content"]] for note in evidence.get("notes", []) if note["kind"] != "decision"]
        + [["report", Link("The improver's weekly report", url)] for url in report_url],
        narrow=True,
    )


def _delta_panel(delta: dict) -> Panel:
    """How the current version performed against the previous one."""
    return Panel(
        "delta",
        "Performance of the current version against the previous one",
        [
            "measure",
            f"v{delta['previous_version']}" if "previous_version" in delta else "previous",
            f"v{delta['current_version']}" if "current_version" in delta else "current",
            "change",
        ],
        delta_rows(delta),
        narrow=True,
    )


def _sources(addition: dict) -> str:
    sources = addition.get("sources") or []
    kinds: dict[str, int] = {}
    for source in sources:
        kind = source.split(":", 1)[0]
        kinds[kind] = kinds.get(kind, 0) + 1
    said = ", ".join(f"{n} {kind}{'s' if n != 1 else ''}" for kind, n in kinds.items())
    weight = f"weight {addition.get('evidence', 0)}"
    return f"{said} ({weight})" if said else weight


def _removal_action(removal: dict) -> str:
    """What happens to a removed line: removed, merged into another, or replaced by the line added
    in its place (one change: its canary compares the two)."""
    if removal["action"] == "replace" and removal.get("into"):
        return f"replaced by '{removal['into']}'"
    return removal["action"] + (f" into '{removal['into']}'" if removal.get("into") else "")


def _sessions(n: int) -> str:
    return f"{n} session{'s' if n != 1 else ''}"


def _asked(remedy: dict) -> str:
    """A request's support, and where else it was seen: "asked by 3 people in 3 sessions; seen
    downstream in booking" when the agents this template hands work to said it."""
    downstream = seen_downstream(remedy.get("downstream") or ())
    return f"{remedy['asked']}; {downstream}" if downstream else remedy["asked"]


def _items_link(remedy: dict) -> Link | str:
    """The items behind a request, as a link to the rows they were read from (observations, or
    corrections when there are none)."""
    words = f"{remedy['items']} item{'s' if remedy['items'] != 1 else ''}"
    ids: dict[str, list[str]] = {}
    for source in remedy.get("sources", []):
        kind, _, pk = source.partition(":")
        ids.setdefault(kind, []).append(pk)
    kind = next((k for k in ("observation", "correction") if k in ids), None)
    return Link(words, admin_list(f"telemetry_{kind}", id__in=ids[kind])) if kind else words


def _evidence_words(evidence: int, sessions: int) -> str:
    return f"weight {evidence}" + (f", {sessions} sessions" if sessions else "")


DELTA_MEASURES = (  # key, what a person calls it, shown as a share
    ("outcomes", "skill outcomes", False),
    ("success_rate", "success rate", True),
    ("avg_rating", "mean rating", False),
    ("decisions", "decisions", False),
    ("rejection_rate", "decisions rejected", True),
)


def delta_rows(delta: dict) -> list[list[str]]:
    """The performance delta as rows a person reads: each measure in both versions and the change
    ('—' where a version has no data)."""

    def shown(value, share: bool) -> str:
        if value is None:
            return "—"
        return f"{value:.1%}" if share else (f"{value:.2f}" if isinstance(value, float) else str(value))

    rows = []
    for key, name, share in DELTA_MEASURES:
        before, now = delta.get(f"previous_{key}"), delta.get(f"current_{key}")
        if before is None and now is None:
            continue
        change = "—"
        if before is not None and now is not None and key in ("success_rate", "avg_rating", "rejection_rate"):
            diff = now - before
            change = f"{diff * 100:+.1f} points" if share else f"{diff:+.2f}"
        rows.append([name, shown(before, share), shown(now, share), change])
    return rows


def _rollout_panels(proposal: Proposal) -> list:
    """Each canary of the proposal in brief: where its test stands, its targets and the signals
    not yet shown within their margin; every signal, the chart and the decision are on the
    rollout's own page."""
    panels = []
    rollouts = Rollout.objects.filter(proposal=proposal).select_related("candidate")
    for rollout in rollouts.order_by("started_at"):
        status = rollout_status(rollout)
        rows = status["rows"]
        shown = [r for r in rows if r["role"] != "guardrail" or r["verdict"] != "within margin"]
        url = reverse("admin:experiments_rollout_change", args=[rollout.pk])
        panels.append(
            Panel(
                f"rollout-{rollout.pk}",
                f"Canary rollout v{rollout.candidate.number} ({rollout.get_status_display().lower()})",
                list(SIGNAL_COLUMNS),
                [list(signal_cells(r)) for r in shown[:ROLLOUT_ROWS]],
                note=status["summary"],
                more=Link(f"All {len(rows)} signals, the chart and the decision: the rollout's page", url)
                if rows
                else Link("The rollout's page", url),
            )
        )
    return panels


MAINTENANCE_KINDS = {
    "new-tool": "build a tool for the missing capability",
    "modify-tool": "fix the tool (arguments, timeouts or error handling)",
    "retire-tool": "retire or replace the tool",
    "system-prompt": "state the rule the agents keep hitting in their prompt",
    "fact-update": "update the learned fact that covers the tool",
}


def maintenance_review(proposal: Proposal) -> Review:
    """A failure pattern of one tool: what the pass suggests, how often and where it failed, with
    links to the failing calls, the sessions' reflections and any learned fact it concerns."""
    evidence, payload = proposal.evidence, proposal.payload
    tool = evidence.get("tool") or payload.get("tool", "")
    mode = evidence.get("failure_mode") or payload.get("failure_mode", "")
    kind = evidence.get("maintenance_type") or payload.get("maintenance_type", "")
    records = evidence.get("records") or []
    sessions = evidence.get("sessions") or []
    reflections = evidence.get("reflections") or []
    rate = evidence.get("tool_success_rate")
    fact = _fact(tool, evidence)
    rows = [
        ["suggested change", f"{kind}: {MAINTENANCE_KINDS.get(kind, kind)}" if kind else "—"],
        ["tool", tool],
        ["failure mode", mode],
        [
            "failures",
            [
                f"{scalar(evidence.get('failures'))} in the window, "
                f"across {scalar(evidence.get('session_count'))} sessions",
                Link(
                    f"Every failing call of {tool} with {mode}",
                    admin_list("telemetry_toolinvocation", tool=tool, failure_mode=mode),
                ),
            ],
        ],
        [
            "newest failures cited",
            Link(f"{len(records)} calls", admin_list("telemetry_toolinvocation", id__in=records))
            if records
            else "—",
        ],
        ["tool success rate", f"{rate:.0%} of its recent calls" if isinstance(rate, int | float) else "—"],
        ["sessions", f"{len(sessions)} cited: {some(sessions)}" if sessions else "—"],
        [
            "their reflections",
            Link(
                f"{len(reflections)} session ends",
                admin_list("telemetry_sessionend", id__in=reflections),
            )
            if reflections
            else "none",
        ],
        [
            "learned fact",
            Link(fact.content[:120], reverse("admin:learning_learnedfact_change", args=[fact.pk]))
            if fact
            else "none",
        ],
    ]
    return Review(
        panels=[Panel("pattern", "The failure pattern", [], rows), _same_tool_panel(proposal, tool)]
    )


def _fact(tool: str, evidence: dict):
    """The learned fact about the tool: the one the proposal cites, else one found as the
    maintenance pass finds one (improver.selectors.tool_fact, over the templates whose agents made
    the cited failing calls), so the page never says "none" beside a fact that exists."""
    cited = (
        LearnedFact.objects.filter(pk=evidence["learned_fact"]).first()
        if evidence.get("learned_fact")
        else None
    )
    if cited or not tool:
        return cited
    templates = ToolInvocation.objects.filter(pk__in=evidence.get("records") or []).values(
        "agent__template_id"
    )
    return tool_fact(tool, templates)


def _same_tool_panel(proposal: Proposal, tool: str) -> Panel:
    """The other proposals about the same tool waiting for a review (a maintenance pattern and a
    new tool for its friction are raised apart): each review page links to the others."""
    others = list(
        Proposal.objects.filter(status=Proposal.Status.PENDING, type__in=TOOL_TYPES)
        .filter(Q(subject=tool) | Q(subject__startswith=f"{tool} "))
        .exclude(pk=proposal.pk)
        .order_by("pk")[:SAME_TOOL]
    )
    return Panel(
        "same-tool",
        f"Other proposals about {tool} waiting for a review",
        ["proposal", "type"],
        [
            [Link(f"#{o.pk} {o.title}", reverse("admin:governance_proposal_change", args=[o.pk])), o.type]
            for o in others
        ],
        note="They name the same tool: decide them together." if others else "",
    )


def _pair(proposal: Proposal, events: list[dict]) -> tuple[str, str]:
    """The (tool, failure mode) of a new-tool proposal: from its newest friction event still
    stored, else from its dedup key (`friction:<tool>:<mode>`)."""
    ids = [event.get("friction_event") for event in reversed(events)]
    found = FrictionEvent.objects.filter(pk__in=ids[:1]).values_list("tool", "failure_mode").first()
    if found:
        return found
    head, _, mode = proposal.dedup_key.rpartition(":")
    return head.removeprefix("friction:"), mode


NEWEST_EVENTS = 5


def new_tool_review(proposal: Proposal) -> Review:
    """Repeated friction with one tool: how many sessions hit it and on which agents, the newest
    few friction events, and links to all of them and to every failing call."""
    evidence = proposal.evidence
    events = evidence.get("events") or []  # the latest fifty, oldest first
    tool, mode = _pair(proposal, events)
    occurrences = evidence.get("occurrences", len(events))
    worst = max(events, key=lambda event: event.get("count", 0), default=None)
    agents = sorted({event.get("agent", "") for event in events})
    calls = sum(event.get("count", 0) for event in events)
    friction_url = admin_list("learning_frictionevent", tool=tool, failure_mode=mode)
    summary = [
        [
            "friction",
            [
                f"{occurrences} sessions where {tool} failed with {mode} again and again",
                Link(f"All {occurrences} friction events", friction_url),
            ],
        ],
        ["agents", f"{len(agents)}: {some(agents, 5)}" if agents else "—"],
        [
            "most in one session",
            f"{worst['count']} failed calls ({worst.get('agent', '')}, session {worst.get('session', '')})"
            if worst
            else "—",
        ],
        [
            "failing calls",
            [
                f"{calls} in the latest {len(events)} of those sessions",
                Link(
                    f"Every failing call of {tool} with {mode}",
                    admin_list("telemetry_toolinvocation", tool=tool, failure_mode=mode),
                ),
            ],
        ],
    ]
    newest = [
        [
            Link(
                f"#{event['friction_event']}",
                reverse("admin:learning_frictionevent_change", args=[event["friction_event"]]),
            )
            if event.get("friction_event")
            else "—",
            event.get("agent", ""),
            event.get("session", ""),
            event.get("count", ""),
        ]
        for event in reversed(events[-NEWEST_EVENTS:])
    ]
    return Review(
        panels=[
            Panel("friction", "The friction behind it", [], summary),
            Panel(
                "newest",
                f"The newest {len(newest)} friction events",
                ["event", "agent", "session", "failed calls"],
                newest,
                more=Link(f"All {occurrences} on the friction events list", friction_url) if events else None,
            ),
            _same_tool_panel(proposal, tool),
        ]
    )
