"""Retention at size: how long `prune_events` takes to retire old partitions that hold a million
cited events, what it keeps, and how long ingest of the same event type waits meanwhile.

    .venv/bin/python bench/prune.py [--events 2000000] [--cited 1000000] [--days 3] [--smoke]

On a fresh database of the PostgreSQL at BENCH_PG_ADMIN (the machine's by default): `--events`
tool calls spread over `--days` days that lie past the retention horizon, each day its own
partition, and a proposal citing `--cited` of them (Citation rows, as every proposal stores
what it cites), written by SQL. Then `prune_events` runs once, timed, while another thread
posts batches of tool calls (one a failure, so derived work runs too) to /api/v1/ingest every
`--ingest-every` seconds, timing each request. Printed, from the one run: the prune's seconds,
and ingest's requests, p50, p99 and slowest answer while the prune ran. The benchmark then
checks that every partition past the horizon is gone, every cited event is kept with its id,
nothing else is, and every event posted was stored once; exits 1 if a check fails.
`--smoke` runs the same at 20,000 events (a few seconds), as `make test` does.
"""

import argparse
import os
import sys
import threading
import time
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import percentile, private_database  # noqa: E402

RETENTION_DAYS = 90
INGEST_BATCH = 10  # events a request; the last of each is a failure


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=2_000_000)
    parser.add_argument("--cited", type=int, default=1_000_000)
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument(
        "--ingest-every", type=float, default=0.02, help="seconds between ingest requests (default 0.02)"
    )
    parser.add_argument("--smoke", action="store_true", help="20,000 events, 10,000 cited")
    args = parser.parse_args()
    if args.smoke:
        args.events, args.cited = 20_000, 10_000
    if not 0 <= args.cited <= args.events or args.days < 1 or args.ingest_every < 0:
        parser.error(
            "--cited must lie between 0 and --events, --days at least 1, --ingest-every not negative"
        )
    with private_database("kaizen_bench_prune"):
        return measure(args)


class IngestLoad(threading.Thread):
    """Posts a batch of tool calls dated now every `every` seconds (after the previous answer),
    recording each request's seconds and each event's status, until stopped."""

    def __init__(self, token: str, every: float):
        super().__init__(daemon=True)
        self.token, self.every = token, every
        self.stop, self.timings, self.statuses, self.sent = threading.Event(), [], {}, 0
        self.error: BaseException | None = None

    def run(self) -> None:
        from django.db import connections
        from rest_framework.test import APIClient

        from config import clock

        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {self.token}")
        try:
            while not self.stop.is_set():
                at = clock.now().isoformat()
                batch = [
                    {
                        "id": f"live-{self.sent + i}",
                        "type": "tool_invocation",
                        "timestamp": at,
                        "body": {"session_id": f"live-{self.sent // 200}", "tool": "bash", "duration_ms": 5}
                        | (
                            {"outcome": "failure", "failure_mode": "NOTFOUND.package"}
                            if i == INGEST_BATCH - 1
                            else {"outcome": "success"}
                        ),
                    }
                    for i in range(INGEST_BATCH)
                ]
                began = time.perf_counter()
                response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
                self.timings.append(time.perf_counter() - began)
                self.sent += INGEST_BATCH
                for result in response.json().get("results", [{"status": response.status_code}]):
                    self.statuses[result["status"]] = self.statuses.get(result["status"], 0) + 1
                self.stop.wait(self.every)
        except BaseException as exc:  # reported by the checks
            self.error = exc
        finally:
            connections.close_all()


