"""Learning loops 1–3: friction (tool_invocation), facts (correction), digests (session_end).

All three are handlers of newly stored events: the worker runs them in batches over the durable
to-do list (telemetry/derived.py), never in the ingest request. Friction looks only at failures
that carry a failure mode.

Telemetry stops at its own tables: a new friction event is dispatched as the `friction` hook,
which the improver turns into a governance proposal.
"""

from collections import defaultdict

from django.conf import settings
from django.db import transaction
from django.db.models import Count, Max, Min, Q, Sum
from django.db.models.functions import Upper

from telemetry import corrections, digest, friction, hooks
from telemetry.bulk import update_by_id
from telemetry.models import (
    Correction,
    FrictionEvent,
    LearnedFact,
    Observation,
    SessionEnd,
    ToolInvocation,
)


def counts_as_friction(row: dict) -> bool:
    """Only failures that carry a failure mode count (not timeouts, cancellations or bare failures)."""
    return row.get("outcome") == ToolInvocation.Outcome.FAILURE and bool(row.get("failure_mode"))


@hooks.on_stored("tool_invocation", when=counts_as_friction)
@transaction.atomic
def friction_detect(*, agent, rows: list[dict]) -> list[dict]:
    """Fire a friction event for each (session, tool, failure mode) of `rows` that reached θ.

    Only `outcome = failure` invocations with a failure mode count: a timeout or a cancellation
    is not friction. Idempotent: a pair fires once per session (a unique constraint), however
    often this runs."""
    keys = {
        (r["session_id"], r["tool"], r["failure_mode"])
        for r in rows
        if r["outcome"] == ToolInvocation.Outcome.FAILURE and r["failure_mode"]
    }
    if not keys:
        return []
    sessions = {key[0] for key in keys}
    already = set(
        FrictionEvent.objects.filter(agent=agent, session_id__in=sessions).values_list(
            "session_id", "tool", "failure_mode"
        )
    )
    keys -= already  # a pair fires once per session: nothing left to count for those
    if not keys:
        return []
    failing = (
        ToolInvocation.objects.filter(
            agent=agent,
            session_id__in={key[0] for key in keys},
            tool__in={key[1] for key in keys},
            failure_mode__in={key[2] for key in keys},
            outcome=ToolInvocation.Outcome.FAILURE,
        )
        .values("session_id", "tool", "failure_mode")
        .annotate(n=Count("id"))
    )
    counts = {
        (f["session_id"], f["tool"], f["failure_mode"]): f["n"]
        for f in failing
        if (f["session_id"], f["tool"], f["failure_mode"]) in keys
    }
    new_events = []
    for session_id, tool, mode in friction.fired(counts, set(), settings.KAIZEN["FRICTION_THRESHOLD"]):
        evidence = list(
            ToolInvocation.objects.filter(
                agent=agent, session_id=session_id, tool=tool, failure_mode=mode, outcome="failure"
            )
            .order_by("occurred_at")
            .values_list("id", flat=True)[:50]
        )
        at = max(r["occurred_at"] for r in rows if (r["session_id"], r["tool"]) == (session_id, tool))
        event, created = FrictionEvent.objects.get_or_create(
            agent=agent,
            session_id=session_id,
            tool=tool,
            failure_mode=mode,
            defaults={
                "count": counts[(session_id, tool, mode)],
                "evidence": evidence,
                "occurred_at": at,
                "template_id": agent.template_id,
            },
        )
        if created:
            new_events.append(
                {
                    "id": event.pk,
                    "tool": tool,
                    "failure_mode": mode,
                    "session_id": session_id,
                    "count": event.count,
                    "evidence": evidence,
                    "occurred_at": at,
                }
            )
    if new_events:
        hooks.dispatch("friction", agent=agent, rows=new_events)
    return new_events


