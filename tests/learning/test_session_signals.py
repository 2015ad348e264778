"""A session's outcome from every signal: each kind of failure an agent reports lands in its
session once, and a harm that shows only in rejections and complaints is rolled back."""

import os
from datetime import timedelta

import pytest

from experiments.counts import session_counts, signal_counts
from experiments.metrics import ANY
from experiments.rollouts import rollouts_check
from fleet.models import Agent
from learning.models import SessionSignal
from tests.conftest import FIXED_NOW
from tests.experiments.test_rollouts import START, approve, arms, fleet_of
from tests.improver.helpers import coder_fleet

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def event(kind: str, i: int, **body) -> dict:
    return {"id": f"{kind}-{i}", "type": kind, "timestamp": FIXED_NOW.isoformat(), "body": body}


SESSION = [
    event(
        "tool_invocation",
        1,
        session_id="s1",
        tool="crm",
        outcome="failure",
        failure_mode="PERM",
        duration_ms=5,
    ),
    event("tool_invocation", 2, session_id="s1", tool="crm", outcome="success", duration_ms=5),
    event("skill_outcome", 3, session_id="s1", skill="triage", success=False, duration_ms=5),
    event(
        "observation", 4, session_id="s1", text="That answer was wrong and inaccurate.", sentiment="negative"
    ),
    event("observation", 5, session_id="s1", text="Thanks, great work!", sentiment="positive"),
    event("correction", 6, session_id="s1", user_message="No, the refund goes through billing."),
    event("decision", 7, session_id="s1", subject="refund #12", verdict="rejected", reason="wrong amount"),
    event("decision", 8, session_id="s1", subject="refund #13", verdict="confirmed"),
    event("session_end", 9, session_id="s1", reflection={"failures": ["I refunded the wrong order."]}),
    event("hitl_escalation", 10, target="billing lead", reason="refund over the limit"),
    event("skill_outcome", 11, skill="triage", success=False, duration_ms=5),  # no session: s1's, open
]


def test_each_signal_lands_in_its_session_once_and_a_replay_adds_nothing():
    template, _, client = coder_fleet()
    for _ in range(2):  # the second post is a replay
        response = client.post("/api/v1/ingest", {"batch": SESSION}, format="json")
        assert response.status_code == 207, response.json()
    rows = set(SessionSignal.objects.values_list("session_id", "signal"))
    in_s1 = {signal for session, signal in rows if session == "s1"}
    assert in_s1 == {
        "tool_failure",
        "tool:crm:PERM",
        "skill_failure",
        "negative",
        "negative:accuracy",
        "correction",
        "rejected_decision",
        "reflected_failure",
        "escalation",  # sent without a session while s1 was open: s1's
        ANY,  # some failure: counted like a signal
    }
    assert {s for s, _ in rows} == {"s1"}  # no session of its own
    version = template.document.head_id
    assert session_counts([version]) == {version: 1}
    counts = signal_counts([version], (ANY, "skill_failure", "negative:accuracy", "escalation"))
    assert counts == {
        (version, ANY): 1,
        (version, "skill_failure"): 1,
        (version, "negative:accuracy"): 1,
        (version, "escalation"): 1,
    }


def test_an_outcome_without_a_session_and_none_open_counts_in_no_arm(clock):
    template, _, client = coder_fleet()
    lone = event("skill_outcome", 1, skill="triage", success=True, duration_ms=5)
    failed = event("skill_outcome", 2, skill="triage", success=False, duration_ms=5)
    assert client.post("/api/v1/ingest", {"batch": [lone, failed]}, format="json").status_code in (201, 207)
    version = template.document.head_id
    assert session_counts([version]) == {}  # never a clean session of its own
    assert not SessionSignal.objects.exists()
    clock.move_to(FIXED_NOW + timedelta(hours=2))
    opened = event("tool_invocation", 3, session_id="s9", tool="crm", outcome="success", duration_ms=5)
    late = event("skill_outcome", 4, skill="triage", success=False, duration_ms=5)
    client.post("/api/v1/ingest", {"batch": [opened]}, format="json")
    client.post("/api/v1/ingest", {"batch": [late]}, format="json")
    assert set(SessionSignal.objects.values_list("session_id", "signal")) == {
        ("s9", "skill_failure"),
        ("s9", ANY),
    }
    assert session_counts([version]) == {version: 1}


def quiet_sessions(client, n: int, rejected: int, tag: str):
    """`n` sessions whose tools all work; in the first `rejected`, QA rejects the work and the
    user complains."""
    batch = []
    for i in range(n):
        at = (START + timedelta(minutes=i)).isoformat()
        sid = f"{tag}-{i}"
        body = {"tool": "lookup", "outcome": "success", "session_id": sid, "duration_ms": 5}
        batch.append({"type": "tool_invocation", "timestamp": at, "body": body})
        if i < rejected:
            batch.append(
                {
                    "type": "decision",
                    "timestamp": at,
                    "body": {"subject": f"answer {sid}", "verdict": "rejected", "session_id": sid},
                }
            )
            batch.append(
                {
                    "type": "observation",
                    "timestamp": at,
                    "body": {"text": "Nobody checked who I was.", "sentiment": "negative", "session_id": sid},
                }
            )
    assert client.post("/api/v1/ingest", {"batch": batch}, format="json").status_code == 207


