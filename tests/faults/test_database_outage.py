"""PostgreSQL stops under load and comes back: acknowledged events are stored exactly once,
the outage answers JSON 503 with Retry-After (never a 500), and the service recovers at once,
even with pooled connections (CONN_MAX_AGE=60)."""

import http.client
import json
import time

from tests.faults.load import Load, tool_event


def test_a_database_restart_under_load_loses_nothing_and_recovers(private_pg, kaizen_factory):
    kaizen = kaizen_factory(private_pg, DATABASE_CONN_MAX_AGE=60)
    token = kaizen.manage("create_agent", "fault-agent").strip().splitlines()[-1]
    port = kaizen.web(workers=2)
    assert_chunked_bodies_are_read(port, token)

    load = Load(port, token, threads=3).start()
    time.sleep(3)
    private_pg.stop()
    time.sleep(4)
    private_pg.start()
    back_at = time.monotonic()
    time.sleep(5)
    load.stop()

    first = load.first_success_after(back_at)
    assert first is not None, load.statuses
    recovery = first - back_at
    stored = [row[0] for row in private_pg.query("SELECT dedup_key FROM telemetry_toolinvocation")]
    print(
        f"\ndatabase outage: acknowledged {len(load.acknowledged)}, stored {len(stored)}, "
        f"statuses {dict(load.statuses)}, recovery {recovery:.2f} s after PostgreSQL came back"
    )
    assert load.acknowledged <= set(stored)  # nothing acknowledged was lost
    assert len(stored) == len(set(stored))  # nothing stored twice
    assert load.statuses[503] > 0  # the outage was seen, and answered as an outage
    assert not [s for s in load.statuses if isinstance(s, int) and s >= 500 and s != 503]
    assert not load.bad_bodies, load.bad_bodies[:3]


def assert_chunked_bodies_are_read(port: int, token: str) -> None:
    """Through gunicorn, a body sent with Transfer-Encoding: chunked is stored, not dropped."""
    body = json.dumps({"batch": [tool_event("chunked-1", "chunked", 1)]}).encode()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    conn.request("POST", "/api/v1/ingest", iter([body[:20], body[20:]]), headers, encode_chunked=True)
    response = conn.getresponse()
    assert response.status == 207, response.read()
    assert json.loads(response.read())["results"][0]["status"] == 201
