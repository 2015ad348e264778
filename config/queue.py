"""Queueing a task once the current transaction commits, without letting a broker outage fail
the caller: the work was committed, so the request (or admin action) that did it succeeds.

Each task queued this way is a delivery or a nudge that also has a durable path: derived work
is drained from stored to-do lists by beat, dispatches can be polled by the agent, and reviews
are listed in the admin. A failed publication is logged with what was not queued.
"""

import logging

from celery import current_app
from django.db import transaction
from kombu.exceptions import OperationalError as BrokerError

log = logging.getLogger(__name__)


def registered(name: str):
    """The task registered under `name`, importing the apps' task modules if this process has not
    yet (a web process imports them only when something first queues one)."""
    if name not in current_app.tasks:
        current_app.loader.import_default_modules()
    return current_app.tasks[name]


def publish(task, *args) -> bool:
    """Queue `task(*args)` now (a task or its registered name); False, and a warning, when the
    broker cannot be reached. By name, a service queues its own task without importing the
    task module that imports it back."""
    if isinstance(task, str):
        task = registered(task)
    try:
        task.apply_async(args=args, retry_policy={"max_retries": 1, "interval_start": 0.1})
    except (BrokerError, ConnectionError, TimeoutError) as exc:
        log.warning("broker unavailable, %s%r not queued: %s", task.name, args, exc)
        return False
    return True


def publish_after_commit(task, *args) -> None:  # task: a task or its registered name
    """Queue `task(*args)` once the surrounding transaction commits (at once outside one)."""
    transaction.on_commit(lambda: publish(task, *args))
