import pytest

from config.yamldoc import YamlDocError
from planner.goalbook import current_actions, current_goals
from planner.goals import parse_actions, parse_goals, violated


def test_the_shipped_goals_and_actions_load(db):
    goals = {g.id: g for g in current_goals()}
    assert set(goals) == {
        "fleet.no_agent_stuck",
        "fleet.cost_under_budget",
        "fleet.no_skill_orphaned",
        "ci.success_rate_floor",
        "prs.none_stuck",
    }
    assert (goals["ci.success_rate_floor"].selector, goals["ci.success_rate_floor"].threshold) == (
        "ci_success_rate",
        0.7,
    )
    assert (goals["fleet.cost_under_budget"].operator, goals["fleet.cost_under_budget"].threshold) == (
        "<=",
        50,
    )
    assert {a.goal for a in current_actions()} == set(goals)


@pytest.mark.parametrize(
    ("values", "ids"),
    [
        ({"max_failure_rate_1h": 0.5, "total_cost_usd_1d": 50, "orphaned_skill_count": 0}, []),
        (
            {"max_failure_rate_1h": 0.51, "total_cost_usd_1d": 50.01, "orphaned_skill_count": 1},
            ["fleet.no_agent_stuck", "fleet.cost_under_budget", "fleet.no_skill_orphaned"],
        ),
    ],
)
def test_violations_at_the_boundaries(db, values, ids):
    assert [g.id for g, _ in violated(current_goals(), values)] == ids


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "goals:\n  - id: a\n    selector: nope\n    operator: '<='\n    threshold: 1\n",
            "f.yaml:3: goals[0].selector",
        ),
        (
            "goals:\n  - id: a\n    selector: total_cost_usd_1d\n    operator: '~'\n    threshold: 1\n",
            "f.yaml:4: goals[0].operator",
        ),
        (
            "goals:\n  - id: a\n    selector: total_cost_usd_1d\n    operator: '<='\n    threshold: lots\n",
            "f.yaml:5: goals[0].threshold: must be",
        ),
        (
            "goals:\n  - id: a\n    selector: total_cost_usd_1d\n    operator: '<='\n",
            "missing required key 'threshold'",
        ),
        ("goals: {\n", "f.yaml:2: invalid YAML"),
    ],
)
def test_goal_errors_name_file_line_and_key(text, message):
    with pytest.raises(YamlDocError) as exc:
        parse_goals(text, "f.yaml")
    assert message in str(exc.value)


def test_actions_must_name_a_known_goal():
    with pytest.raises(YamlDocError, match="a.yaml:3: actions\\[0\\].goal: unknown goal"):
        parse_actions("actions:\n  - id: x\n    goal: fleet.nope\n    skill: s\n", "a.yaml", {"fleet.a"})
