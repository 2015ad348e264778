"""One ritual over a template with 100 agents, at 1,000 and at 10,000 feedback items in the window.

    .venv/bin/python bench/ritual.py

Target: under 5 s at 10,000 items. Prints both times and the ratio.
"""

import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta

import psycopg

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import fresh_database  # noqa: E402

NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)
TEXTS = [
    "The summary was too long and verbose.",
    "Thanks, great work on the release notes!",
    "npm install failed again, wrong package tool",
    "Builds are slow and the agent kept waiting",
    "Focus on the most important ticket first",
    "Noted.",
]


def seed(url: str, slug: str, agents: int, items: int) -> int:
    """A template with `agents` agents and `items` observations/decisions/ratings in the last week."""
    import django

    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from fleet.models import Agent, AgentTemplate
    from fleet.templates import template_version_create
    from improver.services.improvers import improver_create

    template = AgentTemplate.objects.create(slug=slug, name=slug)
    version = template_version_create(template=template, directives="Run the tests.\nKeep changes small.\n")
    ids = [
        a.pk
        for a in Agent.objects.bulk_create(
            [Agent(name=f"{slug}-{i}", template=template) for i in range(agents)]
        )
    ]
    improver = improver_create(template=template, wake_at=NOW)
    rng = random.Random(items)
    with psycopg.connect(url) as conn, conn.cursor() as cur:

        def copy_events(table: str, columns: str, count: int, prefix: str, own) -> None:
            """COPY `count` events of `table` spread over the last week: the columns every event
            has, then `columns` as `own(i)` gives them for the i-th."""
            with cur.copy(
                f"COPY {table} (agent_id, template_version_id, dedup_key, sha256, occurred_at, "
                f"received_at, {columns}) FROM STDIN"
            ) as copy:
                for i in range(count):
                    at = NOW - timedelta(minutes=rng.randint(1, 7 * 24 * 60 - 1))
                    copy.write_row((rng.choice(ids), version.pk, f"{prefix}{i}", "0" * 64, at, at, *own(i)))

        observations, decisions = int(items * 0.7), int(items * 0.15)
        copy_events(
            "telemetry_observation",
            "text, session_id, sentiment, category",
            observations,
            "o",
            lambda i: (rng.choice(TEXTS), f"s{i % 500}", "", ""),
        )
        copy_events(
            "telemetry_decision",
            "subject, verdict, reason",
            decisions,
            "d",
            lambda i: ("suggest-tool", rng.choice(["confirmed", "rejected", "deferred"]), "because"),
        )
        copy_events(
            "telemetry_wakerun",
            "status, duration_ms, user_rating",
            items - observations - decisions,
            "w",
            lambda i: ("completed", 1000, round(rng.random(), 2)),
        )
        conn.commit()
    return improver.pk


def main() -> None:
    import logging

    logging.getLogger("celery").setLevel(logging.WARNING)
    url = fresh_database("kaizen_bench_ritual")
    improvers = {n: seed(url, f"bench{n}", 100, n) for n in (1_000, 10_000)}
    from improver.models import ImproverAgent
    from improver.services.ritual import ritual_run
    from learning.models import FeedbackItem

    timings = {}
    for n, pk in improvers.items():
        improver = ImproverAgent.objects.get(pk=pk)
        started = time.perf_counter()
        run = ritual_run(improver=improver, period="bench", now=NOW)
        timings[n] = time.perf_counter() - started
        items = FeedbackItem.objects.filter(template=improver.active_template).count()
        print(
            f"ritual at {n:>6,} feedback items: {timings[n]:.2f} s ({run.outcome}, {items} classified, "
            f"{run.detail})"
        )
    print(f"10,000 / 1,000: {timings[10_000] / timings[1_000]:.2f}   (target: < 5 s at 10,000 items)")


if __name__ == "__main__":
    main()
