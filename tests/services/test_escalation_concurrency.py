"""Escalation creates one systemic task even when blocks arrive concurrently (PostgreSQL)."""

import threading

from django.db import connection

from governance.board.services import task_create, task_update
from governance.models import BoardTask, Escalation


def test_concurrent_blocks_escalate_once(postgres, transactional_db, settings):
    settings.KAIZEN = {**settings.KAIZEN, "FOLLOWUPS_PER_CYCLE": 100}
    tasks = []
    for i in range(8):
        task = task_create(title=f"t{i}")
        task_update(task=task, changes={"status": "running"})
        tasks.append(task)
    barrier = threading.Barrier(len(tasks))
    errors = []

    def block(task):
        try:
            barrier.wait()
            task_update(task=task, changes={"status": "blocked", "result": "fatal: Authentication failed"})
        except Exception as exc:  # noqa: BLE001 - surfaced below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=block, args=(t,)) for t in tasks]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    assert BoardTask.objects.filter(title__startswith="[Systemic]").count() == 1
    assert Escalation.objects.get().count == 1
