"""What telemetry wires at start-up (TelemetryConfig.ready): the `__any_of` lookup every app's
queries may use, the MCP server's report tools, the beat schedule written after `migrate`, and
the event tables' partitions made sure of after `migrate` and when a worker or beat starts."""

from celery.signals import beat_init, worker_ready
from django.db import connections
from django.db.models import Field
from django.db.models.signals import post_migrate

from config.schedule import sync_periodic_tasks
from telemetry.intake import mcp
from telemetry.partitions import partitions_ensure
from telemetry.row_reads import AnyOf


def partitions_at_migrate(using: str = "default", **kwargs) -> None:
    """Every `migrate` leaves the event tables with partitions for now and the periods ahead, so a
    new install stores its first event in its own partition."""
    if connections[using].vendor == "postgresql":
        partitions_ensure()


def partitions_at_start(sender=None, **kwargs) -> None:
    """A worker or beat starting asks for the partitions at once rather than at the next hour."""
    app = getattr(sender, "app", None)
    if app is not None:
        app.send_task("telemetry.partitions_ensure")


def register(app_config) -> None:
    Field.register_lookup(AnyOf)
    for report in (mcp.report_tool_call, mcp.report_outcome, mcp.report_correction, mcp.report_feedback):
        mcp.server.tool()(report)
    post_migrate.connect(sync_periodic_tasks, sender=app_config, dispatch_uid="kaizen-beat-sync")
    post_migrate.connect(partitions_at_migrate, sender=app_config, dispatch_uid="kaizen-partitions")
    beat_init.connect(partitions_at_start, dispatch_uid="kaizen-partitions-beat")
    worker_ready.connect(partitions_at_start, dispatch_uid="kaizen-partitions-worker")
