"""Loop 1 friction → `new_tool` proposals, and the loop 4 maintenance pass.

Both create human-gated proposals and never duplicate an open one: a friction event for a pair
that already has a pending proposal strengthens it (more evidence) instead.
"""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Q

from config import clock
from governance.models import Citation, Proposal
from governance.services import proposal_open, proposal_raise
from telemetry.hooks import on_stored
from telemetry.models import FrictionEvent, LearnedFact, SessionEnd, ToolInvocation
from telemetry.row_reads import pairs_in

NEW_TOOL_MODES = ("TOOL_GAP", "NOTFOUND")
PROMPT_MODES = ("PERM", "CONFLICT")


@on_stored("friction")
def friction_to_proposal(*, agent, rows: list[dict]) -> None:
    """New friction events become (or strengthen) proposals in the same worker transaction that
    detected them, so a broker outage between the two cannot lose one."""
    events = FrictionEvent.objects.filter(pk__in=[event["id"] for event in rows]).select_related("agent")
    for event in events.order_by("pk"):
        friction_proposal(event=event)


def friction_proposal(*, event: FrictionEvent) -> Proposal | None:
    """Create, or strengthen, the one open `new_tool` proposal of a (tool, failure mode) pair.

    Idempotent: an event the open proposal already cites is not counted again. Its evidence holds
    the count and the latest fifty events; every cited invocation is a Citation row. Once a proposal
    of the pair is approved or implemented, no second one is raised."""
    item = {
        "friction_event": event.pk,
        "agent": event.agent.name,
        "session": event.session_id,
        "count": event.count,
        "records": event.evidence,
    }

    key = f"friction:{event.tool}:{event.failure_mode}"
    decided = Proposal.Status.APPROVED, Proposal.Status.IMPLEMENTED
    if Proposal.objects.filter(dedup_key=key, status__in=decided).exists():
        return None  # the tool is being built or was shipped: the friction goes on until agents use it
    cited = Citation.objects.filter(
        event_type="friction",
        row_id=event.pk,
        proposal__dedup_key=key,
        proposal__status=Proposal.Status.PENDING,
    )
    if cited.exists():
        return cited.first().proposal  # counted already

    def strengthen(evidence: dict) -> dict:
        evidence["events"] = [*evidence.get("events", []), item][-50:]
        evidence["occurrences"] = evidence.get("occurrences", 0) + 1
        evidence["cites"] = {"tool_invocation": list(event.evidence), "friction": [event.pk]}
        return evidence

    proposal, _ = proposal_raise(
        type=Proposal.Type.NEW_TOOL,
        dedup_key=key,
        risk=Proposal.Risk.LOW,
        subject=f"{event.tool} {event.failure_mode}",
        title=f"Build a tool for {event.tool} failing with {event.failure_mode}",
        rationale=(
            f"{event.tool} failed {event.count} times with {event.failure_mode} in one session "
            f"of {event.agent.name}: a missing tool shows up as repeated friction. A targeted tool or "
            "wrapper would remove it."
        ),
        evidence={
            "occurrences": 1,
            "events": [item],
            "cites": {"tool_invocation": list(event.evidence), "friction": [event.pk]},
        },
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
    # a fact of the templates whose agents hit the failure, naming the tool itself (not a word of it:
    # "order" from order_lookup matched one-off facts about a customer's order, across templates)
    fact = LearnedFact.objects.filter(
        status="active",
        template_id__in=failing.values("agent__template_id"),
        content__icontains=tool,
    ).first()
    kind = maintenance_kind(mode, success_rate, fact is not None)
    pairs = list(failing.values_list("agent_id", "session_id").distinct()[:50])
    sessions = sorted({session for _, session in pairs})
    evidence = {
        "tool": tool,
        "failure_mode": mode,
        "failures": p["failures"],
        "sessions": sessions,
        "session_count": p["sessions"],
        "tool_success_rate": round(success_rate, 4),
        "records": list(failing.order_by("-occurred_at").values_list("id", flat=True)[:100]),
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
