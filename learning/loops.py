"""Learning loops 1–3: friction (tool_invocation), facts (correction), digests (session_end).

All three are handlers of newly stored events, registered with telemetry's hooks when the app
starts (learning/wiring.py): the worker runs them in batches over the durable to-do list
(telemetry/derived.py), never in the ingest request. Friction looks only at failures that carry
a failure mode.

Learning stops at its own tables (and the session digest it writes on each `session_end` row): a
new friction event is dispatched as the `friction` hook, which the improver turns into a
governance proposal.
"""

from collections import defaultdict
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Count, Max, Min, Q, Sum
from django.db.models.functions import Coalesce

from config import clock
from fleet.selectors import lines_tested
from language.scope import is_instance
from learning import corrections, digest, friction
from learning.models import FactSighting, FrictionEvent, LearnedFact
from learning.services import SHARED, facts_settle
from telemetry import hooks
from telemetry.models import Correction, Observation, RetentionHorizon, SessionEnd, ToolInvocation
from telemetry.row_reads import SESSION_SPAN, near, pairs_in
from telemetry.row_writes import rows_store, update_rows
from telemetry.sessions import occasion_of


def counts_as_friction(row: dict) -> bool:
    """Only failures that carry a failure mode count (not timeouts, cancellations or bare failures)."""
    return row.get("outcome") == ToolInvocation.Outcome.FAILURE and bool(row.get("failure_mode"))


@transaction.atomic
def friction_detect(*, agents: dict, rows: list[dict]) -> list[dict]:
    """Fire a friction event for each (agent, session, tool, failure mode) of `rows` that
    reached θ: what already fired and the failure counts are one query each for the batch.

    Only `outcome = failure` invocations with a failure mode count: a timeout or a cancellation
    is not friction. Idempotent: a pair fires once per session (a unique constraint), however
    often this runs."""
    keys = {
        (r["agent_id"], r["session_id"], r["tool"], r["failure_mode"])
        for r in rows
        if r["outcome"] == ToolInvocation.Outcome.FAILURE and r["failure_mode"]
    }
    if not keys:
        return []

    def scope(model, keys: set[tuple]):
        """`model`'s rows of the keys' sessions, tools and modes (elsewhere than on PostgreSQL a
        superset: what is counted is kept by key)."""
        return model.objects.filter(
            pairs_in(model, ("agent_id", "session_id"), {k[:2] for k in keys}),
            tool__in={k[2] for k in keys},
            failure_mode__in={k[3] for k in keys},
        )

    keys -= set(  # a pair fires once per session: nothing left to count for those
        scope(FrictionEvent, keys).values_list("agent_id", "session_id", "tool", "failure_mode")
    )
    if not keys:
        return []
    failing = (
        scope(ToolInvocation, keys)
        .filter(near(rows), outcome=ToolInvocation.Outcome.FAILURE)
        .values("agent_id", "session_id", "tool", "failure_mode")
        .annotate(n=Count("id"))
    )
    counts = {
        key: f["n"]
        for f in failing
        if (key := (f["agent_id"], f["session_id"], f["tool"], f["failure_mode"])) in keys
    }
    latest: dict[tuple, object] = {}  # (agent, session, tool) → its newest failure in the batch
    for r in rows:
        pair = (r["agent_id"], r["session_id"], r["tool"])
        latest[pair] = max(latest.get(pair, r["occurred_at"]), r["occurred_at"])
    fired = set(friction.fired(counts, set(), settings.KAIZEN["FRICTION_THRESHOLD"]))
    if not fired:
        return []
    evidence: dict[tuple, list[int]] = defaultdict(list)  # each pair's first 50 failing calls
    for *key, call in (
        scope(ToolInvocation, fired)
        .filter(near(rows), outcome=ToolInvocation.Outcome.FAILURE)
        .order_by("occurred_at", "id")
        .values_list("agent_id", "session_id", "tool", "failure_mode", "id")
    ):
        if tuple(key) in fired and len(evidence[tuple(key)]) < 50:
            evidence[tuple(key)].append(call)
    fresh = [
        {
            "agent_id": agent_id,
            "session_id": session_id,
            "tool": tool,
            "failure_mode": mode,
            "count": counts[(agent_id, session_id, tool, mode)],
            "evidence": evidence[(agent_id, session_id, tool, mode)],
            "occurred_at": latest[(agent_id, session_id, tool)],
            "template_id": agents[agent_id].template_id,
        }
        for agent_id, session_id, tool, mode in sorted(fired)
    ]
    # one INSERT … ON CONFLICT DO NOTHING: a pair another pass fired meanwhile is not new here
    stored = rows_store(FrictionEvent, fresh, ("agent", "session_id", "tool", "failure_mode"))
    new_events = [
        {"id": stored[key], **row}
        for row in fresh
        if (key := (row["agent_id"], row["session_id"], row["tool"], row["failure_mode"])) in stored
    ]
    if new_events:
        hooks.dispatch("friction", agents=agents, rows=new_events)
    return new_events


