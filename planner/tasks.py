from celery import shared_task

from config.webhooks import RETRY, DeliveryError
from fleet.ticks import periodic
from planner import services
from planner.models import Dispatch


@periodic("planner.fleet_health_snapshot", soft_time_limit=300)
def fleet_health_snapshot() -> int:
    """Every 60 s: store fleet health, evaluate goals, run outcome analysis (once per minute)."""
    return services.fleet_snapshot_take().pk


@shared_task(name="planner.dispatch_notify", **RETRY)
def dispatch_notify(dispatch_id: int) -> bool:
    """Tell humans about a dispatch whose HITL mode asks for it (notification, veto, gated)."""
    return services.dispatch_notify(dispatch_id=dispatch_id)


@shared_task(name="planner.dispatch_deliver", **RETRY)
def dispatch_deliver(dispatch_id: int) -> bool:
    """POST a dispatch to its agent's webhook; each failure is kept on the dispatch."""
    try:
        return services.dispatch_deliver(dispatch_id=dispatch_id)
    except DeliveryError as exc:
        Dispatch.objects.filter(pk=dispatch_id).update(last_error=str(exc)[:500])
        raise
