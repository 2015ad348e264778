from celery import shared_task

from telemetry import services


@shared_task(name="telemetry.agent_activity_refresh")
def agent_activity_refresh() -> int:
    return services.agent_activity_refresh()
