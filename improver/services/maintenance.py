"""Loop 1 friction → `new_tool` proposals, and the loop 4 maintenance pass.

Both create human-gated proposals and never duplicate an open one: a friction event for a pair
that already has a pending proposal strengthens it (more evidence) instead.
"""

from collections import defaultdict
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Q

from config import clock
from config.plans import planned_for_each_run
from governance.models import Citation, Proposal
from governance.services import proposal_open, proposal_raise
from improver.selectors import tool_fact
from learning.models import FrictionEvent
from telemetry.models import SessionEnd, ToolInvocation
from telemetry.row_reads import pairs_in

NEW_TOOL_MODES = ("TOOL_GAP", "NOTFOUND")
PROMPT_MODES = ("PERM", "CONFLICT")


def friction_to_proposal(*, agents: dict, rows: list[dict]) -> None:
    """New friction events become (or strengthen) proposals in the same worker transaction that
    detected them, so a broker outage between the two cannot lose one: one proposal write per
    (tool, failure mode) a batch fired, however many agents and sessions fired it. It is the one
    handler of stored events the improver registers rather than learning: what it writes is a
    governance proposal, and governance stands a floor above learning."""
    events = FrictionEvent.objects.filter(pk__in=[event["id"] for event in rows]).select_related("agent")
    by_pair: dict[tuple[str, str], list[FrictionEvent]] = defaultdict(list)
    for event in events.order_by("pk"):
        by_pair[(event.tool, event.failure_mode)].append(event)
    for _, pair_events in sorted(by_pair.items()):
        friction_proposal(events=pair_events)


def friction_proposal(*, events: list[FrictionEvent]) -> Proposal | None:
    """Create, or strengthen, the one open `new_tool` proposal of a (tool, failure mode) pair
    with its new friction `events` (all of that pair).

    Idempotent: an event the open proposal already cites is not counted again. Its evidence holds
    the count and the latest fifty events; every cited invocation is a Citation row. Once a proposal
    of the pair is approved or implemented, no second one is raised."""
    first = events[0]
    key = f"friction:{first.tool}:{first.failure_mode}"
    decided = Proposal.Status.APPROVED, Proposal.Status.IMPLEMENTED
    if Proposal.objects.filter(dedup_key=key, status__in=decided).exists():
        return None  # the tool is being built or was shipped: the friction goes on until agents use it
    cited = set(
        Citation.objects.filter(
            event_type="friction",
            row_id__in=[event.pk for event in events],
            proposal__dedup_key=key,
            proposal__status=Proposal.Status.PENDING,
        ).values_list("row_id", flat=True)
    )
    events = [event for event in events if event.pk not in cited]  # the rest is counted already
    if not events:
        return Proposal.objects.filter(dedup_key=key, status=Proposal.Status.PENDING).first()
    items = [
        {
            "friction_event": event.pk,
            "agent": event.agent.name,
            "session": event.session_id,
            "count": event.count,
            "records": event.evidence,
        }
        for event in events
    ]
    cites = {
        "tool_invocation": [record for event in events for record in event.evidence],
        "friction": [event.pk for event in events],
    }

    def strengthen(evidence: dict) -> dict:
        evidence["events"] = [*evidence.get("events", []), *items][-50:]
        evidence["occurrences"] = evidence.get("occurrences", 0) + len(events)
        evidence["cites"] = cites
        return evidence

    first = events[0]
    proposal, _ = proposal_raise(
        type=Proposal.Type.NEW_TOOL,
        dedup_key=key,
        risk=Proposal.Risk.LOW,
        subject=f"{first.tool} {first.failure_mode}",
        title=f"Build a tool for {first.tool} failing with {first.failure_mode}",
        # no count here: the evidence grows with each session that hits it, and the review page
        # counts the sessions and the most failures in one of them from that evidence
        rationale=(
            f"{first.tool} keeps failing with {first.failure_mode}, again and again within a session: "
            "a missing tool shows up as repeated friction. A targeted tool or wrapper would remove it."
        ),
        evidence={"occurrences": len(events), "events": items[-50:], "cites": cites},
        strengthen=strengthen,
    )
    return proposal


def maintenance_kind(failure_mode: str, success_rate: float, related_fact: bool) -> str:
    """new-tool | modify-tool | retire-tool | system-prompt | fact-update for a failure pattern (pure)."""
    level1 = failure_mode.split(".")[0]
    if related_fact:
        return "fact-update"
    if success_rate < 0.1 and level1 not in NEW_TOOL_MODES:
        return "retire-tool"
    if level1 in NEW_TOOL_MODES:
        return "new-tool"
    if level1 in PROMPT_MODES:
        return "system-prompt"
    return "modify-tool"


RATE_CALLS = 10_000  # a tool's success rate is measured over its last calls in the window


