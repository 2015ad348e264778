"""A fresh install's first minutes: partitions from the first minute, and ingest answered 2xx
throughout at a steady rate.

    .venv/bin/python bench/fresh_install.py [--seconds 3600] [--rate 500] [--smoke]

On a new database of the PostgreSQL at BENCH_PG_ADMIN: `migrate` (nothing else), then a check that
every event table has a partition for the current period and the ones ahead, then `--rate`
events a second (batches of 10, one agent, dated now) for `--seconds`, through Django's test client
in this process (what is measured is Kaizen, not a web server). Printed: the partitions found
right after migrate, the answers by status, the events stored, the rows left in the default
partitions, and the achieved rate. Exits 1 on any non-2xx answer, a missing partition, or a row
in a default partition. `--smoke` runs it for 5 seconds, as `make test` does.
"""

import argparse
import collections
import os
import sys
import time
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import private_database  # noqa: E402

BATCH = 10


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seconds", type=float, default=3600)
    parser.add_argument("--rate", type=int, default=500, help="events a second")
    parser.add_argument("--smoke", action="store_true", help="5 seconds")
    args = parser.parse_args()
    if args.smoke:
        args.seconds = 5
    with private_database("kaizen_bench_fresh", from_empty=True):  # what a new install runs
        return run(args)


def run(args) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    from django.conf import settings
    from django.db import connection
    from rest_framework.test import APIClient

    from config import clock
    from fleet.services import agent_create
    from telemetry import partitions

    settings.ALLOWED_HOSTS = ["*"]
    now = clock.now()
    ahead = settings.KAIZEN["PARTITIONS_AHEAD"]
    wanted = [partitions.period_of(now + timedelta(days=d))[0] for d in range(ahead + 1)]
    missing = []
    with connection.cursor() as cursor:
        for table in partitions.event_tables().values():
            have = {p.start for p in partitions.partitions(cursor, table)}
            missing += [f"{table} {start:%Y-%m-%d}" for start in wanted if start not in have]
    print(f"right after migrate: {len(wanted)} periods × {len(partitions.event_tables())} tables wanted, "
          f"{len(missing)} missing {missing[:3]}", flush=True)  # fmt: skip
    _, token = agent_create(name="fresh")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    answers: collections.Counter = collections.Counter()
    began, sent = time.monotonic(), 0
    while (elapsed := time.monotonic() - began) < args.seconds:
        at = clock.now().isoformat()
        body = {"tool": "bash", "outcome": "success", "duration_ms": 5}
        batch = [
            {
                "id": f"e-{n}",
                "type": "tool_invocation",
                "timestamp": at,
                "body": {**body, "session_id": f"s{n // 15}"},
            }
            for n in range(sent, sent + BATCH)
        ]
        response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
        answers[response.status_code] += 1
        sent += BATCH
        ahead_of_rate = sent / args.rate - elapsed
        if ahead_of_rate > 0:
            time.sleep(ahead_of_rate)
    elapsed = time.monotonic() - began
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM telemetry_toolinvocation")
        stored = cursor.fetchone()[0]
    in_default = partitions.default_rows()
    bad = {status: n for status, n in answers.items() if not 200 <= status < 300}
    print(f"{sent:,} events in {elapsed:.0f} s ({sent / elapsed:,.0f}/s): answers {dict(answers)}, "
          f"stored {stored:,}, in default partitions {in_default}")  # fmt: skip
    ok = not missing and not bad and in_default == 0 and stored == sent
    print("ok" if ok else "FAIL")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
