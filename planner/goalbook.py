"""The goals and actions the planner evaluates now: the current versions of their documents."""

from planner.config_docs import current_text
from planner.goals import Action, Goal, parse_actions, parse_goals


def current_goals() -> list[Goal]:
    return parse_goals(current_text("goals"), "goals")


def current_actions() -> list[Action]:
    goals = {g.id for g in current_goals()}
    return parse_actions(current_text("actions"), "actions", goal_ids=goals)