def learn_from_corrections(*, agents: dict, rows: list[dict]) -> None:
    """Facts from a batch of corrections of every agent. A new fact is served to the corrected
    agent only; each session it is stated in is a sighting, and only a fact that recurs reaches
    every agent of its template (facts_promote). The facts the templates already know are read in
    one query, and the sightings written in one."""
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
            found.append((agents[row["agent_id"]], row, candidate))
    if not found:
        return
    # Passes over other buckets of the to-do list learn for the same templates at once; the unique
    # key on an active fact (template, wording) makes a fact two agents state together be learned
    # once, with no lock on the template: the second insert finds the first (fact_learn).
    known = {
        (template_id, key): fact_id
        for fact_id, template_id, key in LearnedFact.objects.filter(
            template_id__in={agent.template_id for agent, _, _ in found},
            status=LearnedFact.Status.ACTIVE,
            content_key__in={corrections.fact_key(c.content) for _, _, c in found},
        ).values_list("id", "template_id", "content_key")
    }
    sightings = []
    for agent, row, candidate in found:
        key = (agent.template_id, corrections.fact_key(candidate.content))
        if key not in known:
            known[key] = fact_learn(
                agent=agent, candidate=candidate, correction_id=row["id"], at=row["occurred_at"]
            ).pk
        session = occasion_of(row, "correction")
        sightings.append(
            FactSighting(
                fact_id=known[key], agent_id=agent.pk, session_id=session, seen_at=row["occurred_at"]
            )
        )
    FactSighting.objects.bulk_create(sightings, ignore_conflicts=True)
    facts_promote(fact_ids={s.fact_id for s in sightings})


def facts_promote(*, fact_ids: set[int]) -> int:
    """Serve to the whole template the agent-reach facts of `fact_ids` that now recur and are not
    about one instance; return how many.

    Recurring is what lets a fact reach the fleet: stated in sessions of KAIZEN_FACT_MIN_AGENTS
    agents, or in KAIZEN_FACT_MIN_SESSIONS sessions (of one agent or more). Reading a sentence as
    a rule rather than one instance is a guess that can be wrong ("the booking reference is
    QX7TLM" names no number it knows), so it only ever holds a fact back: a correction made once
    stays with its agent, however general it reads."""
    cfg = settings.KAIZEN
    recurring = (
        FactSighting.objects.filter(fact_id__in=fact_ids, fact__reach=LearnedFact.Reach.AGENT)
        .values("fact_id")
        .annotate(sessions=Count("id"), agent_count=Count("agent_id", distinct=True))
        .filter(Q(sessions__gte=cfg["FACT_MIN_SESSIONS"]) | Q(agent_count__gte=cfg["FACT_MIN_AGENTS"]))
        .values_list("fact_id", flat=True)
    )
    promoted = 0
    for fact in LearnedFact.objects.filter(pk__in=list(recurring), status=LearnedFact.Status.ACTIVE):
        if not is_instance(fact.content):
            if lines_tested(fact.template_id):
                fact_reach(fact=fact, reach=LearnedFact.Reach.TRIAL, settle=False)  # tested first
            else:
                fact_reach(fact=fact, reach=LearnedFact.Reach.TEMPLATE, settle=False)
            promoted += 1
    # Each template settled once, the facts just promoted with it (each one's settle would read
    # the same facts again); a template-wide fact stated again may now have more support than a
    # contrary one it waited on.
    for template_id in set(
        LearnedFact.objects.filter(
            pk__in=fact_ids, reach__in=SHARED, status=LearnedFact.Status.ACTIVE
        ).values_list("template_id", flat=True)
    ):
        facts_settle(template_id=template_id)
    return promoted


def fact_reach_template(*, fact: LearnedFact) -> LearnedFact:
    """Serve `fact` to every agent of its template (a human promoted it, or its test showed it
    helps)."""
    return fact_reach(fact=fact, reach=LearnedFact.Reach.TEMPLATE)


def fact_reach(*, fact: LearnedFact, reach: str, settle: bool = True) -> LearnedFact:
    """Serve `fact` beyond its agent: to every agent of its template, or on trial to a share of
    the template's sessions (experiments: its test decides); a user-stated fact then supersedes
    the template's conflicting inferred ones, and of two contrary shared facts the one with less
    support waits (facts_settle): never served, not even on trial, while the other is. A caller
    promoting several facts at once settles their templates itself, once (`settle=False`)."""
    fact.reach, fact.served_at = reach, clock.now()
    LearnedFact.objects.filter(pk=fact.pk).update(reach=fact.reach, served_at=fact.served_at)
    template_wide = LearnedFact.objects.filter(
        template_id=fact.template_id, status=LearnedFact.Status.ACTIVE, reach__in=SHARED
    ).exclude(pk=fact.pk)
    _supersede(fact, template_wide)
    if settle:
        facts_settle(template_id=fact.template_id)
        fact.refresh_from_db(fields=["waiting_on"])
    return fact


