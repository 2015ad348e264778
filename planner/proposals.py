"""Agent-submitted goal, action and config-change proposals: validate on submission, apply on
approval (registered with governance), and escalations that become goal proposals."""

from datetime import timedelta

from django.conf import settings
from django.db.models import Count

from config.errors import ApplicationError
from config.yamldoc import YamlDocError, safe_data
from fleet.models import Agent
from governance.models import Proposal
from governance.services import proposal_raise
from planner import config_docs
from planner.cards import parse_card, tuned_skills
from planner.goals import parse_goals
from planner.models import SkillStats
from telemetry.models import HitlEscalation


def _base(name: str) -> int:
    version = config_docs.current_version(name)
    return version.number if version else 0


def _parsed(name: str, text: str):
    """`text` checked as document `name` (a YamlDocError answers as the API's 400)."""
    try:
        return config_docs.validate(name, text, "yaml")
    except YamlDocError as exc:
        raise exc.as_api_error() from exc


def _entries_proposal(document: str, kind: str, data: dict) -> dict:
    """A submission of goals or actions as a proposal: the ids of its entries name and key it."""
    ids = [entry.id for entry in _parsed(document, data["yaml"])]
    return {
        "title": f"{kind.capitalize()}: {', '.join(ids)}",
        "dedup_key": f"{kind}:{','.join(sorted(ids))}",
        "subject": document,
        "payload": {
            "document": document,
            "yaml": data["yaml"],
            document: ids,
            "base_version": _base(document),
        },
    }


def validate_goal(*, data: dict, agent) -> dict:
    return _entries_proposal("goals", "goal", data)


def validate_action(*, data: dict, agent) -> dict:
    return _entries_proposal("actions", "action", data)  # each action's goal must be a current goal


def validate_config_change(*, data: dict, agent) -> dict:
    name = data.get("document") or ""
    if (
        name.startswith(config_docs.CARD_PREFIX)
        and not Agent.objects.filter(name=name.removeprefix(config_docs.CARD_PREFIX)).exists()
    ):
        raise ApplicationError(
            f"document: no agent '{name.removeprefix(config_docs.CARD_PREFIX)}'.",
            {"fields": {"document": ["Unknown agent."]}},
        )
    parsed = _parsed(name, data["yaml"])
    before = config_docs.current_text(name) or ""
    payload = {"document": name, "yaml": data["yaml"], "before": before, "base_version": _base(name)}
    if name.startswith(config_docs.CARD_PREFIX):
        target = Agent.objects.get(name=name.removeprefix(config_docs.CARD_PREFIX))
        current = parse_card(before, name) if before else {"skills": target.card.get("skills", [])}
        check_tuning_evidence(target, tuned_skills(current, parsed))
    return {
        "title": f"Config change: {name}",
        "dedup_key": f"config:{name}",
        "subject": name,
        "payload": payload,
    }


def check_tuning_evidence(agent: Agent, skills: set[str]) -> None:
    """Tuning an agent (model, cost or skill settings) needs >= CONFIG_TUNING_MIN_SAMPLES samples."""
    needed = settings.KAIZEN["CONFIG_TUNING_MIN_SAMPLES"]
    have = dict(SkillStats.objects.filter(agent=agent, skill__in=skills).values_list("skill", "samples"))
    short = {s: have.get(s, 0) for s in sorted(skills) if have.get(s, 0) < needed}
    if short:
        detail = ", ".join(f"{s}: {n}" for s, n in short.items())
        raise ApplicationError(
            f"evidence: tuning {agent.name} needs at least {needed} samples per skill in the cost/confidence "
            f"store; have {detail}. Read GET /api/v1/planner/summary?agent={agent.name}&skill=… first.",
            {
                "fields": {"evidence": [f"{needed} samples needed; have {detail}."]},
                "samples": short,
                "required": needed,
            },
        )


def _merge(name: str, key: str, new_text: str, parse) -> str:
    """The document with the proposal's entries added, or replacing those with the same id."""
    current = safe_data(config_docs.current_text(name), name) or {key: []}
    incoming = safe_data(new_text, name)[key]
    ids = {item["id"] for item in incoming}
    merged = [item for item in current.get(key, []) if item.get("id") not in ids] + incoming
    text = config_docs.dump({key: merged})
    parse(text)
    return text


def approve_goal(*, proposal: Proposal, actor, rating) -> bool:
    if "yaml" in proposal.payload:
        text = _merge("goals", "goals", proposal.payload["yaml"], lambda t: parse_goals(t, "goals"))
        _apply(proposal, "goals", text, actor)
    return False  # implemented when its board task is done


def approve_action(*, proposal: Proposal, actor, rating) -> bool:
    text = _merge(
        "actions", "actions", proposal.payload["yaml"], lambda t: config_docs.validate("actions", t)
    )
    _apply(proposal, "actions", text, actor)
    return True


def approve_config_change(*, proposal: Proposal, actor, rating) -> bool:
    name = proposal.payload["document"]
    _apply(proposal, name, proposal.payload["yaml"], actor)  # a card applies to its agent as it lands
    return True


def _apply(proposal: Proposal, name: str, text: str, actor) -> None:
    before = config_docs.current_text(name) or ""
    version = config_docs.version_create(
        name=name,
        text=text,
        actor=actor if getattr(actor, "pk", None) else None,
        reason=f"proposal #{proposal.pk}",
        provenance={"proposal": proposal.pk},
        expect_base=proposal.payload.get("base_version"),
    )
    proposal.payload = {
        **proposal.payload,
        "before": before,
        "after": text,
        "applied_version": version.number,
    }
    proposal.save(update_fields=["payload", "updated_at"])


def escalations_to_goal_proposals(*, agent, rows: list[dict]) -> None:
    """3+ escalations for one target in the window: one goal proposal asking what would unblock it."""
    cfg = settings.KAIZEN
    for target in sorted({r["target"] for r in rows}):
        latest = max(r["occurred_at"] for r in rows if r["target"] == target)
        window = HitlEscalation.objects.filter(
            target=target,
            occurred_at__gt=latest - timedelta(hours=cfg["HITL_ESCALATION_WINDOW_HOURS"]),
            occurred_at__lte=latest,
        )
        stats = window.aggregate(n=Count("id"))
        if stats["n"] < cfg["HITL_ESCALATION_THRESHOLD"]:
            continue
        key = f"hitl:{target.lower()}"
        evidence = {
            "target": target,
            "escalations": list(
                window.order_by("-occurred_at").values("id", "agent__name", "reason", "skill", "occurred_at")[
                    :50
                ]
            ),
            "count": stats["n"],
        }
        for e in evidence["escalations"]:
            e["occurred_at"] = e["occurred_at"].isoformat()
        evidence["cites"] = {"hitl_escalation": [e["id"] for e in evidence["escalations"]]}
        proposal_raise(
            type=Proposal.Type.GOAL,
            dedup_key=key,
            subject=target,
            title=f"What capability would unblock '{target}' automatically?",
            rationale=f"Agents escalated '{target}' to a human {stats['n']} times within "
            f"{cfg['HITL_ESCALATION_WINDOW_HOURS']} h. Propose a goal or capability that removes "
            "the need for these hand-offs.",
            evidence=evidence,
            strengthen=lambda _open, evidence=evidence: evidence,  # the latest window replaces the old
            risk=Proposal.Risk.MEDIUM,
        )
