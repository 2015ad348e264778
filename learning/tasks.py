from fleet.ticks import periodic
from learning.loops import facts_retire


# The task keeps the name it had when the loops lived in telemetry: beat rows and tick claims
# stored under that name (config/schedule.py) go on calling it.
@periodic("telemetry.retire_facts")
def retire_facts() -> int:
    """Daily: retire the facts that stayed with one agent and were not stated again for
    KAIZEN_FACT_EXPIRE_DAYS (idempotent: a second run finds nothing)."""
    return facts_retire()