def fact_learn(*, agent, candidate: corrections.FactCandidate, correction_id=None, at=None) -> LearnedFact:
    """Store a fact the template does not know yet (its caller read what it knows), once per
    template, served to `agent` only; a user-stated fact supersedes that agent's conflicting
    inferred ones."""
    scope = LearnedFact.objects.filter(template_id=agent.template_id, status=LearnedFact.Status.ACTIVE)
    same = scope.filter(content_key=corrections.fact_key(candidate.content))
    try:
        with transaction.atomic():  # a savepoint: another pass may store the same fact meanwhile
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
                reach=LearnedFact.Reach.AGENT,
            )
    except IntegrityError:  # it did (fact_active_once): that one is the fact
        return same.get()
    _supersede(fact, scope.filter(reach=LearnedFact.Reach.AGENT, agent=agent).exclude(pk=fact.pk))
    return fact


def _supersede(fact: LearnedFact, among) -> None:
    """Between facts on one subject, a user-stated one wins over inferred ones (either way round)."""
    if not fact.subject:
        return
    conflicting = among.filter(subject=fact.subject)
    if fact.source == LearnedFact.Source.USER_STATED:
        conflicting.exclude(source=LearnedFact.Source.USER_STATED).update(
            status=LearnedFact.Status.SUPERSEDED, superseded_by=fact
        )
        return
    stated = conflicting.filter(source=LearnedFact.Source.USER_STATED).first()
    if stated is not None:
        fact.status, fact.superseded_by = LearnedFact.Status.SUPERSEDED, stated
        fact.save(update_fields=["status", "superseded_by"])


DIGESTED = ("tool_invocation", "correction", "observation")  # what a session digest counts


def digest_sessions(*, agents: dict, rows: list[dict]) -> None:
    """Each ended session's digest, for every agent of the batch at once: one aggregate per
    table (SQL) and one UPDATE of the digests. A session whose events may reach back before what
    retention has retired (its end is less than SESSION_SPAN after the horizon: derived late,
    after a prune) gets a digest of what was kept that says so (`retired_before`)."""
    keys = {(r["agent_id"], r["session_id"]) for r in rows}
    horizons = RetentionHorizon.objects.filter(event_type__in=DIGESTED)
    horizon = horizons.aggregate(at=Max("retired_before"))["at"]
    per_tool = defaultdict(list)
    for r in (
        ToolInvocation.objects.filter(pairs_in(ToolInvocation, ("agent_id", "session_id"), keys), near(rows))
        .values("agent_id", "session_id", "tool")
        .annotate(
            calls=Count("id"),
            failures=Count("id", filter=~Q(outcome="success")),
            duration_ms=Sum("duration_ms"),
            first=Min("occurred_at"),
            last=Max("occurred_at"),
        )
        .order_by("agent_id", "session_id", "tool")
    ):
        key = (r.pop("agent_id"), r.pop("session_id"))
        if key in keys:
            per_tool[key].append(r)
    side = {}
    for model, name in ((Correction, "corrections"), (Observation, "observations")):
        in_sessions = model.objects.filter(pairs_in(model, ("agent_id", "session_id"), keys), near(rows))
        for r in in_sessions.values("agent_id", "session_id").annotate(n=Count("id")):
            side[(r["agent_id"], r["session_id"], name)] = r["n"]
    digests = []
    for row in rows:
        key = (row["agent_id"], row["session_id"])
        tools = per_tool.get(key, [])
        first = min((t["first"] for t in tools), default=None)
        last = max([t["last"] for t in tools] + [row["occurred_at"]]) if tools else None
        value = digest.digest(
            tools,
            first,
            last,
            side.get((*key, "corrections"), 0),
            side.get((*key, "observations"), 0),
            retired_before=horizon if horizon and row["occurred_at"] - SESSION_SPAN < horizon else None,
        )
        digests.append(SessionEnd(pk=row["id"], occurred_at=row["occurred_at"], digest=value))
    update_rows(SessionEnd, digests, ["digest"], match=("occurred_at",))  # one statement per batch


def facts_retire(*, now=None) -> int:
    """Retire the facts only their own agent was ever served that were not stated again for
    KAIZEN_FACT_EXPIRE_DAYS: a detail of one session, or a fact that never recurred. Facts
    served to the whole template stay, however quiet
    they become: a fact that works is one nobody has to state again (the admin shows how often
    each was stated before it was served and since)."""
    now = now or clock.now()
    horizon = now - timedelta(days=settings.KAIZEN["FACT_EXPIRE_DAYS"])
    stale = (
        LearnedFact.objects.filter(status=LearnedFact.Status.ACTIVE, reach=LearnedFact.Reach.AGENT)
        .annotate(last=Coalesce(Max("sightings__seen_at"), "created_at"))
        .filter(last__lt=horizon)
    )
    return LearnedFact.objects.filter(pk__in=stale.values("pk")).update(status=LearnedFact.Status.RETIRED)