def measure(args) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("CELERY_BROKER_URL", None)  # derived work of the failures runs in-process
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection

    from config import clock
    from fleet.models import Agent
    from fleet.services import agent_create
    from governance.models import Citation, Proposal
    from telemetry import partitions
    from telemetry.models import ToolInvocation
    from telemetry.retention import prune_events

    settings.ALLOWED_HOSTS = ["*"]
    table = ToolInvocation._meta.db_table
    first = partitions.period_of(clock.now() - timedelta(days=RETENTION_DAYS + args.days + 1))[0]
    for day in range(args.days):
        partitions.partition_add(table, first + timedelta(days=day))
    agent = Agent.objects.create(name="bench")
    proposal = Proposal.objects.create(type="maintenance", title="cites a million events")
    step_ms = max(1, args.days * 86_400_000 // max(args.events, 1) - 1)
    began = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(
            f'INSERT INTO "{table}" (agent_id, dedup_key, sha256, occurred_at, received_at, session_id, '
            "tool, args, outcome, duration_ms, failure_mode, error) "
            "SELECT %s, 'b-' || n, md5(n::text) || md5(n::text), %s + n * %s * interval '1 millisecond', "
            "now(), 's' || (n / 20), 'bash', '{}', 'success', 1, '', '' FROM generate_series(0, %s - 1) n",
            [agent.pk, first, step_ms, args.events],
        )
        cursor.execute(  # every other event, so each partition keeps some
            f'INSERT INTO "{Citation._meta.db_table}" (proposal_id, event_type, row_id) '
            f"SELECT %s, 'tool_invocation', id FROM (SELECT id, row_number() OVER (ORDER BY id) r "
            f'FROM "{table}") t WHERE r %% %s = 0 LIMIT %s',
            [proposal.pk, max(1, args.events // max(args.cited, 1)), args.cited],
        )
        cursor.execute(f'ANALYZE "{table}"')
    print(f"loaded {args.events:,} events over {args.days} partitions, {args.cited:,} cited, "
          f"in {time.perf_counter() - began:.1f} s", flush=True)  # fmt: skip

    live, token = agent_create(name="live")
    load = IngestLoad(token, args.ingest_every)
    load.start()
    while not load.timings and load.is_alive():  # a warm process: the first answer is not timed
        time.sleep(0.05)
    load.timings.clear()
    began = time.perf_counter()
    try:
        result = prune_events(older_than_days=RETENTION_DAYS)
    finally:
        seconds = time.perf_counter() - began
        load.stop.set()
        load.join()
    timings = load.timings
    print(f"prune_events took {seconds:.1f} s; checking what it kept …", flush=True)
    with connection.cursor() as cursor:
        old = [
            p
            for p in partitions.partitions(cursor, table)
            if p.end is not None and p.end <= first + timedelta(days=args.days)
        ]
        cursor.execute(
            f'SELECT count(*), count(c.row_id) FROM "{table}" t LEFT JOIN '
            f'(SELECT DISTINCT row_id FROM "{Citation._meta.db_table}") c ON c.row_id = t.id '
            "WHERE t.agent_id = %s",
            [agent.pk],
        )
        left, cited_left = cursor.fetchone()
        cursor.execute(
            f'SELECT count(*), count(DISTINCT dedup_key) FROM "{table}" WHERE agent_id = %s', [live.pk]
        )
        live_rows, live_keys = cursor.fetchone()
    checks = {
        "no failure": not result["failed"],
        "every old partition dropped (only kept ones remain)": all(p.keeps_evidence for p in old),
        "every cited event kept": cited_left == args.cited,
        "nothing else kept": left == args.cited,
        "ingest answered every event 201 meanwhile": load.error is None and set(load.statuses) <= {201},
        "every event posted stored once": live_rows == live_keys == load.sent,
    }
    rate = args.events / seconds
    print(f"prune_events: {seconds:.1f} s for {args.events:,} events ({rate:,.0f} events/s), "
          f"kept {left:,} cited events in {len(old)} kept partition(s)")  # fmt: skip
    if timings:
        p50, p99, slowest = (
            1000 * t for t in (percentile(timings, 0.5), percentile(timings, 0.99), max(timings))
        )
        print(f"ingest while the prune ran: {len(timings):,} requests of {INGEST_BATCH} events, "
              f"p50 {p50:,.0f} ms, p99 {p99:,.0f} ms, max {slowest:,.0f} ms")  # fmt: skip
    else:
        print("ingest while the prune ran: no request finished")
    for name, ok in checks.items():
        print(f"  {'ok  ' if ok else 'FAIL'} {name}")
    print(f"  ingest answers {load.statuses}, sent {load.sent}, stored {live_rows} ({live_keys} keys)")
    if load.error is not None:
        print(f"  ingest stopped on {type(load.error).__name__}: {load.error}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
