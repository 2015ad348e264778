"""Writes for agents and tokens. Each service is one transaction."""

import re
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import F, Max

from config import clock
from config.errors import ApplicationError
from telemetry import hot_cache, tokens
from telemetry.models import (
    EVENT_MODELS,
    Agent,
    AgentTemplate,
    ApiToken,
    Correction,
    Observation,
    ToolInvocation,
    UnmappedSpan,
)
from telemetry.row_writes import update_by_id

ACTIVITY_WINDOW = timedelta(days=1)  # events dated earlier do not move an agent's last_seen_at


def template_by_slug(slug: str):
    template = AgentTemplate.objects.filter(slug=slug).first()
    if template is None:
        known = ", ".join(AgentTemplate.objects.values_list("slug", flat=True)[:20]) or "none yet"
        raise ApplicationError(
            f"No template '{slug}' (known: {known}).",
            {"fields": {"template": ["Unknown template."]}},
        )
    return template


AGENT_NAME = re.compile(r"[-a-zA-Z0-9_]{1,100}")  # the name column is a slug


@transaction.atomic
def agent_create(
    *,
    name: str,
    template_slug: str | None = None,
    kind: str = Agent.Kind.TASK_AGENT,
    card: dict | None = None,
) -> tuple[Agent, str]:
    """Create an agent and its first token; return (agent, token shown once)."""
    if not AGENT_NAME.fullmatch(name or ""):
        raise ApplicationError(
            f"An agent's name is 1 to 100 letters, digits, '-' or '_' (got {name!r}).",
            {"fields": {"name": ["Letters, digits, '-' or '_'; 1 to 100 of them."]}},
        )
    if Agent.objects.filter(name=name).exists():
        raise ApplicationError(f"An agent named '{name}' already exists.", {"fields": {"name": ["Taken."]}})
    template = template_by_slug(template_slug) if template_slug else None
    agent = Agent.objects.create(name=name, kind=kind, template=template, card=card or {})
    _, raw = token_issue(agent=agent, label="initial")
    return agent, raw


@transaction.atomic
def token_issue(*, agent: Agent | None = None, user=None, label: str = "") -> tuple[ApiToken, str]:
    """Issue a token for an agent or a staff user; the raw token is returned, never stored."""
    if (agent is None) == (user is None):
        raise ApplicationError("A token belongs to exactly one agent or one user.")
    if user is not None and not user.is_staff:
        raise ApplicationError(f"User '{user}' is not staff; staff tokens need a staff user.")
    raw, prefix, digest = tokens.generate()
    token = ApiToken.objects.create(prefix=prefix, digest=digest, agent=agent, user=user, label=label)
    return token, raw


@transaction.atomic
def token_revoke(*, token: ApiToken) -> ApiToken:
    """Revoke a token; requests with it get 401 from now on. Revoking twice is a no-op."""
    ApiToken.objects.filter(pk=token.pk, revoked_at__isnull=True).update(revoked_at=clock.now())
    hot_cache.forget(token_id=token.pk)  # this process at once; others within the cache's time
    token.refresh_from_db()
    return token


@transaction.atomic
def token_rotate(*, token: ApiToken) -> tuple[ApiToken, str]:
    """Revoke `token` and issue its replacement for the same owner."""
    locked = ApiToken.objects.select_for_update().get(pk=token.pk)
    if locked.revoked_at is not None:
        raise ApplicationError("This token is already revoked; issue a new one instead.")
    token_revoke(token=locked)
    return token_issue(agent=locked.agent, user=locked.user, label=f"rotated from {locked.prefix}")


def agent_activity_refresh(*, now=None) -> int:
    """Move each agent's last_seen_at up to its newest received event; return rows updated.

    Reads only events dated within ACTIVITY_WINDOW (on PostgreSQL, the newest time partitions),
    one grouped aggregate per event table, so its cost follows a day's traffic, not the history.
    Idempotent: an agent already up to date is not touched, so running it twice changes nothing."""
    since = (now or clock.now()) - ACTIVITY_WINDOW
    newest: dict[int, datetime] = {}
    for model in EVENT_MODELS.values():
        rows = (
            model.objects.filter(occurred_at__gte=since)
            .order_by()
            .values_list("agent")
            .annotate(m=Max("received_at"))
        )
        for agent_id, at in rows:
            if agent_id not in newest or at > newest[agent_id]:
                newest[agent_id] = at
    seen = dict(Agent.objects.filter(pk__in=list(newest)).values_list("pk", "last_seen_at"))
    moved = {pk: at for pk, at in newest.items() if pk in seen and (seen[pk] is None or seen[pk] < at)}
    update_by_id(Agent, "last_seen_at", moved)
    return len(moved)


@transaction.atomic
def fact_set_status(*, fact, status: str):
    """Retire or restore a learned fact (retired facts are no longer served to agents)."""
    type(fact).objects.filter(pk=fact.pk).update(status=status)
    fact.refresh_from_db()
    return fact


def otel_sessions_apply(*, agent: Agent, sessions: dict[str, str]) -> int:
    """A conversation id seen on a span applies to the whole trace: tool calls stored earlier
    under the trace id (their ancestor came in a later export) move to that session."""
    moved = 0
    for trace_id, session_id in sessions.items():
        for model in (ToolInvocation, Observation, Correction):  # feedback scored before its trace came
            moved += model.objects.filter(agent=agent, session_id=trace_id).update(session_id=session_id)
    return moved


def unmapped_count(*, agent: Agent, unmapped: list[tuple[str, str]]) -> None:
    """Count spans that mapped to no event, per agent and reason (shown in the admin and dashboard)."""
    by_reason: dict[str, list[str]] = {}
    for name, reason in unmapped:
        by_reason.setdefault(reason, []).append(name)
    for reason, names in by_reason.items():
        row, _ = UnmappedSpan.objects.get_or_create(
            agent=agent,
            reason=reason[:200],
            defaults={"last_seen_at": clock.now(), "example": names[0][:200]},
        )
        UnmappedSpan.objects.filter(pk=row.pk).update(
            count=F("count") + len(names), last_seen_at=clock.now(), example=names[-1][:200]
        )
