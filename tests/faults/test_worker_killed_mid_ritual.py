"""`kill -9` of the worker in the middle of a ritual: the run's lease lapses, it is reaped with
its reason, and the wake runs again: the ritual completes exactly once."""

import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from tests.faults.processes import free_port, wait_until

SEED = """
from datetime import timedelta
from config import clock
from tests.improver.helpers import coder_fleet, complaints
_, improver, client = coder_fleet()  # its first wake is long past: due now
complaints(client, 3, at=clock.now() - timedelta(hours=1))
"""


class StalledModel:
    """An LLM endpoint whose first call never answers (the worker dies waiting); later calls fail
    fast, so the rerun falls back to the rule-based path."""

    def __init__(self):
        self.calls = 0
        self.release = threading.Event()
        model = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                model.calls += 1
                self.rfile.read(int(self.headers.get("Content-Length", 0)))
                if model.calls == 1:
                    model.release.wait(60)
                try:
                    self.send_response(503)
                    self.end_headers()
                except OSError:
                    pass

            def log_message(self, *args):
                pass

        self.port = free_port()
        self.server = ThreadingHTTPServer(("127.0.0.1", self.port), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.release.set()
        self.server.shutdown()


def runs(pg):
    return pg.query("SELECT outcome, detail FROM improver_ritualrun ORDER BY id")


def test_a_ritual_whose_worker_is_killed_completes_exactly_once(private_pg, private_redis, kaizen_factory):
    model = StalledModel()
    try:
        kaizen = kaizen_factory(
            private_pg,
            private_redis,
            KAIZEN_LLM_BASE_URL=f"http://127.0.0.1:{model.port}/v1",
            KAIZEN_LLM_MAX_RETRIES=0,
            KAIZEN_LLM_TIMEOUT_SECONDS=120,
            KAIZEN_RITUAL_LEASE_SECONDS=8,
            CELERY_VISIBILITY_TIMEOUT=10,
        )
        kaizen.shell(SEED)
        first = kaizen.worker()
        kaizen.shell("from improver.services.improvers import wake_due_improvers; wake_due_improvers()")
        wait_until(
            lambda: model.calls >= 1,
            60,
            "the ritual to reach the model",
            diagnose=lambda: f"{runs(private_pg)}\n{kaizen.diagnose()}",
        )
        assert [r[0] for r in runs(private_pg)] == ["running"]
        kaizen.kill(first)  # SIGKILL: no cleanup, the message stays unacknowledged
        killed_at = time.monotonic()
        model.release.set()

        # The reaper runs every few seconds from beat here (every minute by default).
        private_pg.query(
            "WITH every5 AS (INSERT INTO django_celery_beat_intervalschedule (every, period) "
            "VALUES (5, 'seconds') RETURNING id) "
            "UPDATE django_celery_beat_periodictask SET interval_id = (SELECT id FROM every5) "
            "WHERE name = 'improver.reap_rituals' RETURNING id"
        )
        kaizen.worker()
        kaizen.beat()

        def finished():
            outcomes = [r[0] for r in runs(private_pg)]
            return "proposed" in outcomes

        wait_until(
            finished,
            90,
            "the ritual to run again",
            interval=0.5,
            diagnose=lambda: f"{runs(private_pg)}\n{kaizen.diagnose()}",
        )
        recovered = time.monotonic() - killed_at
        time.sleep(12)  # long enough for the broker to redeliver the killed worker's message
        outcomes = runs(private_pg)
        proposals = private_pg.query(
            "SELECT count(*) FROM governance_proposal WHERE type = 'template_evolution'"
        )[0][0]
        print(
            f"\nworker kill -9 mid-ritual: runs {outcomes}, proposals {proposals}, completed {recovered:.1f} s after the kill"
        )
        assert [o for o, _ in outcomes].count("proposed") == 1
        assert [o for o, _ in outcomes].count("failed") == 1
        assert next(d for o, d in outcomes if o == "failed").startswith("lease expired")
        assert proposals == 1
    finally:
        model.close()
