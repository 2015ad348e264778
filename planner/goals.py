"""Goals and remediation actions from YAML, and their evaluation against a snapshot (pure)."""

import operator
from dataclasses import dataclass, field

from config.yamldoc import Doc, load

FLEET_SELECTORS = ("max_failure_rate_1h", "total_cost_usd_1d", "orphaned_skill_count")
# Read from the forge provider: goals on them stay disabled until one is configured.
FORGE_SELECTORS = ("ci_success_rate", "stuck_pr_count")
SELECTORS = FLEET_SELECTORS + FORGE_SELECTORS
OPERATORS = {
    "<=": operator.le,
    "<": operator.lt,
    ">=": operator.ge,
    ">": operator.gt,
    "==": operator.eq,
}


@dataclass(frozen=True)
class Goal:
    id: str
    selector: str
    operator: str
    threshold: float
    description: str = ""

    def holds(self, value: float) -> bool:
        return OPERATORS[self.operator](value, self.threshold)


@dataclass(frozen=True)
class Action:
    id: str
    goal: str
    skill: str
    description: str = ""
    params: dict = field(default_factory=dict)


def _ident(doc: Doc, path, value: str) -> str:
    if not value.strip() or any(c.isspace() for c in value):
        raise doc.error(path, "must be a non-empty identifier without spaces")
    return value


def parse_goals(text: str, source: str) -> list[Goal]:
    doc = load(text, source)
    root = doc.mapping((), doc.data, required={"goals": list})
    goals, seen = [], set()
    for i, item in enumerate(root["goals"]):
        path = ("goals", i)
        doc.mapping(
            path,
            item,
            required={"id": str, "selector": str, "operator": str, "threshold": (int, float)},
            optional={"description": str},
        )
        goal_id = _ident(doc, (*path, "id"), item["id"])
        if goal_id in seen:
            raise doc.error((*path, "id"), f"duplicate goal id '{goal_id}'")
        seen.add(goal_id)
        if item["selector"] not in SELECTORS:
            raise doc.error((*path, "selector"), f"must be one of {', '.join(SELECTORS)}")
        if item["operator"] not in OPERATORS:
            raise doc.error((*path, "operator"), f"must be one of {', '.join(OPERATORS)}")
        if isinstance(item["threshold"], bool):
            raise doc.error((*path, "threshold"), "must be a number")
        goals.append(
            Goal(
                goal_id,
                item["selector"],
                item["operator"],
                float(item["threshold"]),
                item.get("description") or "",
            )
        )
    return goals


def parse_actions(text: str, source: str, goal_ids: set[str] | None = None) -> list[Action]:
    doc = load(text, source)
    root = doc.mapping((), doc.data, required={"actions": list})
    actions, seen = [], set()
    for i, item in enumerate(root["actions"]):
        path = ("actions", i)
        doc.mapping(
            path,
            item,
            required={"id": str, "goal": str, "skill": str},
            optional={"description": str, "params": dict},
        )
        action_id = _ident(doc, (*path, "id"), item["id"])
        if action_id in seen:
            raise doc.error((*path, "id"), f"duplicate action id '{action_id}'")
        seen.add(action_id)
        if goal_ids is not None and item["goal"] not in goal_ids:
            raise doc.error((*path, "goal"), f"unknown goal '{item['goal']}'")
        actions.append(
            Action(
                action_id,
                item["goal"],
                _ident(doc, (*path, "skill"), item["skill"]),
                item.get("description") or "",
                item.get("params") or {},
            )
        )
    return actions


def violated(goals: list[Goal], values: dict[str, float]) -> list[tuple[Goal, float]]:
    """Goals whose selector value breaks them, with that value."""
    return [
        (g, values[g.selector]) for g in goals if g.selector in values and not g.holds(values[g.selector])
    ]
