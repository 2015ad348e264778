from django.apps import AppConfig
from django.db.models.signals import post_migrate


class TelemetryConfig(AppConfig):
    name = "telemetry"
    verbose_name = "Telemetry"

    def ready(self) -> None:
        from config.schedule import sync_periodic_tasks
        from telemetry import derived, loops, schema  # noqa: F401  (ingest hooks of loops 1-3; OpenAPI auth)
        from telemetry.documents import on_validate
        from telemetry.pricing import DOCUMENT, ensure_default, parse_prices

        on_validate(DOCUMENT, parse_prices)  # the price table is edited in the admin
        post_migrate.connect(ensure_default, sender=self, dispatch_uid="kaizen-price-defaults")

        post_migrate.connect(sync_periodic_tasks, sender=self, dispatch_uid="kaizen-beat-sync")