def test_a_harm_seen_only_in_rejections_and_complaints_is_rolled_back():
    template, clients, proposal, reviewer = fleet_of(5)
    rollout = approve(reviewer, proposal)
    canary, champions = arms(rollout, clients)
    for i, client in enumerate(canary):
        quiet_sessions(client, 40, 21, f"c{i}")  # about half the canary's work is rejected
    for i, client in enumerate(champions):
        quiet_sessions(client, 40, 2, f"b{i}")
    assert rollouts_check(now=START + timedelta(days=2)) == {"roll_back": 1}
    rollout.refresh_from_db()
    assert rollout.status == "rolled_back"
    harmed = ("a rejected decision", "negative feedback", "any other failure", "any failure")
    assert rollout.reason.startswith(tuple(f"{h} (" for h in harmed)), rollout.reason
    last = rollout.last_check
    assert last["arms"]["rejected_decision"]["candidate"][1] == 21 * len(canary)
    assert "tool_failure" not in last["arms"]  # no tool ever failed: nothing to guard there


def test_sessions_are_counted_from_what_ingest_recorded_once_per_session_and_version(clock):
    from fleet.templates import template_version_create
    from telemetry.models import SessionSeen

    template, _, client = coder_fleet()
    first = template.document.head_id
    for _ in range(2):  # the second post is a replay: nothing new
        client.post("/api/v1/ingest", {"batch": SESSION}, format="json")
    keys = set(SessionSeen.objects.values_list("session_key", "template_version_id"))
    assert keys == {("s1", first)}  # the sessionless outcome joined s1, open then
    clock.move_to(FIXED_NOW + timedelta(hours=1))
    second = template_version_create(template=template, directives="- Check the order number.").pk
    later = [event("tool_invocation", 20, session_id="s1", tool="crm", outcome="success", duration_ms=5)]
    later += [event("tool_invocation", 21, session_id="s2", tool="crm", outcome="success", duration_ms=5)]
    client.post("/api/v1/ingest", {"batch": later}, format="json")
    assert session_counts([first, second]) == {first: 1, second: 2}  # s1 went on under the new version
    since = FIXED_NOW + timedelta(minutes=30)
    assert session_counts([first, second], since) == {second: 2}


def test_the_admin_shows_an_agents_share_of_sessionless_outcomes_and_what_it_costs():
    from django.test import Client

    from tests.factories import approver

    template, agents, client = coder_fleet()
    batch = [
        event("skill_outcome", 1, skill="triage", success=True, duration_ms=5, session_id="s1"),
        event("skill_outcome", 2, skill="triage", success=True, duration_ms=5),
    ]
    client.post("/api/v1/ingest", {"batch": batch}, format="json")
    from telemetry.models import SkillOutcome

    agent_id = SkillOutcome.objects.values_list("agent_id", flat=True).first()
    staff = Client()
    staff.force_login(approver())
    page = staff.get(f"/admin/fleet/agent/{agent_id}/change/").content.decode()
    assert "50% of its outcomes and decisions" in page and "weakens its canaries" in page


def test_a_session_only_a_correction_names_is_counted_once_with_its_failure():
    template, _, client = coder_fleet()
    said = event("correction", 1, session_id="s7", user_message="No, use the staging CRM.")
    client.post("/api/v1/ingest", {"batch": [said, {**said, "id": "correction-2"}]}, format="json")
    version = template.document.head_id
    assert session_counts([version]) == {version: 1}
    assert signal_counts([version], (ANY, "correction")) == {(version, ANY): 1, (version, "correction"): 1}


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(bool(os.environ.get("KAIZEN_TEST_NOW")), reason="reads no clock: once is enough")
def test_signals_stored_before_the_any_failure_rows_are_counted_after_migrating():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    before = [("improver", "0009_agents_in_fleet")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    old = executor.loader.project_state(before).apps
    template, _, _ = coder_fleet()
    agent, version = Agent.objects.get(name="coder-1"), template.document.head_id
    for session, signal in [("s1", "correction"), ("s1", "skill_failure"), ("s2", "negative")]:
        old.get_model("improver", "SessionSignal").objects.create(
            agent_id=agent.pk,
            session_id=session,
            signal=signal,
            template_version_id=version,
            received_at=FIXED_NOW,
        )

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    assert session_counts([version]) == {version: 2}
    assert signal_counts([version], (ANY, "correction")) == {(version, ANY): 2, (version, "correction"): 1}
