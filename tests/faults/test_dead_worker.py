"""A dead worker is visible: with nobody to restart it, ingest keeps working and /readyz turns
`degraded` (naming the worker) once no derived-work pass has started for the stale time; a new
worker drains what waited and /readyz is ready again."""

import json
import signal
import urllib.request

from tests.faults.load import Load
from tests.faults.processes import wait_until


def readiness(port: int) -> dict:
    with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as response:
        return {"http": response.status, **json.loads(response.read())}


def test_a_dead_worker_is_reported_and_a_new_one_catches_up(private_pg, private_redis, kaizen_factory):
    kaizen = kaizen_factory(private_pg, private_redis, KAIZEN_WORKER_STALE_SECONDS=4)
    token = kaizen.manage("create_agent", "fault-agent").strip().splitlines()[-1]
    port = kaizen.web(workers=2)
    worker = kaizen.worker()
    kaizen.beat()
    wait_until(
        lambda: private_pg.query(
            "SELECT count(*) FROM telemetry_periodicclaim WHERE name = 'telemetry.derive_pending'"
        )[0][0],
        60,
        "the worker's first derived-work pass",
        diagnose=kaizen.diagnose,
    )
    assert readiness(port)["status"] == "ready"

    kaizen.kill(worker, signal.SIGKILL)
    load = Load(port, token, threads=1, batch=5).start()
    degraded = wait_until(
        lambda: (r := readiness(port))["status"] == "degraded" and r,
        30,
        "/readyz to report the dead worker",
        interval=0.5,
    )
    load.stop()
    assert (
        degraded["http"] == 200 and "no worker has taken derived work" in degraded["checks"]["derived_work"]
    )
    assert load.acknowledged and not [s for s in load.statuses if not isinstance(s, int) or s >= 500]

    kaizen.worker()
    wait_until(
        lambda: readiness(port)["status"] == "ready",
        60,
        "/readyz ready again with a new worker",
        interval=0.5,
        diagnose=lambda: f"{readiness(port)}\n{kaizen.diagnose()}",
    )
    waited = private_pg.query("SELECT count(*) FROM telemetry_pendingderivation")[0][0]
    wait_until(
        lambda: private_pg.query("SELECT count(*) FROM telemetry_pendingderivation")[0][0] == 0,
        60,
        "the new worker to drain what waited",
        interval=0.5,
    )
    print(
        f"\ndead worker: /readyz said {degraded['checks']['derived_work']!r}; "
        f"{waited} entries waited for the new worker, which drained them"
    )
