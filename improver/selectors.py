"""Reads of templates and what an agent is told at session start."""

from datetime import timedelta

from django.conf import settings
from django.db.models import Avg, Count, Q

from config import clock, ratelimit
from config.errors import Conflict, TooMany
from experiments.draws import served_text
from experiments.selectors import open_factors
from experiments.services import served_changes, session_draws
from fleet.documents import agent_version_id, exposure_record
from fleet.models import AgentTemplate, DocumentVersion
from fleet.services import agent_reads_noted
from improver.prompt import compose
from learning import selectors as learning_selectors
from learning.feedback import FEEDBACK_SOURCES
from learning.models import FeedbackItem, LearnedFact
from planner import selectors as planner_selectors
from telemetry.models import Decision, SkillOutcome, WakeRun
from telemetry.retention import as_ids


def directives_for_agent(*, agent, session_id: str | None = None) -> dict:
    """The version of the agent's template it is served plus what Kaizen learned, as one payload.

    During a rollout, a read naming the session it starts (`session_id`) is served that session's
    arm, and the assignment is recorded (fleet.documents.exposure_record: the session's events
    are then stamped with it); a read without one is served the agent's arm.

    Each agent has its share of reads (KAIZEN_DIRECTIVES_READS_PER_MINUTE, counted by
    config.ratelimit as failed authentications are): one reading far more often is refused
    (429) rather than slowing every other agent's reads."""
    limit = settings.KAIZEN["DIRECTIVES_READS_PER_MINUTE"]
    if wait := ratelimit.take("directives-reads", agent.pk, limit):
        raise TooMany(
            f"Agent '{agent.name}' read its directives {limit} times this minute, its share; "
            f"retry in {wait} s (an agent reads them once per session it starts).",
            wait,
            {"limit_per_minute": limit},
        )
    if agent.template_id is None:
        raise Conflict(f"Agent '{agent.name}' runs no template; assign one in the admin.")
    template = AgentTemplate.objects.select_related("document").get(pk=agent.template_id)
    agent_reads_noted(agent=agent, named_session=session_id is not None)
    draws = []
    if session_id is not None:
        version_id = exposure_record(agent=agent, session_key=session_id, document=template.document)
        draws = session_draws(agent_id=agent.pk, session_key=session_id, template_id=template.pk)
    else:
        version_id = getattr(agent, "current_version_id", None) or agent_version_id(agent)
    head = DocumentVersion.objects.filter(pk=version_id).first() if version_id else None
    if head is None:
        raise Conflict(f"Template of agent '{agent.name}' has no version yet.")
    # a fact on trial comes first: the sessions drawn for it must be served it, or its test measures
    # nothing (a long one placed last would not fit the budget beside the served facts)
    on_trial = learning_selectors.facts_by_id([c["fact"] for c in served_changes(draws) if c.get("fact")])
    tried = {fact["content"] for fact in on_trial}
    learned_facts = on_trial + [
        fact
        for fact in learning_selectors.learned_facts(template_id=agent.template_id, agent_id=agent.pk)
        if fact["content"] not in tried
    ]
    anti_patterns = planner_selectors.anti_patterns_for_template(agent.template_id)
    proven_patterns = planner_selectors.proven_patterns_for_template(agent.template_id)
    payload = {
        "template": template.slug,
        "version": head.number,
        "arm": "candidate" if head.pk == template.document.candidate_id else "champion",
        "session_id": session_id,
        "assigned": "session" if session_id is not None else "agent",
        "directives": served_text(head.text, served_changes(draws)) if draws else head.text,
        "lines_under_test": _lines_under_test(draws, template.pk, session_id),
        "learned_facts": learned_facts,
        "anti_patterns": anti_patterns,
        "proven_patterns": proven_patterns,
    }
    payload["prompt_block"], payload["learned_facts"] = compose(
        **{k: v for k, v in payload.items() if k not in NOT_IN_BLOCK},
        budget=settings.KAIZEN["PROMPT_TOKEN_BUDGET"],
    )
    payload["anti_patterns"] = [a["line"] for a in anti_patterns]  # served as the lines themselves
    return payload


NOT_IN_BLOCK = ("arm", "session_id", "assigned", "lines_under_test")
SESSIONLESS = (
    "This read names no session, so it takes no part in the lines under test: they are drawn per "
    "session. Pass session_id on the read that starts each session, or the template learns slower."
)