def maintenance_pass(*, now: datetime | None = None, window_days: int = 30, progress=None) -> list[Proposal]:
    """Failure patterns with >= 10 failures across >= 3 sessions become maintenance proposals."""
    now = now or clock.now()
    cfg = settings.KAIZEN
    since = now - timedelta(days=window_days)
    window = ToolInvocation.objects.filter(occurred_at__gt=since, occurred_at__lte=now)
    patterns = list(
        window.exclude(outcome="success")
        .exclude(failure_mode="")  # a pattern is a tool and a failure mode: unnamed failures are not one
        .values("tool", "failure_mode")
        .annotate(failures=Count("id"), sessions=Count("session_id", distinct=True), last=Max("occurred_at"))
        .filter(failures__gte=cfg["MAINTENANCE_MIN_FAILURES"], sessions__gte=cfg["MAINTENANCE_MIN_SESSIONS"])
        .order_by("-failures")
    )
    created = []
    with planned_for_each_run():  # the same reads for each pattern: each planned for its pattern
        for i, p in enumerate(patterns):
            if progress:
                progress(i + 1, len(patterns))
            proposal = _maintenance_proposal(p, window, now, window_days)
            if proposal is not None:
                created.append(proposal)
    return created


@transaction.atomic
def _maintenance_proposal(p: dict, window, now, window_days: int) -> Proposal | None:
    tool, mode = p["tool"], p["failure_mode"]
    key = f"maintenance:{tool}:{mode}"
    if proposal_open(key):  # never a second one while one is open (checked before the evidence is read)
        return None
    # the tool's success rate over its last RATE_CALLS calls in the window, newest first by the
    # time index: a busy tool's month is not read whole
    recent = window.filter(tool=tool).order_by("-occurred_at")[:RATE_CALLS]
    stats = recent.aggregate(n=Count("id"), ok=Count("id", filter=Q(outcome="success")))
    success_rate = stats["ok"] / stats["n"] if stats["n"] else 0.0
    failing = window.filter(tool=tool, failure_mode=mode).exclude(outcome="success")
    fact = tool_fact(tool, failing.values("agent__template_id"))  # of the templates that hit it
    kind = maintenance_kind(mode, success_rate, fact is not None)
    # the newest failures (by the failures' index, read backwards) are the evidence: their ids,
    # and the sessions they fell in; a month of a busy pattern is not read whole
    newest = list(failing.order_by("-occurred_at").values_list("id", "agent_id", "session_id")[:100])
    pairs = list(dict.fromkeys((agent, session) for _, agent, session in newest))[:50]
    sessions = sorted({session for _, session in pairs})
    evidence = {
        "tool": tool,
        "failure_mode": mode,
        "failures": p["failures"],
        "sessions": sessions,
        "session_count": p["sessions"],
        "tool_success_rate": round(success_rate, 4),
        "records": [record for record, _, _ in newest],
        "reflections": list(
            SessionEnd.objects.filter(pairs_in(SessionEnd, ("agent_id", "session_id"), set(pairs)))
            .filter(occurred_at__gt=now - timedelta(days=window_days + 1))
            .values_list("id", flat=True)[:50]
        ),
        "learned_fact": fact.pk if fact else None,
        "maintenance_type": kind,
    }
    evidence["cites"] = {"tool_invocation": evidence["records"], "session_end": evidence["reflections"]}
    proposal, created = proposal_raise(
        type=Proposal.Type.MAINTENANCE,
        dedup_key=key,
        subject=tool,
        risk=Proposal.Risk.MEDIUM if kind in ("retire-tool", "system-prompt") else Proposal.Risk.LOW,
        title=f"[{kind}] {tool}: {p['failures']} {mode} failures across {p['sessions']} sessions",
        rationale=_rationale(kind, tool, mode, p, success_rate, fact),
        evidence=evidence,
        payload={"maintenance_type": kind, "tool": tool, "failure_mode": mode},
    )
    return proposal if created else None


def _rationale(kind, tool, mode, p, success_rate, fact) -> str:
    fact_text = fact.content[:80] if fact else ""
    base = (
        f"{tool} failed {p['failures']} times with {mode} across {p['sessions']} sessions "
        f"(tool success rate {success_rate:.0%})."
    )
    return (
        base
        + {
            "new-tool": " The capability is missing: build a tool that covers it.",
            "modify-tool": " The tool exists but misbehaves: fix its arguments, timeouts or error handling.",
            "retire-tool": " It almost never succeeds: retire it or replace it.",
            "system-prompt": " The agent keeps hitting the same policy wall: state the rule in the prompt.",
            "fact-update": f" A learned fact covers this tool ('{fact_text}'): update it.",
        }[kind]
    )
