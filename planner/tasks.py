from celery import shared_task

from config.webhooks import DeliveryError
from planner import services
from telemetry.ticks import periodic


@periodic("planner.fleet_health_snapshot")
def fleet_health_snapshot() -> int:
    """Every 60 s: store fleet health, evaluate goals, run outcome analysis (once per minute)."""
    return services.fleet_snapshot_take().pk


@shared_task(name="planner.dispatch_notify", bind=True, max_retries=5)
def dispatch_notify(self, dispatch_id: int) -> bool:
    """Tell humans about a dispatch whose HITL mode asks for it (notification, veto, gated)."""
    try:
        return services.dispatch_notify(dispatch_id=dispatch_id)
    except DeliveryError as exc:
        raise self.retry(exc=exc, countdown=min(600, 10 * 2**self.request.retries)) from exc


@shared_task(name="planner.dispatch_deliver", bind=True, max_retries=5)
def dispatch_deliver(self, dispatch_id: int) -> bool:
    try:
        return services.dispatch_deliver(dispatch_id=dispatch_id)
    except DeliveryError as exc:
        from planner.models import Dispatch

        Dispatch.objects.filter(pk=dispatch_id).update(last_error=str(exc)[:500])
        raise self.retry(exc=exc, countdown=min(300, 5 * 2**self.request.retries)) from exc