def _lines_under_test(draws, template_id: int, session_id: str | None) -> dict:
    """What the read's session carries of the lines under test (each drawn on its own), or, for a
    read that names no session while lines are tested, that it takes no part."""
    if session_id is None:
        return {"count": len(open_factors(template_id)), "served": [], "note": SESSIONLESS}
    served = [(f, level) for f, level in draws if level and level not in (f.dropped_levels or [])]
    return {
        "count": len(draws),
        "served": [{"test": f.pk, "level": level, **f.levels[level - 1]} for f, level in served],
    }


PERFORMANCE_DAYS = 30


def version_performance(version_id: int, *, now=None) -> dict:
    """Success rate, mean rating and decision rejection rate of the events a version produced in
    the last PERFORMANCE_DAYS (by arrival, and dated within a day of it: on PostgreSQL the read
    stays within those days' partitions however long the version has served)."""
    since = (now or clock.now()) - timedelta(days=PERFORMANCE_DAYS)
    window = Q(
        template_version_id=version_id, received_at__gte=since, occurred_at__gte=since - timedelta(days=1)
    )
    outcomes = SkillOutcome.objects.filter(window).aggregate(
        n=Count("id"), ok=Count("id", filter=Q(success=True))
    )
    rating = WakeRun.objects.filter(window).aggregate(avg=Avg("user_rating"))["avg"]
    decisions = Decision.objects.filter(window).aggregate(
        n=Count("id"), rejected=Count("id", filter=Q(verdict="rejected"))
    )
    return {
        "outcomes": outcomes["n"],
        "success_rate": round(outcomes["ok"] / outcomes["n"], 4) if outcomes["n"] else None,
        "avg_rating": round(rating, 4) if rating is not None else None,
        "decisions": decisions["n"],
        "rejection_rate": round(decisions["rejected"] / decisions["n"], 4) if decisions["n"] else None,
    }


def performance_delta(template) -> dict:
    """The head version against the one before it (the ritual's preparation)."""
    versions = list(
        DocumentVersion.objects.filter(document=template.document_id)
        .order_by("-number")
        .values("id", "number")[:2]
    )
    if not versions:
        return {}
    current = version_performance(versions[0]["id"])
    out = {"current_version": versions[0]["number"], **{f"current_{k}": v for k, v in current.items()}}
    if len(versions) == 2:
        previous = version_performance(versions[1]["id"])
        out.update(
            {"previous_version": versions[1]["number"], **{f"previous_{k}": v for k, v in previous.items()}}
        )
        for key in ("success_rate", "avg_rating", "rejection_rate"):
            if current[key] is not None and previous[key] is not None:
                out[f"{key}_delta"] = round(current[key] - previous[key], 4)
    return out


def feedback_groups(template, since=None, limit_examples: int = 3) -> dict:
    """Classified feedback of a template grouped by sentiment and category, counted in SQL."""
    qs = FeedbackItem.objects.filter(template=template)
    if since is not None:
        qs = qs.filter(occurred_at__gt=since)
    counts = (
        qs.values("sentiment", "category").annotate(n=Count("id")).order_by("-n", "sentiment", "category")
    )
    out = {}
    for row in counts:
        examples = list(
            qs.filter(sentiment=row["sentiment"], category=row["category"])
            .order_by("-confidence", "-occurred_at")
            .values_list("detail", flat=True)[:limit_examples]
        )
        out[f"{row['sentiment']}/{row['category']}"] = {
            "sentiment": row["sentiment"],
            "category": row["category"],
            "count": row["n"],
            "examples": examples,
        }
    return out


def events_behind_feedback(item_ids) -> dict[str, list[int]]:
    """The events the feedback items `item_ids` were read from, per event type: what an
    evolution proposal cites (so retention keeps them)."""
    cites: dict[str, set[int]] = {}
    sources = FeedbackItem.objects.filter(pk__in=list(item_ids)).values_list("source_type", "source_id")
    for source_type, source_id in sources:
        if source_type in FEEDBACK_SOURCES:
            cites.setdefault(FEEDBACK_SOURCES[source_type], set()).update(as_ids([source_id]))
    return {event_type: sorted(ids) for event_type, ids in cites.items()}


def tool_fact(tool: str, template_ids):
    """The active learned fact of the templates `template_ids` (ids, or a query of them) that names
    the tool itself (not a word of it: "order" from order_lookup matched one-off facts about a
    customer's order): what the maintenance pass weighs and the review page shows, one lookup."""
    return LearnedFact.objects.filter(
        status="active", template_id__in=template_ids, content__icontains=tool
    ).first()
