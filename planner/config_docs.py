"""Versioned config documents (goals, actions, agent cards): read, write, validate, roll back."""

from pathlib import Path

import yaml
from django.conf import settings
from django.db import transaction
from django.db.models import Max

from config.errors import ApplicationError, Conflict
from config.yamldoc import YamlDocError
from planner.cards import parse_card
from planner.goals import parse_actions, parse_goals
from planner.models import ConfigDocument, ConfigVersion, DeclaredSkill
from telemetry.models import Agent

DEFAULTS = Path(__file__).resolve().parent / "defaults"
CARD_PREFIX = "card:"


def default_text(name: str) -> str | None:
    if name == "goals":
        return Path(settings.KAIZEN["GOALS_FILE"] or DEFAULTS / "goals.yaml").read_text(encoding="utf-8")
    if name == "actions":
        return Path(settings.KAIZEN["ACTIONS_FILE"] or DEFAULTS / "actions.yaml").read_text(encoding="utf-8")
    return None


def current_version(name: str) -> ConfigVersion | None:
    document = ConfigDocument.objects.filter(name=name).select_related("current").first()
    return document.current if document else None


def current_text(name: str) -> str | None:
    version = current_version(name)
    return version.text if version else default_text(name)


def validate(name: str, text: str, source: str | None = None) -> object:
    """Parse `text` as document `name`; YamlDocError names the line and key at fault."""
    source = source or name
    if name == "goals":
        return parse_goals(text, source)
    if name == "actions":
        goal_ids = {g.id for g in parse_goals(current_text("goals"), "goals")}
        return parse_actions(text, source, goal_ids=goal_ids)
    if name.startswith(CARD_PREFIX):
        return parse_card(text, source)
    raise ApplicationError(
        f"Unknown config document '{name}' (goals, actions or card:<agent>).",
        {"fields": {"document": ["Unknown document."]}},
    )


@transaction.atomic
def version_create(
    *,
    name: str,
    text: str,
    author: str = "",
    reason: str = "",
    proposal=None,
    expect_base: int | None = None,
    source: str | None = None,
) -> ConfigVersion:
    """A new immutable version that becomes current; refused when `expect_base` is no longer current."""
    try:
        validate(name, text, source)
    except YamlDocError as exc:
        raise exc.as_api_error() from exc
    document, _ = ConfigDocument.objects.get_or_create(name=name)
    document = ConfigDocument.objects.select_for_update().get(pk=document.pk)
    current = document.current.number if document.current_id else 0
    if expect_base is not None and expect_base != current:
        raise Conflict(
            f"The change no longer applies: {name} moved from v{expect_base} to v{current} since it "
            "was proposed. Reject it and propose again against the current version.",
            {"document": name, "base_version": expect_base, "current_version": current},
        )
    number = (document.versions.aggregate(n=Max("number"))["n"] or 0) + 1
    version = ConfigVersion.objects.create(
        document=document, number=number, text=text, author=author, reason=reason, proposal=proposal
    )
    document.current = version
    document.save(update_fields=["current", "updated_at"])
    return version


@transaction.atomic
def rollback(*, version: ConfigVersion, actor: str) -> ConfigVersion:
    """Make an earlier version current again, as a new version (history is never rewritten)."""
    new = version_create(
        name=version.document.name, text=version.text, author=actor, reason=f"rollback to v{version.number}"
    )
    if version.document.name.startswith(CARD_PREFIX):
        apply_card(version.document.name, version.text)
    return new


def apply_card(name: str, text: str) -> None:
    agent_card_settings_apply(agent_name=name.removeprefix(CARD_PREFIX), card=parse_card(text, name))


def ensure_defaults(**_kwargs) -> None:
    """After migrate: the shipped goals and actions become v1 of their documents when missing."""
    for name in ("goals", "actions"):
        if not ConfigDocument.objects.filter(name=name, current__isnull=False).exists():
            version_create(name=name, text=default_text(name), author="import", reason="shipped defaults")


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
