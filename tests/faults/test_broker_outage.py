"""Redis stops under load and comes back: no request fails (ingest publishes nothing to the
broker), and the worker derives every friction result afterwards from the stored to-do list."""

import time

from tests.faults.load import FAILURE_EVERY, Load
from tests.faults.processes import wait_until


def expected_friction(acknowledged: set[str], session_size: int) -> int:
    """Sessions with at least 3 acknowledged failures (friction's threshold)."""
    failures: dict[str, int] = {}
    for event_id in acknowledged:
        session, n = event_id.rsplit("-", 1)
        if int(n) % FAILURE_EVERY == 0:
            failures[session] = failures.get(session, 0) + 1
    return sum(count >= 3 for count in failures.values())


def test_a_broker_outage_under_load_fails_no_request_and_loses_no_derived_work(
    private_pg, private_redis, kaizen_factory
):
    kaizen = kaizen_factory(private_pg, private_redis)
    token = kaizen.manage("create_agent", "fault-agent").strip().splitlines()[-1]
    port = kaizen.web(workers=2)
    kaizen.supervised_worker()
    kaizen.beat()

    load = Load(port, token, threads=2, batch=5).start()
    time.sleep(4)
    private_redis.stop()
    time.sleep(8)
    private_redis.start()
    time.sleep(3)
    load.stop()
    stopped_at = time.monotonic()

    expected = expected_friction(load.acknowledged, load.session_size)

    def counts():
        pending = private_pg.query("SELECT count(*) FROM telemetry_pendingderivation")
        friction = private_pg.query("SELECT count(*) FROM telemetry_frictionevent")
        return pending[0][0], friction[0][0]

    wait_until(
        lambda: counts() == (0, expected),
        120,
        f"{expected} friction events derived after the outage",
        interval=0.5,
        diagnose=lambda: (
            f"(pending, friction) = {counts()}, acknowledged {len(load.acknowledged)}, stored "
            f"{private_pg.query('SELECT count(*) FROM telemetry_toolinvocation')[0][0]}, statuses "
            f"{dict(load.statuses)}\n{kaizen.diagnose()}"
        ),
    )
    lag = time.monotonic() - stopped_at
    stored = private_pg.query("SELECT count(*) FROM telemetry_toolinvocation")[0][0]
    print(
        f"\nbroker outage: acknowledged {len(load.acknowledged)}, stored {stored}, statuses "
        f"{dict(load.statuses)}, friction {expected}/{expected} derived {lag:.1f} s after the load stopped "
        f"(worker restarts by its supervisor: {kaizen.restarts})"
    )
    assert expected > 0
    assert stored >= len(load.acknowledged)
    assert not [s for s in load.statuses if not isinstance(s, int) or s >= 500], load.statuses
    assert not load.bad_bodies
