"""Outcomes that report tokens but no cost are priced with the model price table, so fleet
cost, the daily budget goal and the executor weights count them."""

from datetime import timedelta
from pathlib import Path

import pytest

from fleet.pricing import DEFAULTS, parse_prices
from planner.models import Dispatch
from planner.services import fleet_snapshot_take
from telemetry.models import SkillOutcome
from tests.planner.helpers import NOW, client_for, declare, outcomes

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
SHIPPED = parse_prices(Path(DEFAULTS).read_text(encoding="utf-8"))


@pytest.mark.parametrize(
    ("model", "tokens", "usd"),
    [
        ("claude-3-5-sonnet-latest", (1_000_000, 200_000), 6.0),  # 1M × $3 + 0.2M × $15
        ("gpt-4o-mini", (1_000_000, 1_000_000), 0.75),  # $0.15 + $0.60: the -mini line wins over gpt-4o*
        ("gpt-4o-2024-08-06", (2_000, 500), 0.01),  # 0.002 × 2.5 + 0.0005 × 10
        ("some-local-model", (100_000, 0), 0.3),  # default $3/M input
        ("", (None, 10_000), 0.15),  # no model, output only: default $15/M
        ("gpt-4o", (None, None), None),  # no tokens: nothing to price
    ],
)
def test_the_price_table(model, tokens, usd):
    assert SHIPPED.cost(model, *tokens) == usd


def test_token_only_outcomes_count_in_fleet_cost_and_the_budget_goal():
    _, bob = client_for("bob")
    _, ops = client_for("ops")
    declare(ops, "downshift_models", confidence=0.8)
    usage = {"model": "claude-3-5-sonnet-latest", "input_tokens": 1_000_000, "output_tokens": 200_000}
    outcomes(bob, "research", [True] * 9, start=NOW - timedelta(hours=3), **usage)  # 9 × $6 = $54
    snapshot = fleet_snapshot_take(now=NOW)
    assert snapshot.total_cost_usd_1d == 54.0
    [bob_health] = [a for a in snapshot.agents if a["agent"] == "bob"]
    assert bob_health["cost_per_successful_outcome"] == 6.0
    assert Dispatch.objects.get().action_id == "downshift_models"  # $54 > the $50 a day budget
    assert set(SkillOutcome.objects.values_list("cost_estimated", flat=True)) == {True}


def test_a_reported_cost_is_kept_and_the_card_model_prices_the_rest():
    agent, bob = client_for("bob")
    agent.card = {"model": "gpt-4o-mini"}
    agent.save()
    outcomes(bob, "a", [True], cost_usd=0.5, input_tokens=1_000_000)
    outcomes(bob, "b", [True], input_tokens=1_000_000, output_tokens=1_000_000)
    assert dict(SkillOutcome.objects.values_list("skill", "cost_usd")) == {"a": 0.5, "b": 0.75}
