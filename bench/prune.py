"""Retention at size: how long `prune_events` takes to retire old partitions that hold a million
cited events, and what it keeps.

    .venv/bin/python bench/prune.py [--events 2000000] [--cited 1000000] [--days 3] [--smoke]

On a fresh database of the PostgreSQL at BENCH_PG_ADMIN (the machine's by default): `--events`
tool calls spread over `--days` days that lie past the retention horizon, each day its own
partition, and a proposal citing `--cited` of them (Citation rows, as every proposal stores
what it cites), written by SQL. Then `prune_events` runs once, timed, and the benchmark checks
that every partition past the horizon is gone, every cited event is kept with its id, and
nothing else is. Prints the seconds, the rows kept and the rate; exits 1 if a check fails.
`--smoke` runs the same at 20,000 events (a few seconds), as `make test` does.
"""

import argparse
import os
import sys
import time
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import private_database  # noqa: E402

RETENTION_DAYS = 90


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--events", type=int, default=2_000_000)
    parser.add_argument("--cited", type=int, default=1_000_000)
    parser.add_argument("--days", type=int, default=3)
    parser.add_argument("--smoke", action="store_true", help="20,000 events, 10,000 cited")
    args = parser.parse_args()
    if args.smoke:
        args.events, args.cited = 20_000, 10_000
    if not 0 <= args.cited <= args.events or args.days < 1:
        parser.error("--cited must lie between 0 and --events, --days at least 1")
    with private_database("kaizen_bench_prune"):
        return measure(args)


def measure(args) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.db import connection

    from config import clock
    from fleet.models import Agent
    from governance.models import Citation, Proposal
    from telemetry import partitions
    from telemetry.models import ToolInvocation
    from telemetry.retention import prune_events

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

    began = time.perf_counter()
    result = prune_events(older_than_days=RETENTION_DAYS)
    seconds = time.perf_counter() - began
    print(f"prune_events took {seconds:.1f} s; checking what it kept …", flush=True)
    with connection.cursor() as cursor:
        old = [
            p
            for p in partitions.partitions(cursor, table)
            if p.end is not None and p.end <= first + timedelta(days=args.days)
        ]
        cursor.execute(
            f'SELECT count(*), count(c.row_id) FROM "{table}" t LEFT JOIN '
            f'(SELECT DISTINCT row_id FROM "{Citation._meta.db_table}") c ON c.row_id = t.id'
        )
        left, cited_left = cursor.fetchone()
    checks = {
        "no failure": not result["failed"],
        "every old partition dropped (only kept ones remain)": all(p.keeps_evidence for p in old),
        "every cited event kept": cited_left == args.cited,
        "nothing else kept": left == args.cited,
    }
    rate = args.events / seconds
    print(f"prune_events: {seconds:.1f} s for {args.events:,} events ({rate:,.0f} events/s), "
          f"kept {left:,} cited events in {len(old)} kept partition(s)")  # fmt: skip
    for name, ok in checks.items():
        print(f"  {'ok  ' if ok else 'FAIL'} {name}")
    return 0 if all(checks.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
