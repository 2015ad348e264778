"""The planner's versioned documents (goals, actions, agent cards): read, validate, write."""

from pathlib import Path

import yaml
from django.conf import settings
from django.db import transaction

from config.errors import ApplicationError
from config.yamldoc import YamlDocError
from fleet.documents import (
    document_for,
    document_version_append,
    head_version,
    validator_for,
)
from fleet.models import Agent, Document, DocumentVersion
from fleet.pricing import DEFAULTS as PRICE_DEFAULTS
from fleet.pricing import DOCUMENT as PRICES
from planner.cards import parse_card
from planner.goals import parse_actions, parse_goals
from planner.models import DeclaredSkill

DEFAULTS = Path(__file__).resolve().parent / "defaults"
CARD_PREFIX = "card:"


def default_text(name: str) -> str | None:
    if name == "goals":
        return Path(settings.KAIZEN["GOALS_FILE"] or DEFAULTS / "goals.yaml").read_text(encoding="utf-8")
    if name == "actions":
        return Path(settings.KAIZEN["ACTIONS_FILE"] or DEFAULTS / "actions.yaml").read_text(encoding="utf-8")
    if name == PRICES:
        return PRICE_DEFAULTS.read_text(encoding="utf-8")
    return None


def current_version(name: str) -> DocumentVersion | None:
    return head_version(name)


def current_text(name: str) -> str | None:
    version = head_version(name)
    return version.text if version else default_text(name)


def validate(name: str, text: str, source: str | None = None) -> object:
    """Parse `text` as document `name`; YamlDocError names the line and key at fault."""
    validator = validator_for(name)
    if validator is None:
        raise ApplicationError(
            f"Unknown config document '{name}' (goals, actions, prices or card:<agent>).",
            {"fields": {"document": ["Unknown document."]}},
        )
    return validator(text, source or name)


def parse_actions_of_goals(text: str, source: str):
    """The actions document parsed, each action's goal checked against the current goals."""
    goal_ids = {g.id for g in parse_goals(current_text("goals"), "goals")}
    return parse_actions(text, source, goal_ids=goal_ids)


@transaction.atomic
def version_create(
    *,
    name: str,
    text: str,
    actor=None,
    reason: str = "",
    provenance: dict | None = None,
    expect_base: int | None = None,
    source: str | None = None,
) -> DocumentVersion:
    """Validate `text` as document `name`, then append it as the new head (see document_version_append)."""
    try:
        validate(name, text, source)
    except YamlDocError as exc:
        raise exc.as_api_error() from exc
    return document_version_append(
        document=document_for(name),
        text=text,
        author_user=actor,
        reason=reason,
        provenance=provenance,
        expect_base=expect_base,
    )


def card_head_moved(sender, *, document: Document, version: DocumentVersion, **kwargs) -> None:
    """A card applies to its agent whenever its head moves (a change or a rollback)."""
    if document.name.startswith(CARD_PREFIX):
        apply_card(document.name, version.text)


def apply_card(name: str, text: str) -> None:
    agent_card_settings_apply(agent_name=name.removeprefix(CARD_PREFIX), card=parse_card(text, name))


def ensure_defaults(**_kwargs) -> None:
    """After migrate: the shipped goals and actions become v1 of their documents when missing."""
    for name in ("goals", "actions"):
        if head_version(name) is None:
            version_create(
                name=name,
                text=default_text(name),
                reason="shipped defaults",
                provenance={"source": "defaults"},
            )


def dump(data: dict) -> str:
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)


def agent_card_settings_apply(*, agent_name: str, card: dict) -> Agent:
    """Make `card` the agent's live card: declared skills, webhook and tuning settings."""
    agent = Agent.objects.select_for_update().get(name=agent_name)
    skills = card.get("skills", [])
    DeclaredSkill.objects.filter(agent=agent).exclude(skill__in=[s["name"] for s in skills]).delete()
    for s in skills:
        DeclaredSkill.objects.update_or_create(
            agent=agent,
            skill=s["name"],
            defaults={
                "confidence": s["confidence"],
                "blast_radius": s.get("blast_radius", "low"),
                "hitl_mode": s.get("hitl_mode", "autonomous"),
            },
        )
    agent.card = {**(agent.card or {}), **card}
    fields = ["card"]
    if "webhook_url" in card:
        agent.webhook_url = card["webhook_url"] or ""
        fields.append("webhook_url")
    agent.save(update_fields=fields)
    return agent
