"""A directives read against what the agent has accumulated: its cost must not grow with the
agent's history of learned facts.

    .venv/bin/python bench/directives_read.py [--reads 300] [--postgresql] [--smoke]

One agent of a template with 20 short facts (120 characters) that reached the template; the
agent then accumulates facts of its own, 2,000 characters each, every other one about one instance (an
order number: kept, never served). At 0, 1,000 and 10,000 of them, `--reads` reads of
GET /api/v1/agents/me/directives, each naming a new session as an agent starting one does, are
timed through the REST API in-process. Printed per size: p50 and p99 in ms, the facts served
(those the prompt block holds: the template's that fit its budget, the same at every size),
and the p99's ratio to the one at 0 facts. Target: p99 <= 50 ms at 10,000 facts (FAIL otherwise).
On SQLite in a temporary file by default; `--postgresql` on a fresh database of the PostgreSQL at
BENCH_PG_ADMIN (the machine's by default). `--smoke` runs 0, 100 and 500 facts, 30 reads each,
the target not judged, as `make test` does.
"""

import argparse
import os
import sys
import tempfile
import time
from contextlib import nullcontext
from datetime import timedelta
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import fresh_sqlite, percentile, private_database  # noqa: E402

TARGET_P99_MS = 50.0
FACT_CHARS = 2000
TEMPLATE_FACTS = 20
TEMPLATE_FACT_CHARS = 120  # short enough that some fit the block: the served count shows it stays put
SERVED = 50  # facts a read serves at most (learning.selectors.learned_facts)


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--reads", type=int, default=300, help="timed reads at each size (default 300)")
    parser.add_argument("--postgresql", action="store_true", help="on PostgreSQL instead of SQLite")
    parser.add_argument("--smoke", action="store_true", help="0, 100 and 500 facts, 30 reads each")
    args = parser.parse_args()
    if args.reads < 1:
        parser.error("--reads must be at least 1")
    sizes = (0, 100, 500) if args.smoke else (0, 1_000, 10_000)
    reads = 30 if args.smoke else args.reads
    if args.postgresql:
        database = private_database("kaizen_bench_directives")
    else:
        path = Path(tempfile.mkdtemp()) / "directives.sqlite3"
        os.environ["DATABASE_URL"] = fresh_sqlite(str(path))  # migrated again in `measure`
        database = nullcontext()
    with database:
        return measure(sizes, reads, judge=not args.smoke, migrate=not args.postgresql)


def padded(sentence: str, i: int, chars: int = FACT_CHARS) -> str:
    """`sentence` and filler words up to `chars` characters, unique by `i`."""
    filler = f" Noted in case {i}: the customer asked twice and waited for the answer."
    return (sentence + filler * (chars // len(filler) + 1))[:chars]


def accumulate(agent, start: int, count: int, chars: int = FACT_CHARS) -> None:
    """`count` more facts of the agent's own of `chars` characters, every other one about one
    instance; whether each is one is read once per wording, as a save would
    (language.scope.is_instance)."""
    from config import clock
    from language.scope import is_instance
    from learning.corrections import fact_key
    from learning.models import LearnedFact

    wordings = [
        "No, the order is #A{n}, not #B{n}.",
        "No, always confirm rule {n} with the customer before closing the ticket.",
    ]
    about = [is_instance(padded(w.format(n=1), 1, chars)) for w in wordings]
    now, facts = clock.now(), []
    for n in range(start, start + count):
        content = padded(wordings[n % 2].format(n=n), n, chars)
        facts.append(
            LearnedFact(
                template_id=agent.template_id,
                agent=agent,
                content=content,
                content_key=fact_key(content),
                confidence=0.5 + (n % 50) / 100,
                source="inferred",
                about_instance=about[n % 2],
                created_at=now - timedelta(seconds=n),
            )
        )
    LearnedFact.objects.bulk_create(facts, batch_size=500)


def timed_reads(client, reads: int, size: int) -> tuple[list[float], int]:
    """Milliseconds of each of `reads` reads, each naming a new session, and the facts served."""
    timings, served = [], 0
    for i in range(reads + 1):
        began = time.perf_counter()
        response = client.get("/api/v1/agents/me/directives", {"session_id": f"s-{size}-{i}"})
        elapsed = (time.perf_counter() - began) * 1000
        assert response.status_code == 200, response.content
        served = len(response.json()["learned_facts"])
        if i:  # the first read of a size warms the process's caches
            timings.append(elapsed)
    return timings, served


def measure(sizes, reads: int, *, judge: bool, migrate: bool) -> int:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.pop("CELERY_BROKER_URL", None)
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from rest_framework.test import APIClient

    if migrate:
        call_command("migrate", verbosity=0)
    settings.KAIZEN["DIRECTIVES_READS_PER_MINUTE"] = 10**6  # the read's cost, not its limit
    from fleet.models import AgentTemplate
    from fleet.services import agent_create
    from fleet.templates import template_version_create

    template = AgentTemplate.objects.create(slug="bench", name="bench")
    template_version_create(template=template, directives="Cite sources.\nBe brief.\n")
    agent, token = agent_create(name="reader", template_slug=template.slug)
    teacher, _ = agent_create(name="teacher", template_slug=template.slug)
    accumulate(teacher, 10**7, TEMPLATE_FACTS, TEMPLATE_FACT_CHARS)
    from learning.models import LearnedFact  # noqa: E402 (after django.setup)

    LearnedFact.objects.filter(agent=teacher).update(reach=LearnedFact.Reach.TEMPLATE)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    print(
        f"{connection.vendor}; {reads} reads a size; facts of {FACT_CHARS:,} characters, "
        "half about one instance"
    )
    print(f"{'agent facts':>12} {'p50 ms':>8} {'p99 ms':>8} {'served':>7} {'p99 / 0 facts':>14}")
    stored, base, passed = 0, None, True
    for size in sizes:
        accumulate(agent, stored, size - stored)
        stored = size
        if connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("ANALYZE telemetry_learnedfact")
        timings, served = timed_reads(client, reads, size)
        p50, p99 = percentile(timings, 0.5), percentile(timings, 0.99)
        base = base or p99
        print(f"{size:>12,} {p50:>8.1f} {p99:>8.1f} {served:>7} {p99 / base:>14.2f}")
        passed &= served <= SERVED
    if judge:
        at_most = p99 <= TARGET_P99_MS
        print(f"target p99 <= {TARGET_P99_MS:.0f} ms at {sizes[-1]:,} facts: {'ok' if at_most else 'FAIL'}")
        passed &= at_most
    else:
        print("(smoke sizes: the target is not judged)")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
