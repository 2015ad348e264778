from datetime import timedelta

import pytest

from governance.board.scans import SCANS, improve_cycle_run, reconcile_stale_running
from governance.board.services import comment_add, task_create, task_update
from governance.models import BoardTask, ImproveCycle, SuppressedKey, TaskFeedback
from tests.conftest import FIXED_NOW
from tests.governance.fake_forge import FakeForge

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
NOW = FIXED_NOW


@pytest.fixture
def forge(settings):
    settings.KAIZEN = {**settings.KAIZEN, "FORGE_CLASS": "tests.governance.fake_forge.FakeForge"}
    FakeForge.prs, FakeForge.workspaces_state, FakeForge.closed = {}, {}, []
    return FakeForge


def run_cycle(n: int):
    """Run the cycle with the counter set so that the next cycle is `n`."""
    ImproveCycle.objects.update_or_create(name="improve", defaults={"count": n - 1})
    return {r.scan: r for r in improve_cycle_run(now=NOW)}


@pytest.mark.parametrize(
    ("cycle", "expected"),
    [
        (1, set()),
        (3, {"review_revision"}),
        (5, {"merge_conflict"}),
        (8, {"awaiting_input"}),
        (10, {"merge_conflict", "post_merge_regression"}),
        (15, {"review_revision", "merge_conflict", "feedback_loop"}),
        (20, {"merge_conflict", "post_merge_regression", "stale_pr"}),
        (25, {"merge_conflict", "workspace_health"}),
        (
            30,
            {"review_revision", "merge_conflict", "post_merge_regression", "feedback_loop", "stale_autonomy"},
        ),
        (45, {"review_revision", "merge_conflict", "feedback_loop", "priority_rescore"}),
    ],
)
def test_scan_frequencies(cycle, expected):
    assert set(run_cycle(cycle)) == expected
    assert ImproveCycle.objects.get().count == cycle


def test_forge_scans_record_a_skipped_run_without_a_forge():
    runs = run_cycle(3)
    assert runs["review_revision"].status == "skipped" and "no forge" in runs["review_revision"].detail


def pr_task(url="https://forge.example/pr/1", status="running", **kw):
    task = task_create(title="Add export", kind="goal", pr_url=url, **kw)
    if status != "backlog":
        task_update(task=task, changes={"status": "running"})
        if status != "running":
            task_update(task=task, changes={"status": status})
    return BoardTask.objects.get(pk=task.pk)


def test_review_revision_and_merge_conflict_create_fix_pr_tasks_once(forge):
    task = pr_task()
    forge.prs[task.pr_url] = {"review": "CHANGES_REQUESTED", "mergeable": False}
    assert run_cycle(3)["review_revision"].counts == {"checked": 1, "created": 1}
    assert run_cycle(6)["review_revision"].counts["created"] == 0  # deduplicated while open
    assert run_cycle(5)["merge_conflict"].counts["created"] == 1
    titles = set(BoardTask.objects.filter(kind="fix_pr").values_list("title", flat=True))
    assert titles == {"[Revise] Add export", "[Rebase] Add export"}


def test_post_merge_regression(forge):
    task = pr_task(status="done")
    forge.prs[task.pr_url] = {"state": "merged", "ci": "failure"}
    assert run_cycle(10)["post_merge_regression"].counts == {"checked": 1, "created": 1}
    assert BoardTask.objects.get(title__startswith="[Regression]").priority == "high"


def test_feedback_loop_records_outcomes_and_human_rejections(forge):
    merged = pr_task(status="done")
    forge.prs[merged.pr_url] = {"state": "merged"}
    rejected = task_create(title="Autonomy idea", source="autonomy", dedup_key="idea:1")
    task_update(task=rejected, changes={"status": "cancelled"})
    stale = task_create(title="Old idea", source="autonomy", dedup_key="idea:2")
    comment_add(task=stale, body="<!-- kaizen:stale-autonomy-scan -->")
    task_update(task=stale, changes={"status": "cancelled"})
    run = run_cycle(15)["feedback_loop"]
    assert run.counts == {"pr_outcomes": 1, "human_rejections": 1}
    assert TaskFeedback.objects.get(task=merged).outcome == "merged"
    assert SuppressedKey.objects.filter(key="idea:1").exists()
    assert not SuppressedKey.objects.filter(key="idea:2").exists()


def test_feedback_loop_without_a_forge_still_records_rejections():
    rejected = task_create(title="Autonomy idea", source="autonomy", dedup_key="idea:1")
    task_update(task=rejected, changes={"status": "cancelled"})
    run = run_cycle(15)["feedback_loop"]
    assert run.status == "partial" and run.counts["human_rejections"] == 1


def test_stale_pr_closes_once_and_requeues(forge):
    task = pr_task()
    forge.prs[task.pr_url] = {"age": 8}
    assert run_cycle(20)["stale_pr"].counts == {"closed": 1}
    task.refresh_from_db()
    assert task.status == "backlog" and task.pr_state == "closed" and forge.closed == [task.pr_url]
    fresh = pr_task(url="https://forge.example/pr/2")
    forge.prs[fresh.pr_url] = {"age": 7}  # exactly 7 days is not older than 7
    assert run_cycle(40)["stale_pr"].counts == {"closed": 0}


