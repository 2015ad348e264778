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
        with cur.copy(
            "COPY telemetry_observation (agent_id, template_version_id, dedup_key, sha256, occurred_at, "
            "received_at, text, session_id, sentiment, category) FROM STDIN"
        ) as copy:
            for i in range(int(items * 0.7)):
                at = NOW - timedelta(minutes=rng.randint(1, 7 * 24 * 60 - 1))
                copy.write_row(
                    (
                        rng.choice(ids),
                        version.pk,
                        f"o{i}",
                        "0" * 64,
                        at,
                        at,
                        rng.choice(TEXTS),
                        f"s{i % 500}",
                        "",
                        "",
                    )
                )
        with cur.copy(
            "COPY telemetry_decision (agent_id, template_version_id, dedup_key, sha256, occurred_at, "
            "received_at, subject, verdict, reason) FROM STDIN"
        ) as copy:
            for i in range(int(items * 0.15)):
                at = NOW - timedelta(minutes=rng.randint(1, 7 * 24 * 60 - 1))
                copy.write_row(
                    (
                        rng.choice(ids),
                        version.pk,
                        f"d{i}",
                        "0" * 64,
                        at,
                        at,
                        "suggest-tool",
                        rng.choice(["confirmed", "rejected", "deferred"]),
                        "because",
                    )
                )
        with cur.copy(
            "COPY telemetry_wakerun (agent_id, template_version_id, dedup_key, sha256, occurred_at, "
            "received_at, status, duration_ms, user_rating) FROM STDIN"
        ) as copy:
            for i in range(items - int(items * 0.7) - int(items * 0.15)):
                at = NOW - timedelta(minutes=rng.randint(1, 7 * 24 * 60 - 1))
                copy.write_row(
                    (
                        rng.choice(ids),
                        version.pk,
                        f"w{i}",
                        "0" * 64,
                        at,
                        at,
                        "completed",
                        1000,
                        round(rng.random(), 2),
                    )
                )
        conn.commit()
    return improver.pk


def main() -> None:
    import logging

    logging.getLogger("celery").setLevel(logging.WARNING)
    url = fresh_database("kaizen_bench_ritual")
    improvers = {n: seed(url, f"bench{n}", 100, n) for n in (1_000, 10_000)}
    from improver.models import FeedbackItem, ImproverAgent
    from improver.services.ritual import ritual_run

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
