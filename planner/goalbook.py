"""The goals and actions the planner evaluates now."""

from pathlib import Path

from django.conf import settings

from planner.goals import Action, Goal, parse_actions, parse_goals

DEFAULTS = Path(__file__).resolve().parent / "defaults"


def _read(setting: str, default_name: str) -> tuple[str, str]:
    path = Path(settings.KAIZEN[setting] or DEFAULTS / default_name)
    return path.read_text(encoding="utf-8"), str(path)


def current_goals() -> list[Goal]:
    return parse_goals(*_read("GOALS_FILE", "goals.yaml"))


def current_actions() -> list[Action]:
    goals = {g.id for g in current_goals()}
    return parse_actions(*_read("ACTIONS_FILE", "actions.yaml"), goal_ids=goals)
