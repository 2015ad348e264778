import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command

from governance.models import Proposal
from governance.services import proposal_create
from improver.selectors import events_behind_feedback
from planner.models import SkillStats
from telemetry.models import Observation, SkillOutcome, ToolInvocation
from tests.conftest import FIXED_NOW
from tests.planner.helpers import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
OLD = FIXED_NOW - timedelta(days=120)
DIRECTIVES = "/api/v1/agents/me/directives"


def ingest(client, events):
    client.post("/api/v1/ingest", {"batch": events}, format="json")


def test_prune_deletes_old_raw_events_in_batches_and_keeps_evidence_and_summaries():
    agent, client = client_for("alice")
    ingest(
        client,
        [
            {
                "type": "tool_invocation",
                "timestamp": (OLD + timedelta(minutes=i)).isoformat(),
                "body": {"session_id": "s", "tool": "bash", "outcome": "success", "duration_ms": i},
            }
            for i in range(12)
        ],
    )
    ingest(
        client,
        [
            {
                "type": "skill_outcome",
                "timestamp": (OLD + timedelta(minutes=i)).isoformat(),
                "body": {"skill": "s", "success": True, "duration_ms": i},
            }
            for i in range(5)
        ],
    )
    ingest(client, [{"type": "observation", "timestamp": FIXED_NOW.isoformat(), "body": {"text": "recent"}}])
    cited = list(ToolInvocation.objects.order_by("pk").values_list("pk", flat=True)[:2])
    proposal_create(type="maintenance", title="t", evidence={"cites": {"tool_invocation": cited}})
    out = io.StringIO()
    call_command("prune_events", "--older-than", "90", "--batch-size", "5", "--json", stdout=out)
    result = json.loads(out.getvalue())
    assert result["tool_invocation"] == 10 and result["skill_outcome"] == 5 and result["observation"] == 0
    assert set(ToolInvocation.objects.values_list("pk", flat=True)) == set(cited)
    assert Observation.objects.count() == 1
    assert SkillStats.objects.get(agent=agent).total_samples == 5  # the summary row stays
    assert SkillOutcome.objects.count() == 0


def test_dry_run_deletes_nothing():
    _, client = client_for("alice")
    ingest(client, [{"type": "observation", "timestamp": OLD.isoformat(), "body": {"text": "old"}}])
    out = io.StringIO()
    call_command("prune_events", "--older-than", "30", "--dry-run", stdout=out)
    assert "observation: would delete 1" in out.getvalue()
    assert Observation.objects.count() == 1


def test_a_correction_outlives_the_window_while_its_fact_is_active():
    """Retention asks the keepers registered at start-up: the correction behind an active fact is
    kept, the one behind a retired fact goes like any other old event."""
    from learning.models import LearnedFact
    from telemetry.models import Correction

    _, client = client_for("alice")
    ingest(
        client,
        [
            {
                "type": "correction",
                "timestamp": (OLD + timedelta(minutes=i)).isoformat(),
                "body": {"session_id": f"s{i}", "user_message": message},
            }
            for i, message in enumerate(["No, use pnpm for deps.", "Stop adding emojis."])
        ],
    )
    kept, retired = LearnedFact.objects.order_by("created_at")
    LearnedFact.objects.filter(pk=retired.pk).update(status=LearnedFact.Status.RETIRED)
    call_command("prune_events", "--older-than", "90", stdout=io.StringIO())
    assert list(Correction.objects.values_list("pk", flat=True)) == [kept.correction_id]


def test_feedback_cited_by_a_proposal_keeps_its_source_event():
    from learning.models import FeedbackItem

    agent, client = client_for("alice")
    ingest(client, [{"type": "observation", "timestamp": OLD.isoformat(), "body": {"text": "too verbose"}}])
    obs = Observation.objects.get()
    item = FeedbackItem.objects.get(  # classified as it arrived
        template=agent.template, source_type="observation", source_id=str(obs.pk)
    )
    assert (item.sentiment, item.category) == ("negative", "communication")
    evidence = {
        "feedback_items": [item.pk],
        "cites": events_behind_feedback([item.pk]),
    }  # as the ritual cites
    assert evidence["cites"] == {"observation": [obs.pk]}
    proposal_create(type="template_evolution", title="t", evidence=evidence)
    call_command("prune_events", "--older-than", "30", stdout=io.StringIO())
    assert Observation.objects.filter(pk=obs.pk).exists()


def test_the_daily_beat_entry_exists():
    from django_celery_beat.models import PeriodicTask

    assert PeriodicTask.objects.get(name="telemetry.prune_events").crontab.hour == "3"


def test_improve_cycle_command_reports_json():
    out = io.StringIO()
    call_command("improve_cycle", "--json", stdout=out)
    data = json.loads(out.getvalue())
    assert data == {"stale_moved_to_blocked": [], "scans": []}


