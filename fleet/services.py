"""Writes for agents and tokens. Each service is one transaction."""

import re

from django.db import transaction

from config import clock
from config.errors import ApplicationError
from fleet import hot_cache, tokens
from fleet.models import Agent, AgentTemplate, ApiToken, WebhookFailure


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


def webhook_failure_record(*, event: str, task: str, refused: bool, attempts: int, error: str, **_) -> None:
    """Keep a webhook delivery that was given up (the receiver of config.webhooks.delivery_given_up):
    listed in the admin and counted by event on /metrics."""
    WebhookFailure.objects.create(
        event=event,
        task=task,
        reason=WebhookFailure.Reason.REFUSED if refused else WebhookFailure.Reason.EXHAUSTED,
        attempts=attempts,
        error=error,
        failed_at=clock.now(),
    )


def agent_reads_noted(*, agent: Agent, named_session: bool) -> None:
    """Keep whether the agent's reads name their session: written only when it changes."""
    if agent.names_sessions is not named_session:
        Agent.objects.filter(pk=agent.pk).update(names_sessions=named_session)
        agent.names_sessions = named_session
