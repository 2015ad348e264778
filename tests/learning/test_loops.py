"""Learning loops 1-3 through the ingest API, and the pure correction rules with worked numbers."""

import pytest

from governance.models import Proposal
from learning import corrections
from learning.models import FrictionEvent, LearnedFact
from telemetry.models import SessionEnd
from tests.planner.helpers import client_for

pytestmark = pytest.mark.django_db


def requeue_tool_invocations() -> None:
    """Put every stored tool invocation back on the to-do list, as a worker killed before its
    commit would have left them."""
    from telemetry.models import PendingDerivation, ToolInvocation

    PendingDerivation.objects.bulk_create(
        PendingDerivation(event_type="tool_invocation", row_id=row.id, received_at=row.received_at)
        for row in ToolInvocation.objects.all()
    )


def failures(client, n: int, session="s1", tool="npm_install", mode="NOTFOUND.package", start=0):
    batch = [
        {
            "id": f"{session}-{tool}-{start + i}",
            "type": "tool_invocation",
            "timestamp": f"2026-11-20T10:{start + i:02d}:00Z",
            "body": {
                "session_id": session,
                "tool": tool,
                "outcome": "failure",
                "duration_ms": 50,
                "failure_mode": mode,
            },
        }
        for i in range(n)
    ]
    return client.post("/api/v1/ingest", {"batch": batch}, format="json")


@pytest.mark.parametrize(("count", "events"), [(2, 0), (3, 1), (6, 1)])
def test_friction_fires_once_per_pair_at_the_threshold(count, events, django_capture_on_commit_callbacks):
    _, client = client_for("alice")
    for i in range(count):  # one per request: the count builds up across batches
        with django_capture_on_commit_callbacks(execute=True):  # proposals follow after the commit
            failures(client, 1, start=i)
    assert FrictionEvent.objects.count() == events
    assert Proposal.objects.filter(type="new_tool").count() == events
    if events:
        event = FrictionEvent.objects.get()
        assert (event.tool, event.failure_mode, event.count) == ("npm_install", "NOTFOUND.package", 3)
        assert len(event.evidence) == 3


def test_friction_is_per_session_and_strengthens_the_one_open_proposal(django_capture_on_commit_callbacks):
    _, alice = client_for("alice")
    _, bob = client_for("bob")
    with django_capture_on_commit_callbacks(execute=True):
        failures(alice, 3, session="a1")
        failures(alice, 3, session="a2")
        failures(bob, 3, session="b1")
        failures(alice, 3, session="a3", tool="bash", mode="RUNTIME")
    from telemetry.tasks import derive_pending

    requeue_tool_invocations()
    derive_pending.apply()
    assert FrictionEvent.objects.count() == 4
    npm = Proposal.objects.get(dedup_key="friction:npm_install:NOTFOUND.package")
    assert npm.evidence["occurrences"] == 3 and len(npm.evidence["events"]) == 3
    assert Proposal.objects.filter(type="new_tool").count() == 2


def test_the_friction_threshold_is_a_setting(settings, django_capture_on_commit_callbacks):
    settings.KAIZEN = {**settings.KAIZEN, "FRICTION_THRESHOLD": 5}
    _, client = client_for("alice")
    with django_capture_on_commit_callbacks(execute=True):
        failures(client, 4)
    assert not FrictionEvent.objects.exists()
    with django_capture_on_commit_callbacks(execute=True):
        failures(client, 1, start=10)
    assert FrictionEvent.objects.count() == 1


@pytest.mark.parametrize(
    ("kwargs", "source", "confidence", "signal"),
    [
        ({"user_message": "No, use pnpm instead of npm."}, "user-stated", 1.0, "negation"),
        ({"user_message": "Actually the tests live in spec/."}, "user-stated", 1.0, "negation"),
        ({"user_message": "Don't push to main."}, "user-stated", 1.0, "negation"),
        (
            {
                "user_message": "ok",
                "previous_tool_call": {"tool": "npm", "target": "deps"},
                "user_tool_call": {"tool": "pnpm", "target": "deps"},
            },
            "tool_override",
            0.9,
            "tool_override",
        ),
        (
            {
                "user_message": "Fixed the bug in parser.py",
                "previous_agent_response": "Fixed the bug in parse.py",
            },
            "inferred",
            0.7,
            "edit",
        ),
        (
            {
                "user_message": "def total(xs):\n    return sum(xs)\n# done",
                "previous_agent_response": (
                    "def total(items):\n    acc = 0\n    for i in items:\n        acc += i\n    return acc"
                ),
            },
            "inferred",
            0.7,
            "rewrite",
        ),
    ],
)
def test_correction_signals(kwargs, source, confidence, signal):
    candidate = corrections.detect(**kwargs)
    assert (candidate.source, candidate.confidence, candidate.signal) == (source, confidence, signal)


