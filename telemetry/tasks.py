from celery import shared_task

from telemetry import services


@shared_task(name="telemetry.agent_activity_refresh")
def agent_activity_refresh() -> int:
    return services.agent_activity_refresh()


@shared_task(name="telemetry.detect_friction")
def detect_friction(agent_id: int, invocation_ids: list[int]) -> int:
    """Loop 1 for newly stored failures; safe to run twice (friction fires once per pair)."""
    from telemetry.loops import friction_detect
    from telemetry.models import Agent, ToolInvocation

    agent = Agent.objects.get(pk=agent_id)
    rows = list(
        ToolInvocation.objects.filter(pk__in=invocation_ids).values(
            "id", "session_id", "tool", "failure_mode", "outcome", "occurred_at"
        )
    )
    return len(friction_detect(agent=agent, rows=rows))
