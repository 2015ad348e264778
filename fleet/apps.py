from django.apps import AppConfig
from django.db.models.signals import post_migrate


class FleetConfig(AppConfig):
    name = "fleet"
    verbose_name = "Fleet"

    def ready(self) -> None:
        from config.webhooks import delivery_given_up
        from fleet import hot_cache, schema  # noqa: F401  (the token cache forgets changed rows; OpenAPI auth)
        from fleet.documents import on_validate
        from fleet.pricing import DOCUMENT, ensure_default, parse_prices
        from fleet.services import webhook_failure_record

        on_validate(DOCUMENT, parse_prices)  # the price table is edited in the admin
        post_migrate.connect(ensure_default, sender=self, dispatch_uid="kaizen-price-defaults")
        delivery_given_up.connect(webhook_failure_record, dispatch_uid="kaizen-webhook-failures")
