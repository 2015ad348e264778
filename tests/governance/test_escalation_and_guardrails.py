import pytest

from governance.board.services import task_create, task_update
from governance.models import BoardTask, Escalation, ImproveCycle

pytestmark = pytest.mark.django_db


def block(title: str, text: str, source: str = "autonomy", kind: str = "goal") -> BoardTask:
    task = task_create(title=title, source=source, kind=kind)
    task_update(task=task, changes={"status": "running"})
    return task_update(task=task, changes={"status": "blocked", "result": text})


def systemic():
    return BoardTask.objects.filter(title__startswith="[Systemic]")


def test_escalation_fires_at_exactly_five_and_posts_once(
    settings, webhook_receiver, django_capture_on_commit_callbacks
):
    settings.KAIZEN = {
        **settings.KAIZEN,
        "ESCALATION_WEBHOOK_URL": webhook_receiver.url,
        "FOLLOWUPS_PER_CYCLE": 100,
    }
    with django_capture_on_commit_callbacks(execute=True):
        for i in range(4):
            block(f"task {i}", "fatal: Authentication failed")
    assert not systemic().exists() and webhook_receiver.requests == []
    with django_capture_on_commit_callbacks(execute=True):
        block("task 4", "fatal: Authentication failed")
    task = systemic().get()
    assert (task.title, task.kind, task.source, task.priority) == (
        "[Systemic] Investigate recurring infra_tooling failures",
        "improve",
        "improve",
        "high",
    )
    assert webhook_receiver.requests[0]["json"]["classification"] == "infra_tooling"
    with django_capture_on_commit_callbacks(execute=True):
        block("task 5", "fatal: Authentication failed")  # within the cooldown: no second POST, no second task
    assert systemic().count() == 1 and len(webhook_receiver.requests) == 1
    assert Escalation.objects.get().count == 1


def test_after_the_cooldown_the_webhook_fires_again(
    settings, webhook_receiver, django_capture_on_commit_callbacks
):
    settings.KAIZEN = {
        **settings.KAIZEN,
        "ESCALATION_WEBHOOK_URL": webhook_receiver.url,
        "ESCALATION_COOLDOWN_SECONDS": 0,
    }
    with django_capture_on_commit_callbacks(execute=True):
        for i in range(6):
            block(f"t{i}", "No space left on device")
    assert len(webhook_receiver.requests) == 2 and systemic().count() == 1


def test_a_closed_systemic_task_can_be_raised_again():
    for i in range(5):
        block(f"t{i}", "permission denied")
    first = systemic().get()
    task_update(task=first, changes={"status": "cancelled"})
    block("t5", "permission denied")
    assert systemic().filter(status="backlog").count() == 1


def test_follow_ups_are_capped_per_cycle(settings):
    settings.KAIZEN = {**settings.KAIZEN, "FOLLOWUPS_PER_CYCLE": 2}
    ImproveCycle.objects.create(name="improve", count=7)
    for i in range(3):
        block(f"refactor {i}", f"yaml parse error in config {i}")
    assert BoardTask.objects.filter(dedup_key__startswith="followup:").count() == 2
    third = BoardTask.objects.get(title="refactor 2")
    assert "the cap of 2 follow-ups this cycle" in third.comments.get(kind="triage").body


def test_one_follow_up_per_source_task_and_reason():
    task = block("export", "No module named httpx")
    task_update(task=task, changes={"status": "running"})
    task_update(task=task, changes={"status": "blocked", "result": "No module named httpx"})
    assert BoardTask.objects.filter(parent=task).count() == 1
    assert "already open" in task.comments.filter(kind="triage").last().body


def test_no_recursive_follow_ups_for_improve_generated_tasks():
    task = block("analysis", "No module named httpx", source="improve")
    assert not BoardTask.objects.filter(parent=task).exists()
    assert "no recursive follow-ups" in task.comments.get(kind="triage").body


def test_a_repeated_pattern_gets_one_system_fix_instead_of_many_children(settings):
    settings.KAIZEN = {**settings.KAIZEN, "FOLLOWUPS_PER_CYCLE": 100}
    for i in range(6):
        block(f"task {i}", f"ModuleNotFoundError: No module named 'mod{i}'")
    assert BoardTask.objects.filter(dedup_key__startswith="followup:").count() == 3
    fix = BoardTask.objects.get(dedup_key="systemfix:dependency_missing")
    assert fix.title == "[System fix] Recurring dependency_missing across tasks"
    assert fix.comments.filter(body__startswith="Also blocked on").count() == 3


def test_cancelled_autonomy_proposal_keys_are_suppressed_and_removable_by_a_human(approver_client):
    from governance.models import SuppressedKey
    from governance.services import proposal_create, proposal_reject

    p = proposal_create(type="goal", title="x", dedup_key="Goal:X", source="autonomy")
    from tests.factories import approver

    proposal_reject(proposal=p, actor=approver("boss"), reason="no")
    key = SuppressedKey.objects.get()
    page = approver_client.get("/admin/governance/suppressedkey/").content.decode()
    assert "Goal:X" in page
    approver_client.post(f"/admin/governance/suppressedkey/{key.pk}/delete/", {"post": "yes"})
    assert not SuppressedKey.objects.exists()
    assert proposal_create(type="goal", title="again", dedup_key="goal:x", source="autonomy").pk
