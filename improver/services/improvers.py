"""Improver agents: create them, change their lifecycle, and wake the ones that are due."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction

from config import clock
from config.errors import ApplicationError
from config.queue import publish_after_commit
from fleet.models import Agent, AgentTemplate
from improver.lifecycle import next_lifecycle
from improver.models import ImproverAgent


@transaction.atomic
def improver_create(
    *, template: AgentTemplate, wake_at: datetime | None = None, window_days: int = 7
) -> ImproverAgent:
    """A first-class improver agent for `template` (one per template), active and scheduled."""
    if ImproverAgent.objects.filter(active_template=template).exists():
        raise ApplicationError(
            f"Template '{template.slug}' already has an improver.",
            {"fields": {"template": ["Already has an improver."]}},
        )
    kind = Agent.Kind.META_IMPROVER if template.level >= 1 else Agent.Kind.TEMPLATE_IMPROVER
    runs = AgentTemplate.objects.filter(kind=kind).first()
    agent, _ = Agent.objects.get_or_create(
        name=f"{template.slug}-improver", defaults={"kind": kind, "template": runs}
    )
    if template.level >= 1 and window_days == 7:  # improver templates are evolved monthly
        window_days = settings.KAIZEN["META_IMPROVER_PERIOD_DAYS"]
    improver = ImproverAgent.objects.create(
        agent=agent,
        active_template=template,
        lifecycle=ImproverAgent.Lifecycle.ACTIVE,
        recursion_depth=template.level + 1,
        feedback_window_days=window_days,
    )
    improver.scheduled_wake_at = wake_at or clock.now() + timedelta(days=improver.window_days)
    improver.save(update_fields=["scheduled_wake_at"])
    return improver


@transaction.atomic
def improver_set_lifecycle(*, improver: ImproverAgent, lifecycle: str) -> ImproverAgent:
    improver = ImproverAgent.objects.select_for_update().get(pk=improver.pk)
    improver.lifecycle = next_lifecycle(improver.lifecycle, lifecycle)
    improver.save(update_fields=["lifecycle"])
    return improver


def wake_due_improvers(*, now: datetime | None = None) -> list[tuple[int, str]]:
    """Enqueue a ritual for every active improver whose scheduled wake has come (missed ones too).

    The period is the scheduled wake itself, so however many times this runs (two beat
    processes, a retried task) each wake is claimed once by `ritual_run`.
    """
    now = now or clock.now()
    due = list(
        ImproverAgent.objects.filter(
            lifecycle=ImproverAgent.Lifecycle.ACTIVE, scheduled_wake_at__lte=now
        ).values_list("pk", "scheduled_wake_at")
    )
    enqueued = []
    for pk, wake_at in due:
        period = wake_at.isoformat()
        publish_after_commit("improver.run_ritual", pk, period, now.isoformat())
        enqueued.append((pk, period))
    return enqueued
