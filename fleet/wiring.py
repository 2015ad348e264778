"""What fleet wires at start-up (FleetConfig.ready): the price table is edited in the admin
(checked by its parser), its shipped defaults are written after `migrate`, a webhook given up
on is recorded, the hot cache forgets a saved agent, token or document at once, and the OpenAPI
schema knows the two token schemes."""

from django.db.models.signals import post_migrate, post_save

from config.webhooks import delivery_given_up
from fleet import hot_cache
from fleet.documents import on_validate
from fleet.models import Agent, ApiToken, Document
from fleet.pricing import DOCUMENT, ensure_default, parse_prices
from fleet.schema import BASIC, BEARER, auth_scheme
from fleet.services import webhook_failure_record


def register(app_config) -> None:
    on_validate(DOCUMENT, parse_prices)
    post_migrate.connect(ensure_default, sender=app_config, dispatch_uid="kaizen-price-defaults")
    delivery_given_up.connect(webhook_failure_record, dispatch_uid="kaizen-webhook-failures")
    post_save.connect(hot_cache.agent_saved, sender=Agent, dispatch_uid="hot-cache-agent")
    post_save.connect(hot_cache.document_saved, sender=Document, dispatch_uid="hot-cache-document")
    post_save.connect(hot_cache.token_saved, sender=ApiToken, dispatch_uid="hot-cache-token")
    auth_scheme("fleet.auth.BearerTokenAuthentication", "bearerToken", BEARER)
    auth_scheme("fleet.auth.BasicTokenAuthentication", "basicToken", BASIC)