@pytest.mark.parametrize(
    ("message", "previous", "fires"),
    [
        ("abcdefghij", "abcdefghij", True),  # distance 0
        ("abcdefgxyz", "abcdefghij", False),  # 3/10 = 0.3: not under 0.3
        ("abcdefghxy", "abcdefghij", True),  # 2/10 = 0.2
    ],
)
def test_edit_distance_boundary(message, previous, fires):
    candidate = corrections.detect(user_message=message, previous_agent_response=previous)
    assert (candidate is not None and candidate.signal == "edit") is fires


@pytest.mark.parametrize(
    ("message", "previous", "ratio"),
    [
        ("a\nb\nc\nd", "a\nb\nc\nd", 0.0),
        ("a\nb\nX\nY", "a\nb\nc\nd", 0.5),
        ("a\nX\nY\nZ", "a\nb\nc\nd", 0.75),
    ],
)
def test_rewrite_ratio(message, previous, ratio):
    assert corrections.line_change_ratio(message, previous) == pytest.approx(ratio)


def test_no_signal_for_a_plain_follow_up():
    assert (
        corrections.detect(
            user_message="Thanks! Now add a test for it.", previous_agent_response="I changed the function."
        )
        is None
    )


def correct(client, i, **body):
    return client.post(
        "/api/v1/ingest",
        {
            "batch": [
                {"id": f"c{i}", "type": "correction", "timestamp": f"2026-11-20T11:{i:02d}:00Z", "body": body}
            ]
        },
        format="json",
    )


def served(client) -> list[str]:
    return [f["content"] for f in client.get("/api/v1/agents/me/directives").json()["learned_facts"]]


def test_a_fact_reaches_the_template_once_it_recurs_and_user_stated_supersedes_inferred():
    from rest_framework.test import APIClient

    from tests.factories import agent_with_token

    agent, alice = client_for("alice")
    _, bob_token = agent_with_token(name="bob", template=agent.template)
    bob = APIClient()
    bob.credentials(HTTP_AUTHORIZATION=f"Bearer {bob_token}")
    correct(
        alice,
        1,
        user_message="ok",
        previous_tool_call={"tool": "npm", "target": "deps"},
        user_tool_call={"tool": "yarn", "target": "deps"},
        session_id="a1",
    )
    inferred = LearnedFact.objects.get()
    assert (inferred.source, inferred.confidence, inferred.subject) == ("tool_override", 0.9, "deps")
    pnpm = {"user_message": "No, use pnpm for deps.", "user_tool_call": {"tool": "pnpm", "target": "deps"}}
    correct(alice, 2, session_id="a2", **pnpm)
    inferred.refresh_from_db()
    assert inferred.status == "superseded"  # alice's own inferred fact gives way at once
    assert served(alice) == ["Use pnpm for deps."] and served(bob) == []  # one agent's word: its own

    correct(alice, 3, session_id="a3", **pnpm)
    assert served(bob) == []  # two sessions of one agent: not recurring enough yet
    correct(bob, 4, session_id="b1", **pnpm)
    assert served(bob) == ["Use pnpm for deps."]  # recurred across agents: the template's now
    data = bob.get("/api/v1/agents/me/directives").json()
    assert "## Learned facts\n- Use pnpm for deps." in data["prompt_block"]
    fact = LearnedFact.objects.get(status="active")
    assert (fact.reach, fact.sightings.count()) == ("template", 3)  # a2, a3, b1


def test_a_one_off_correction_never_reaches_other_agents_however_often_it_recurs():
    from tests.factories import agent_with_token

    agent, alice = client_for("alice")
    _, bob_token = agent_with_token(name="bob", template=agent.template)
    from rest_framework.test import APIClient

    bob = APIClient()
    bob.credentials(HTTP_AUTHORIZATION=f"Bearer {bob_token}")
    for i, client in enumerate([alice, alice, bob, bob]):
        correct(
            client, i, user_message="No, the customer's order is #A66468, not #A34088.", session_id=f"s{i}"
        )
    fact = LearnedFact.objects.get()  # kept with the agent whose session it was about …
    assert (fact.reach, fact.agent.name) == ("agent", "alice")
    assert served(alice) == [] and served(bob) == []  # … and served to no one


