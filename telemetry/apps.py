from django.apps import AppConfig
from django.db.models.signals import post_migrate


class TelemetryConfig(AppConfig):
    name = "telemetry"
    verbose_name = "Telemetry"

    def ready(self) -> None:
        from config.schedule import sync_periodic_tasks
        from telemetry import schema  # noqa: F401  (registers the OpenAPI auth scheme)

        post_migrate.connect(sync_periodic_tasks, sender=self, dispatch_uid="kaizen-beat-sync")