def test_events_a_friction_proposal_cites_outlive_the_window(django_capture_on_commit_callbacks):
    _, client = client_for("alice")
    failures = [
        {
            "type": "tool_invocation",
            "timestamp": (OLD + timedelta(minutes=i)).isoformat(),
            "body": {
                "session_id": "s",
                "tool": "npm_install",
                "outcome": "failure",
                "failure_mode": "NOTFOUND.package",
                "duration_ms": 5,
            },
        }
        for i in range(3)
    ]
    with django_capture_on_commit_callbacks(execute=True):
        ingest(client, failures)
    proposal = Proposal.objects.get(type="new_tool")
    assert len(proposal.evidence["cites"]["tool_invocation"]) == 3
    call_command("prune_events", "--older-than", "30", stdout=io.StringIO())
    assert ToolInvocation.objects.count() == 3


def test_a_digest_derived_after_a_prune_says_which_events_were_retired(broker_down):
    """The worker is down while a session's events age past the retention window: its failures
    and its end wait for their derived work and are kept, its successful calls are retired. The
    digest derived afterwards counts what was kept, and says that events before the horizon were
    retired; a session the prune could not have touched says nothing of the kind."""
    from telemetry.derived import derive_pending
    from telemetry.models import SessionEnd

    _, client = client_for("alice")

    def session(name: str, at) -> list[dict]:
        calls = [
            {
                "type": "tool_invocation",
                "timestamp": (at + timedelta(minutes=i)).isoformat(),
                "body": {"session_id": name, "tool": "npm_install", "duration_ms": 5, "outcome": "success"}
                | ({"outcome": "failure", "failure_mode": "NOTFOUND.package"} if i < 3 else {}),
            }
            for i in range(5)
        ]
        end = {
            "type": "session_end",
            "timestamp": (at + timedelta(minutes=9)).isoformat(),
            "body": {"session_id": name},
        }
        return [*calls, end]

    ingest(client, session("old", OLD) + session("recent", FIXED_NOW - timedelta(days=1)))
    out = io.StringIO()
    call_command("prune_events", "--older-than", "90", "--json", stdout=out)
    pruned = json.loads(out.getvalue())
    assert pruned["tool_invocation"] == 2  # the old session's two successes
    derive_pending()  # the worker is back
    old, recent = (SessionEnd.objects.get(session_id=name).digest for name in ("old", "recent"))
    assert (old["counts"]["tool_calls"], old["counts"]["failures"]) == (3, 3)  # what was kept
    assert old["retired_before"] == pruned["retired_before"]  # the cutoff (its day's start on PostgreSQL)
    assert pruned["retired_before"] <= (FIXED_NOW - timedelta(days=90)).isoformat()
    assert (recent["counts"]["tool_calls"], recent["counts"]["failures"]) == (5, 3)
    assert "retired_before" not in recent


def test_exposures_of_ended_canaries_go_past_the_window_and_a_running_canarys_stay(clock):
    from fleet.documents import candidate_end, candidate_start, document_version_append
    from fleet.models import Document, Exposure

    agent, client = client_for("alice")
    document = Document.objects.get(pk=agent.template.document_id)

    def canary_reads(at, prefix: str, n: int) -> None:  # each read of a new session records one
        clock.move_to(at, tick=False)
        for i in range(n):
            assert client.get(DIRECTIVES, {"session_id": f"{prefix}-{i}"}).status_code == 200

    ended = document_version_append(document=document, text="Cite sources.\n", as_candidate=True)
    candidate_start(document=document, version=ended, agent_ids=[agent.pk], share=0.5, at=OLD)
    canary_reads(OLD, "old", 7)
    canary_reads(FIXED_NOW - timedelta(days=10), "recent", 3)
    candidate_end(document=document, promote=False)
    running = document_version_append(document=document, text="Be brief.\n", as_candidate=True)
    candidate_start(document=document, version=running, agent_ids=[agent.pk], share=0.5, at=OLD)
    canary_reads(OLD, "running", 4)  # a canary that has run for 120 days
    clock.move_to(FIXED_NOW, tick=False)
    out = io.StringIO()
    call_command("prune_events", "--older-than", "90", "--batch-size", "2", "--json", stdout=out)
    assert json.loads(out.getvalue())["exposures"] == 7
    kept = Exposure.objects.values_list("candidate_id", "session_key")
    assert sorted(kept) == sorted(
        [(ended.pk, f"recent-{i}") for i in range(3)] + [(running.pk, f"running-{i}") for i in range(4)]
    )
    first = Exposure.objects.select_related("version").get(session_key="running-0").version.number
    assert client.get(DIRECTIVES, {"session_id": "running-0"}).json()["version"] == first  # as before
    candidate_end(document=document, promote=False)  # once it ends, its old exposures go too
    call_command("prune_events", "--older-than", "90", stdout=io.StringIO())
    assert sorted(Exposure.objects.values_list("session_key", flat=True)) == [f"recent-{i}" for i in range(3)]