def test_an_operator_serves_a_fact_to_the_template(admin_client):
    from tests.factories import agent_with_token

    agent, alice = client_for("alice")
    _, bob_token = agent_with_token(name="bob", template=agent.template)
    from rest_framework.test import APIClient

    bob = APIClient()
    bob.credentials(HTTP_AUTHORIZATION=f"Bearer {bob_token}")
    correct(alice, 1, user_message="No, answer in the customer's language.", session_id="s1")
    fact = LearnedFact.objects.get()
    admin_client.post(
        "/admin/learning/learnedfact/", {"action": "serve_to_template", "_selected_action": [fact.pk]}
    )
    assert served(bob) == ["Answer in the customer's language."]


def test_retired_facts_are_no_longer_served(admin_client):
    _, alice = client_for("alice")
    correct(alice, 1, user_message="Stop adding emojis.")
    fact = LearnedFact.objects.get()
    admin_client.post("/admin/learning/learnedfact/", {"action": "retire", "_selected_action": [fact.pk]})
    assert alice.get("/api/v1/agents/me/directives").json()["learned_facts"] == []
    admin_client.post(
        f"/admin/learning/learnedfact/{fact.pk}/change/",
        {
            "content": "Never add emojis.",
            "subject": "",
            "confidence": "1.0",
            "scope": "project",
            "status": "active",
        },
    )
    assert (
        alice.get("/api/v1/agents/me/directives").json()["learned_facts"][0]["content"] == "Never add emojis."
    )


def test_session_end_gets_a_server_computed_digest():
    _, client = client_for("alice")
    failures(client, 2, session="s9")
    client.post(
        "/api/v1/ingest",
        {
            "batch": [
                {
                    "type": "tool_invocation",
                    "timestamp": "2026-11-20T10:05:00Z",
                    "body": {
                        "session_id": "s9",
                        "tool": "read_file",
                        "outcome": "success",
                        "duration_ms": 10,
                    },
                },
                {
                    "type": "correction",
                    "timestamp": "2026-11-20T10:06:00Z",
                    "body": {"user_message": "fine", "session_id": "s9"},
                },
                {
                    "type": "session_end",
                    "timestamp": "2026-11-20T10:10:00Z",
                    "body": {
                        "session_id": "s9",
                        "reflection": {"successes": ["done"], "failures": [], "proposals": [{"text": "x"}]},
                    },
                },
            ]
        },
        format="json",
    )
    end = SessionEnd.objects.get()
    assert end.digest["tool_histogram"] == {"npm_install": 2, "read_file": 1}
    assert end.digest["failure_rate_per_tool"] == {"npm_install": 1.0, "read_file": 0.0}
    assert end.digest["counts"] == {
        "tool_calls": 3,
        "failures": 2,
        "tools": 2,
        "corrections": 1,
        "observations": 0,
    }
    assert end.digest["duration_s"] == 600.0  # 10:00 → 10:10
    assert end.reflection["proposals"] == [] and end.reflection["dropped_proposals"] == 1


@pytest.fixture
def admin_client(db):
    from django.test import Client

    from tests.factories import approver

    client = Client()
    client.force_login(approver())
    return client


def test_a_fact_is_found_by_its_normalised_key_whatever_its_case_and_spacing():
    _, alice = client_for("alice")
    correct(alice, 1, user_message="No, use pnpm for deps.")
    correct(alice, 2, user_message="no,  USE pnpm for deps.")
    assert LearnedFact.objects.count() == 1
    fact = LearnedFact.objects.get()
    assert fact.content_key == corrections.fact_key("NO, USE PNPM FOR DEPS.")
    fact.content = "Use pnpm, never npm."
    fact.save(update_fields=["content"])  # an operator's edit keeps the key right
    fact.refresh_from_db()
    assert fact.content_key == corrections.fact_key("use pnpm, never npm.")


