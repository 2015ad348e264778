from telemetry import services
from telemetry.ticks import periodic


@periodic("telemetry.agent_activity_refresh")
def agent_activity_refresh() -> int:
    return services.agent_activity_refresh()


@periodic("telemetry.derive_pending")
def derive_pending() -> int:
    """Every few seconds: loop 1 over stored failures not yet looked at (idempotent, bounded)."""
    from telemetry.derived import derive_pending as drain

    return drain()
