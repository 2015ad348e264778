from celery.signals import beat_init, worker_ready
from django.apps import AppConfig
from django.db.models.signals import post_migrate


class TelemetryConfig(AppConfig):
    name = "telemetry"
    verbose_name = "Telemetry"

    def ready(self) -> None:
        from config.schedule import sync_periodic_tasks

        # the derived-work runner, and the `__any_of` lookup every app's queries may use
        from telemetry import derived, row_reads  # noqa: F401

        post_migrate.connect(sync_periodic_tasks, sender=self, dispatch_uid="kaizen-beat-sync")
        post_migrate.connect(partitions_at_migrate, sender=self, dispatch_uid="kaizen-partitions")
        beat_init.connect(partitions_at_start, dispatch_uid="kaizen-partitions-beat")
        worker_ready.connect(partitions_at_start, dispatch_uid="kaizen-partitions-worker")


def partitions_at_migrate(using: str = "default", **kwargs) -> None:
    """Every `migrate` leaves the event tables with partitions for now and the periods ahead, so a
    new install stores its first event in its own partition."""
    from django.db import connections

    from telemetry.partitions import partitions_ensure

    if connections[using].vendor == "postgresql":
        partitions_ensure()


def partitions_at_start(sender=None, **kwargs) -> None:
    """A worker or beat starting asks for the partitions at once rather than at the next hour."""
    app = getattr(sender, "app", None)
    if app is not None:
        app.send_task("telemetry.partitions_ensure")