@pytest.mark.postgresql("PostgreSQL's planner")
def test_the_fact_lookup_is_an_index_probe():
    from django.db import connection

    from config import clock

    agent, _ = client_for("alice")
    # a template that has learned many facts, so that its own rows are many and the planner weighs
    # real costs (on an empty table every index costs the same)
    LearnedFact.objects.bulk_create(
        LearnedFact(
            template_id=agent.template_id,
            content=f"fact {i}",
            content_key=corrections.fact_key(f"fact {i}"),
            confidence=1.0,
            source=LearnedFact.Source.values[0],
            created_at=clock.now(),
        )
        for i in range(500)
    )
    lookup = LearnedFact.objects.filter(
        template_id=agent.template_id, status="active", content_key=corrections.fact_key("x")
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE telemetry_learnedfact")
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute(f"EXPLAIN {lookup.query.sql_with_params()[0]}", lookup.query.sql_with_params()[1])
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "fact_active_once" in plan or "fact_template_key" in plan, plan


@pytest.mark.usefixtures("clock")
def test_a_fact_that_stays_with_its_agent_is_retired_when_not_stated_again_and_fleet_facts_stay(admin_client):
    from datetime import timedelta

    from rest_framework.test import APIClient

    from learning.loops import facts_retire
    from learning.tasks import retire_facts
    from tests.conftest import FIXED_NOW
    from tests.factories import agent_with_token

    agent, alice = client_for("alice")
    _, bob_token = agent_with_token(name="bob", template=agent.template)
    bob = APIClient()
    bob.credentials(HTTP_AUTHORIZATION=f"Bearer {bob_token}")
    correct(alice, 1, user_message="No, the order is #A66468, not #A34088.", session_id="s1")  # one-off
    correct(alice, 2, user_message="No, use the staging database instead of production.", session_id="s2")
    for i, client in enumerate([alice, bob, bob]):  # recurs: reaches the template
        correct(client, 10 + i, user_message="No, refunds go through the billing portal.", session_id=f"r{i}")
    fleet = LearnedFact.objects.get(content__contains="billing portal")
    assert fleet.reach == "template" and fleet.served_at == FIXED_NOW
    page = admin_client.get("/admin/learning/learnedfact/").content.decode()
    assert "3 / 0 (since 2026-11-21)" in page  # stated in three sessions before it was served

    assert retire_facts() == 0  # the beat task: the corrections are a day old, not 30
    later = FIXED_NOW + timedelta(days=31)
    assert facts_retire(now=later) == 2  # the one-off and the fact that never recurred
    assert facts_retire(now=later) == 0  # a second run finds nothing
    statuses = dict(LearnedFact.objects.values_list("content", "status"))
    assert statuses.pop("No, refunds go through the billing portal.") == "active"  # served fleet-wide: stays
    assert set(statuses.values()) == {"retired"}


@pytest.mark.django_db
@pytest.mark.usefixtures("clock")
def test_activity_refresh_reads_the_last_day_and_moves_last_seen_forward_once():
    from datetime import timedelta

    from fleet.models import Agent
    from telemetry.services import agent_activity_refresh
    from tests.conftest import FIXED_NOW
    from tests.telemetry.events import event

    recent, recent_client = client_for("recent")
    quiet, quiet_client = client_for("quiet")
    recent_client.post(
        "/api/v1/ingest",
        {"batch": [event("wake_run", ts=(FIXED_NOW - timedelta(hours=2)).isoformat())]},
        format="json",
    )
    quiet_client.post(
        "/api/v1/ingest",
        {"batch": [event("wake_run", ts=(FIXED_NOW - timedelta(days=3)).isoformat())]},
        format="json",
    )
    assert agent_activity_refresh() == 1
    assert Agent.objects.get(pk=recent.pk).last_seen_at == FIXED_NOW  # when it was received
    assert Agent.objects.get(pk=quiet.pk).last_seen_at is None  # dated before the window
    assert agent_activity_refresh() == 0


@pytest.mark.django_db
def test_an_active_fact_is_held_once_by_the_database():
    from django.db import IntegrityError, transaction

    from config import clock

    agent, _ = client_for("alice")
    fact = {
        "template_id": agent.template_id,
        "content": "Use pnpm.",
        "source": "user-stated",
        "confidence": 1.0,
        "created_at": clock.now(),
    }
    LearnedFact.objects.create(**fact)
    with pytest.raises(IntegrityError), transaction.atomic():
        LearnedFact.objects.create(**fact)
    LearnedFact.objects.create(**fact, status="retired")  # a retired one may share its wording