@hooks.on_stored("correction")
def learn_from_corrections(*, agent, rows: list[dict]) -> None:
    """Facts from a batch of corrections: the template's facts already known are read in one
    query, and only new ones are learned (a repeated fact changes nothing, as fact_learn says)."""
    cfg = settings.KAIZEN
    found = []
    for row in rows:  # in the order they were stored
        candidate = corrections.detect(
            user_message=row["user_message"],
            previous_agent_response=row.get("previous_agent_response") or "",
            previous_tool_call=row.get("previous_tool_call"),
            user_tool_call=row.get("user_tool_call"),
            edit_threshold=cfg["CORRECTION_EDIT_DISTANCE"],
            rewrite_threshold=cfg["CORRECTION_REWRITE_RATIO"],
        )
        if candidate is not None:
            found.append((row, candidate))
    if not found:
        return
    known = set(
        LearnedFact.objects.filter(template_id=agent.template_id, status=LearnedFact.Status.ACTIVE)
        .annotate(key=Upper("content"))
        .filter(key__in={c.content.upper() for _, c in found})
        .values_list("key", flat=True)
    )
    for row, candidate in found:
        if candidate.content.upper() in known:
            continue
        known.add(candidate.content.upper())
        fact_learn(agent=agent, candidate=candidate, correction_id=row["id"], at=row["occurred_at"])


def fact_learn(*, agent, candidate: corrections.FactCandidate, correction_id=None, at=None) -> LearnedFact:
    """Store a fact once per template; a user-stated fact supersedes conflicting inferred ones."""
    scope = LearnedFact.objects.filter(template_id=agent.template_id, status=LearnedFact.Status.ACTIVE)
    same = scope.filter(content__iexact=candidate.content).first()
    if same is not None:
        return same
    user_stated = candidate.source == LearnedFact.Source.USER_STATED
    conflicting = scope.filter(subject=candidate.subject) if candidate.subject else scope.none()
    fact = LearnedFact.objects.create(
        template_id=agent.template_id,
        agent=agent,
        correction_id=correction_id,
        content=candidate.content,
        subject=candidate.subject,
        confidence=candidate.confidence,
        source=candidate.source,
        created_at=at,
        scope="project",
    )
    if user_stated:
        conflicting.exclude(source=LearnedFact.Source.USER_STATED).update(
            status=LearnedFact.Status.SUPERSEDED, superseded_by=fact
        )
    elif conflicting.filter(source=LearnedFact.Source.USER_STATED).exists():
        fact.status = LearnedFact.Status.SUPERSEDED
        fact.superseded_by = conflicting.filter(source=LearnedFact.Source.USER_STATED).first()
        fact.save(update_fields=["status", "superseded_by"])
    return fact


@hooks.on_stored("session_end")
def digest_sessions(*, agent, rows: list[dict]) -> None:
    sessions = [r["session_id"] for r in rows]
    per_tool = defaultdict(list)
    for r in (
        ToolInvocation.objects.filter(agent=agent, session_id__in=sessions)
        .values("session_id", "tool")
        .annotate(
            calls=Count("id"),
            failures=Count("id", filter=~Q(outcome="success")),
            duration_ms=Sum("duration_ms"),
            first=Min("occurred_at"),
            last=Max("occurred_at"),
        )
        .order_by("session_id", "tool")
    ):
        per_tool[r["session_id"]].append(r)
    side = {}
    for model, name in ((Correction, "corrections"), (Observation, "observations")):
        for r in (
            model.objects.filter(agent=agent, session_id__in=sessions)
            .values("session_id")
            .annotate(n=Count("id"))
        ):
            side[(r["session_id"], name)] = r["n"]
    digests = {}
    for row in rows:
        tools = per_tool.get(row["session_id"], [])
        first = min((t["first"] for t in tools), default=None)
        last = max([t["last"] for t in tools] + [row["occurred_at"]]) if tools else None
        digests[row["id"]] = digest.digest(
            tools,
            first,
            last,
            side.get((row["session_id"], "corrections"), 0),
            side.get((row["session_id"], "observations"), 0),
        )
    update_by_id(SessionEnd, "digest", digests)  # one statement per batch
