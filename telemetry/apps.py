from django.apps import AppConfig
from django.db.models.signals import post_migrate


class TelemetryConfig(AppConfig):
    name = "telemetry"
    verbose_name = "Telemetry"

    def ready(self) -> None:
        from config.schedule import sync_periodic_tasks
        from telemetry import derived, loops, schema  # noqa: F401  (ingest hooks of loops 1-3; OpenAPI auth)

        post_migrate.connect(sync_periodic_tasks, sender=self, dispatch_uid="kaizen-beat-sync")
