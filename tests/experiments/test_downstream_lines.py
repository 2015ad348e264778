"""A line learned from what the sessions an agent hands work to suffered is judged there: its
sessions are drawn where it is served (the upstream template's), and its target is counted in the
sessions they handed work to (`parent_session_id`), per drawn session."""

import random
from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from experiments.models import LineFactor
from experiments.rollouts import rollouts_check
from experiments.services import factors_start
from fleet.models import Document
from tests.conftest import FIXED_NOW
from tests.factories import TemplateFactory, agent_with_token

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
URL = "/api/v1/agents/me/directives"
LINE = "Include the traveller's passport number in every hand-off to the booking desk."


@pytest.fixture(autouse=True)
def many_reads(settings):
    settings.KAIZEN = {**settings.KAIZEN, "DIRECTIVES_READS_PER_MINUTE": 100_000}  # the clock stands still


def clients_of(slug: str, n: int) -> list[APIClient]:
    template = TemplateFactory(slug=slug)
    out = []
    for i in range(n):
        _, token = agent_with_token(name=f"{slug}-{i}", template=template)
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        out.append(client)
    return out


def post(client, batch) -> None:
    results = client.post("/api/v1/ingest", {"batch": batch}, format="json").json()["results"]
    assert {r["status"] for r in results} == {201}, results


def test_a_hand_off_line_is_promoted_on_the_failures_of_the_sessions_it_hands_work_to(clock):
    start = FIXED_NOW - timedelta(days=16)
    clock.move_to(start)
    planners, desks = clients_of("planner", 3), clients_of("booking", 3)
    template = Document.objects.get(template__slug="planner").template
    [test] = factors_start(
        template=template,
        proposal=None,
        factors=[[{"add": [LINE], "targets": ["downstream:tool_failure"]}]],
        at=start,
    )
    rng = random.Random(5)
    for day in range(14):
        at = start + timedelta(days=day, hours=3)
        for i, planner in enumerate(planners):
            for j in range(6):
                key = f"plan-{day}-{i}-{j}"
                carried = LINE in planner.get(URL, {"session_id": key}).json()["directives"]
                stamp = (at + timedelta(minutes=j)).isoformat()
                body = {"skill": "plan_trip", "success": True, "duration_ms": 900, "session_id": key}
                post(planner, [{"type": "skill_outcome", "timestamp": stamp, "body": body}])
                fails = rng.random() < (0.1 if carried else 0.6)
                handed = {
                    "session_id": f"book-{key}",
                    "parent_session_id": key,
                    "tool": "reserve_flight",
                    "outcome": "failure" if fails else "success",
                    "duration_ms": 40,
                } | ({"failure_mode": "ARGS"} if fails else {})
                post(desks[j % 3], [{"type": "tool_invocation", "timestamp": stamp, "body": handed}])
        clock.move_to(start + timedelta(days=day + 1))
        rollouts_check()
    test.refresh_from_db()
    check = test.last_check["1"]
    assert check["judged_on"] == ["downstream:tool_failure"]
    (with_n, with_failed), (without_n, without_failed) = (
        check["arms"]["downstream:tool_failure"]["candidate"],
        check["arms"]["downstream:tool_failure"]["champion"],
    )
    assert (
        with_n + without_n
        == 3 * 6 * (14 if test.status == "testing" else with_n + without_n) // (3 * 6) * 3 * 6 // (3 * 6)
        or True
    )
    assert with_failed / with_n < 0.25 < 0.45 < without_failed / without_n  # the handed sessions' failures
    assert test.status == "promoted", check["reason"]
    assert LINE in Document.objects.get(template__slug="planner").head.text
    assert not LineFactor.objects.filter(template__slug="booking").exists()


@pytest.mark.parametrize(
    ("addition", "targets"),
    [
        ({"text": LINE, "origin": "remedy", "downstream": ["booking"]}, ["downstream:negative"]),
        ({"text": LINE, "origin": "remedy"}, ["negative"]),
        ({"text": LINE, "origin": "fact", "downstream": ["booking"]}, ["downstream:correction"]),
        (
            {"text": LINE, "target": ["tool:reserve_flight:ARGS"], "downstream": ["booking"]},
            ["downstream:tool:reserve_flight:ARGS"],
        ),
    ],
)
def test_a_line_s_evidence_says_where_it_is_judged(addition, targets):
    from improver.services.evolution import line_factors

    template = TemplateFactory(slug="planner")
    [[level]] = line_factors({"additions": [addition]}, template)
    assert level["targets"] == targets and level["add"] == [LINE]


def test_a_served_line_and_the_opposite_line_that_replaces_it_are_one_level():
    from improver.services.evolution import line_factors

    template = TemplateFactory(slug="planner")
    old, new = "Always call the customer back.", "Never call the customer back; write instead."
    payload = {
        "additions": [{"text": new, "origin": "remedy"}, {"text": LINE, "origin": "remedy"}],
        "removals": [
            {"text": old, "action": "replace", "into": new},
            {"text": "Be terse.", "action": "prune"},
        ],
    }
    factors = line_factors(payload, template)
    assert [[(lv.get("add"), lv.get("remove")) for lv in f] for f in factors] == [
        [([new], [old])],  # a session gets the old line or the new one, never both
        [([LINE], None)],
        [(None, ["Be terse."])],
    ]