def test_workspace_health(forge):
    forge.workspaces_state = {"api": True, "web": False}
    assert run_cycle(25)["workspace_health"].counts == {"checked": 2, "created": 1}
    assert BoardTask.objects.get(title="[Workspace] Repair environment for web").priority == "high"


def test_stale_autonomy_cancels_old_backlog_tasks_with_a_marker():
    old = task_create(title="old", source="autonomy")
    BoardTask.objects.filter(pk=old.pk).update(created_at=NOW - timedelta(days=22))
    young = task_create(title="young", source="autonomy")
    BoardTask.objects.filter(pk=young.pk).update(created_at=NOW - timedelta(days=20))
    assert run_cycle(30)["stale_autonomy"].counts == {"cancelled": 1}
    old.refresh_from_db()
    assert old.status == "cancelled"
    assert old.comments.filter(body__contains="kaizen:stale-autonomy-scan").exists()
    # the feedback loop does not count it as a human rejection
    assert run_cycle(45)["feedback_loop"].counts["human_rejections"] == 0


@pytest.mark.parametrize(
    ("merged", "closed", "effect"), [(1, 4, "demote"), (4, 1, "promote"), (3, 2, "none")]
)
def test_priority_rescore_uses_acceptance(merged, closed, effect):
    for i in range(merged + closed):
        done = task_create(title=f"done {i}", source="autonomy")
        TaskFeedback.objects.create(
            task=done, outcome="merged" if i < merged else "closed", source="autonomy"
        )
    waiting = task_create(title="waiting", source="autonomy")
    run = run_cycle(45)["priority_rescore"]
    waiting.refresh_from_db()
    if effect == "demote":
        assert waiting.priority == "low" and "signal_stale" in waiting.labels
    elif effect == "promote":
        assert waiting.priority == "high"
    else:
        assert (waiting.priority, waiting.labels) == ("medium", [])
    assert run.counts["acceptance"] == pytest.approx(merged / (merged + closed))


def test_awaiting_input_requeues_with_the_human_answer(clock):
    task = task_create(title="Migrate")
    task_update(task=task, changes={"status": "running"})
    task_update(
        task=task,
        changes={
            "status": "blocked",
            "result": "<!-- kaizen:question: Which database, Postgres or MySQL? -->",
        },
    )
    assert run_cycle(8)["awaiting_input"].counts == {"checked": 1, "requeued": 0}
    clock.move_to(NOW + timedelta(minutes=5), tick=False)  # the human answers a little later
    comment_add(task=task, body="Postgres, please.", author="ops", kind="human")
    assert run_cycle(16)["awaiting_input"].counts == {"checked": 1, "requeued": 1}
    task.refresh_from_db()
    assert task.status == "backlog" and task.body.endswith("Answer: Postgres, please.")


@pytest.mark.parametrize(
    ("kind", "ttl"),
    [("goal", 120), ("test", 45), ("improve", 30), ("fix_pr", 45), ("other", 90), ("test_campaign", 45)],
)
def test_ttl_boundaries_per_kind(kind, ttl):
    task = task_create(title=f"{kind} task", kind=kind)
    task_update(task=task, changes={"status": "running"}, now=NOW)
    assert reconcile_stale_running(now=NOW + timedelta(minutes=ttl)) == []
    assert reconcile_stale_running(now=NOW + timedelta(minutes=ttl, seconds=1)) == [task.pk]
    task.refresh_from_db()
    assert task.status == "blocked" and "Stale: no update" in task.result and task.classification


def test_a_recent_update_keeps_a_long_running_task_alive():
    task = task_create(title="long", kind="improve")
    task_update(task=task, changes={"status": "running"}, now=NOW)
    comment_add(task=task, body="still working")  # updates updated_at to now (real time)
    BoardTask.objects.filter(pk=task.pk).update(updated_at=NOW + timedelta(minutes=29))
    assert reconcile_stale_running(now=NOW + timedelta(minutes=45)) == []


def test_every_scan_is_listed_with_its_frequency():
    assert {n: f for n, (f, _, _) in SCANS.items()} == {
        "review_revision": 3,
        "merge_conflict": 5,
        "awaiting_input": 8,
        "post_merge_regression": 10,
        "feedback_loop": 15,
        "stale_pr": 20,
        "workspace_health": 25,
        "stale_autonomy": 30,
        "priority_rescore": 45,
    }


@pytest.mark.django_db(transaction=True)
def test_the_forge_is_asked_with_no_transaction_open(forge, monkeypatch):
    """A forge that hangs must hold no row lock: every call finds no transaction open."""
    from django.db import connection

    from planner.services import fleet_snapshot_take

    seen = []
    for method in ("ci_success_rate", "workspaces", "pr_state", "pr_mergeable", "pr_review_state"):
        real = getattr(FakeForge, method)

        def recording(self, *args, _real=real):
            seen.append(connection.in_atomic_block)
            return _real(self, *args)

        monkeypatch.setattr(FakeForge, method, recording)
    FakeForge.workspaces_state = {"ws": True}
    task_create(title="a PR", pr_url="https://forge.example/pr/1", status="review")
    fleet_snapshot_take(now=NOW)
    run_cycle(30)
    assert len(seen) >= 3 and not any(seen)
