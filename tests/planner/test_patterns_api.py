from datetime import timedelta

import pytest
from django.test import Client

from planner.models import PatternFeedback, PatternStats
from tests.factories import approver
from tests.planner.helpers import NOW, client_for, outcomes

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def test_patterns_get_feedback_and_invert_into_anti_patterns_served_to_agents(db):
    agent, client = client_for("alice")
    outcomes(
        client,
        "refactor",
        [False] * 7 + [True] * 3,
        patterns=["Split by file type"],
        error_count=3,
        retry_count=2,
    )
    outcomes(
        client,
        "refactor",
        [True] * 6,
        patterns=["Write the failing test first"],
        start=NOW - timedelta(hours=1),
    )
    data = client.get("/api/v1/planner/patterns").json()["patterns"]
    split = next(p for p in data if p["name"] == "Split by file type")
    assert (split["uses"], split["failures"], split["anti_pattern"]) == (10, 7, True)
    assert split["prompt_line"] == "AVOID: Split by file type. Failed 7/10 times (70% failure rate)"
    assert split["harmful"] == 7 and split["state"] == "deprecated" and split["multiplier"] == 0.0
    good = next(p for p in data if p["name"] == "Write the failing test first")
    assert (good["state"], good["multiplier"], good["helpful"]) == ("proven", 1.5, 6)
    directives = client.get("/api/v1/agents/me/directives").json()
    assert directives["anti_patterns"] == [split["prompt_line"]]
    assert directives["proven_patterns"] == ["Write the failing test first"]
    assert "## Avoid\n- AVOID: Split by file type" in directives["prompt_block"]
    assert PatternFeedback.objects.count() == 16


def test_six_helpful_outcomes_and_one_harmful_make_a_proven_pattern_in_the_prompt(db):
    """1 harmful of 7 is a 0.143 share, under the 0.15 line a proven pattern stays under, however
    few the outcomes and whichever came first."""
    _, client = client_for("alice")
    outcomes(client, "refactor", [True] * 6, patterns=["Small commits"], start=NOW - timedelta(days=1))
    outcomes(
        client,
        "refactor",
        [False],
        patterns=["Small commits"],
        error_count=3,
        retry_count=2,
        start=NOW - timedelta(hours=1),
    )
    row = client.get("/api/v1/planner/patterns").json()["patterns"][0]
    assert (row["helpful"], row["harmful"], row["state"], row["multiplier"]) == (6, 1, "proven", 1.5)
    directives = client.get("/api/v1/agents/me/directives").json()
    assert directives["proven_patterns"] == ["Small commits"]


def test_patterns_are_scoped_to_the_agents_template(db):
    _, alice = client_for("alice")
    _, bob = client_for("bob")  # another template
    outcomes(alice, "refactor", [False] * 3, patterns=["Big bang"])
    assert bob.get("/api/v1/planner/patterns").json()["patterns"] == []


def test_a_pattern_on_the_deprecation_line_reads_established_on_every_read(db, clock):
    """7 helpful and 3 harmful outcomes are on the 0.3 harmful line (deprecated only above it):
    every read, whatever the sums' age, says established, as the stored state does."""
    agent, alice = client_for("alice")
    PatternStats.objects.create(
        template=agent.template,
        name="Split the migration",
        uses=10,
        failures=3,
        helpful=7,
        harmful=3,
        decayed_helpful=7.0,
        decayed_harmful=3.0,
        decayed_at=NOW,
        state="established",
    )
    states = set()
    for minutes in range(0, 30 * 24 * 60, 7 * 60 + 13):  # a month of reads, at scattered times
        clock.move_to(NOW + timedelta(minutes=minutes), tick=False)
        states.add(alice.get("/api/v1/planner/patterns").json()["patterns"][0]["state"])
    assert states == {"established"}


def test_old_feedback_decays(db, clock):
    _, alice = client_for("alice")
    outcomes(alice, "refactor", [True] * 4, patterns=["Old trick"], start=NOW - timedelta(days=200))
    data = alice.get("/api/v1/planner/patterns").json()["patterns"][0]
    assert data["helpful"] == 4
    assert data["decayed_helpful"] < 1.0  # 4 × 0.5^(199/90) ≈ 0.86
    assert data["state"] == "candidate"


def test_manual_promote_deprecate_and_the_no_promote_rule_in_the_admin(db):
    _, alice = client_for("alice")
    outcomes(alice, "refactor", [True] * 3, patterns=["Good"])
    # four harmful outcomes: three decayed by even a few minutes weigh just under the 3 needed
    outcomes(alice, "refactor", [False] * 4, patterns=["Bad"], error_count=4, retry_count=3)
    client = Client()
    client.force_login(approver())
    good, bad = PatternStats.objects.get(name="Good"), PatternStats.objects.get(name="Bad")
    client.post(
        "/admin/planner/patternstats/",
        {"action": "promote", "_selected_action": [good.pk, bad.pk]},
        follow=True,
    )
    good.refresh_from_db()
    bad.refresh_from_db()
    assert good.manual_state == "proven"
    assert bad.manual_state == ""  # deprecated by its feedback: cannot be promoted
    client.post("/admin/planner/patternstats/", {"action": "deprecate", "_selected_action": [good.pk]})
    good.refresh_from_db()
    assert good.manual_state == "deprecated"
    page = client.get("/admin/planner/patternstats/").content.decode()
    assert "deprecated" in page


def test_staff_can_list_patterns_by_template(approver_client, db):
    agent, alice = client_for("alice")
    outcomes(alice, "refactor", [True], patterns=["P"])
    rows = approver_client.get(f"/api/v1/planner/patterns?template={agent.template.slug}").json()["patterns"]
    assert [r["name"] for r in rows] == ["P"]
    response = approver_client.get("/api/v1/planner/patterns?template=nope")
    assert response.status_code == 400 and "template" in response.json()["extra"]["fields"]


def test_feedback_a_killed_pass_left_unfolded_is_folded_once_by_the_next_pass(db, monkeypatch):
    """A batch stores pattern feedback and commits; folding it into the shared stats is a step
    of its own after the commit. A worker killed between the two leaves the feedback waiting:
    the next pass folds it, and later passes do not count it again."""
    from telemetry import derived, hooks

    _, client = client_for("alice")
    with monkeypatch.context() as patched:
        patched.setattr(hooks, "batches_done", lambda: None)  # killed after the commit
        outcomes(client, "refactor", [True] * 4 + [False] * 2, patterns=["Ask first", "Small steps"])
    assert PatternFeedback.objects.filter(awaiting_fold=True).count() == 12
    assert set(PatternStats.objects.values_list("uses", flat=True)) == {0}

    derived.derive_pending()  # nothing on the list: the pass starts by folding what waits
    derived.derive_pending()
    stats = client.get("/api/v1/planner/patterns").json()["patterns"]
    assert sorted((p["name"], p["uses"], p["helpful"]) for p in stats) == [
        ("Ask first", 6, 4),
        ("Small steps", 6, 4),
    ]
    assert not PatternFeedback.objects.filter(awaiting_fold=True).exists()
