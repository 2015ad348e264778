"""No request holds a web worker: with the shipped gunicorn config (2 workers), several agents
opening `GET /mcp` with every Accept an MCP or plain HTTP client sends get their answer at once,
and `/healthz` is served throughout; a flood of wrong tokens gets 429 once over the limit."""

import http.client
import threading
import time

from tests.faults.processes import free_port  # noqa: F401  (the private stack's ports)

ACCEPTS = ["*/*", "application/json, text/event-stream", "text/event-stream", None]


def get(port: int, path: str, headers: dict, timeout: float = 5.0) -> int | str:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        conn.request("GET", path, headers=headers)
        return conn.getresponse().status
    except OSError as exc:
        return type(exc).__name__
    finally:
        conn.close()


def test_mcp_gets_answer_at_once_and_health_is_served_meanwhile(private_pg, kaizen_factory):
    kaizen = kaizen_factory(private_pg)
    token = kaizen.manage("create_agent", "mcp-get").strip().splitlines()[-1]
    port = kaizen.web(workers=2)
    answers: list = []

    def open_stream(accept):
        headers = {"Authorization": f"Bearer {token}"}
        if accept:
            headers["Accept"] = accept
        answers.append(get(port, "/mcp", headers, timeout=10))

    streams = [threading.Thread(target=open_stream, args=(a,)) for a in ACCEPTS * 2]
    for thread in streams:
        thread.start()
    health = [get(port, "/healthz", {}, timeout=2) for _ in range(16)]
    for thread in streams:
        thread.join(15)
    assert answers == [405] * len(ACCEPTS) * 2, answers
    assert health == [200] * 16, health
    # the limits count in minute windows of the clock: the flood starts early in one, so that a
    # slow machine does not carry it over into the next (whose counts start again)
    left = 60 - time.time() % 60
    if left < 30:
        time.sleep(left + 0.5)
    wrong = [
        get(port, "/api/v1/agents/me/directives", {"Authorization": "Bearer kz_abcdefgh_nope"})
        for _ in range(100)
    ]
    # at most 30 a minute in each of the two web processes, then 429
    assert set(wrong) == {401, 429} and wrong.count(401) <= 60 and wrong[:30] == [401] * 30, wrong
