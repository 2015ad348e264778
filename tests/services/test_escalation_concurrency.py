"""Escalation creates one systemic task even when blocks arrive concurrently (PostgreSQL)."""

from functools import partial

from governance.board.services import task_create, task_update
from governance.models import BoardTask, Escalation
from tests.concurrency import at_once


def test_concurrent_blocks_escalate_once(postgres, transactional_db, settings):
    settings.KAIZEN = {**settings.KAIZEN, "FOLLOWUPS_PER_CYCLE": 100}
    tasks = []
    for i in range(8):
        task = task_create(title=f"t{i}")
        task_update(task=task, changes={"status": "running"})
        tasks.append(task)
    errors = []

    def block(task):
        try:
            task_update(task=task, changes={"status": "blocked", "result": "fatal: Authentication failed"})
        except Exception as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)

    at_once(*(partial(block, task) for task in tasks))
    assert not errors
    assert BoardTask.objects.filter(title__startswith="[Systemic]").count() == 1
    assert Escalation.objects.get().count == 1
