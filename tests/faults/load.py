"""A small HTTP load generator for fault tests: threads posting ingest batches and recording
what the server acknowledged, every status it answered, and when."""

import http.client
import json
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

FAILURE_EVERY = 5  # one tool invocation in five fails


# When every event of the load happened: a minute before this process started. The server under
# test refuses events older than its retention or ahead of its clock, so the load is dated by the
# clock it runs beside; and one time for all, so an event sent again is the same event (its id at
# its time), recognised rather than stored twice.
AT = (datetime.now(UTC) - timedelta(minutes=1)).isoformat().replace("+00:00", "Z")


def tool_event(event_id: str, session: str, n: int) -> dict:
    failing = n % FAILURE_EVERY == 0
    body = {"session_id": session, "tool": "npm_install", "outcome": "success", "duration_ms": 40}
    if failing:
        body.update(outcome="failure", failure_mode="NOTFOUND.package")
    return {"id": event_id, "type": "tool_invocation", "timestamp": AT, "body": body}


@dataclass
class Load:
    port: int
    token: str
    threads: int = 2
    batch: int = 1
    session_size: int = 15  # events per session: 3 failures, so friction fires once per session
    acknowledged: set = field(default_factory=set)
    statuses: Counter = field(default_factory=Counter)
    bad_bodies: list = field(default_factory=list)
    successes: list = field(default_factory=list)  # monotonic times of 207s
    _stop: threading.Event = field(default_factory=threading.Event)
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def start(self) -> "Load":
        self._workers = [
            threading.Thread(target=self._run, args=(i,), daemon=True) for i in range(self.threads)
        ]
        for worker in self._workers:
            worker.start()
        return self

    def stop(self) -> None:
        self._stop.set()
        for worker in self._workers:
            worker.join(30)

    def sessions(self) -> set[str]:
        return {key.rsplit("-", 1)[0] for key in self.acknowledged}

    def first_success_after(self, moment: float) -> float | None:
        with self._lock:
            later = [t for t in self.successes if t >= moment]
        return min(later) if later else None

    def _run(self, index: int) -> None:
        conn = None
        n = 0
        while not self._stop.is_set():
            events = []
            for _ in range(self.batch):
                session = f"t{index}s{n // self.session_size}"
                events.append(tool_event(f"{session}-{n}", session, n))
                n += 1
            body = json.dumps({"batch": events})
            try:
                conn = conn or http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
                conn.request(
                    "POST",
                    "/api/v1/ingest",
                    body,
                    {"Authorization": f"Bearer {self.token}", "Content-Type": "application/json"},
                )
                response = conn.getresponse()
                raw = response.read()
                status, retry_after = response.status, response.getheader("Retry-After")
                content_type = response.getheader("Content-Type", "")
            except (OSError, http.client.HTTPException):
                conn = None
                with self._lock:
                    self.statuses["connection error"] += 1
                time.sleep(0.05)
                continue
            with self._lock:
                self.statuses[status] += 1
                if not content_type.startswith("application/json"):
                    self.bad_bodies.append((status, raw[:200]))
                if status == 207:
                    self.successes.append(time.monotonic())
                    for event, result in zip(events, json.loads(raw)["results"], strict=True):
                        if result["status"] in (200, 201):
                            self.acknowledged.add(event["id"])
                elif status == 503 and not retry_after:
                    self.bad_bodies.append((status, b"no Retry-After"))
            if status != 207:
                n -= self.batch  # the client retries the same events, as the SDK would
                time.sleep(0.05)
