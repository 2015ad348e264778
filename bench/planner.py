"""Planner on PostgreSQL with a generated fleet (100 agents, 50 skills).

    .venv/bin/python bench/planner.py

Prints candidates p50/p99 latency through the API, and the fleet-health snapshot time at 100k
and at 1M stored outcomes (the same density per day: the window, not the history, should set
the cost), with the ratio. Targets: candidates p99 <= 20 ms; snapshot <= 1 s at 1M; ratio <= 2.
"""

import os
import random
import sys
import time
from datetime import UTC, datetime, timedelta

import psycopg

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import fresh_database, percentile  # noqa: E402

AGENTS, SKILLS, PER_DAY = 100, 50, 11_000
NOW = datetime(2026, 11, 21, 12, 0, tzinfo=UTC)


def copy_outcomes(url: str, agent_ids: list[int], count: int, offset: int) -> None:
    """COPY `count` more outcomes at PER_DAY a day, continuing back in time from `offset`."""
    rng = random.Random(count)
    with psycopg.connect(url) as conn, conn.cursor() as cur:
        with cur.copy(
            "COPY telemetry_skilloutcome (agent_id, dedup_key, sha256, occurred_at, received_at, skill, "
            "success, duration_ms, cost_usd, confidence, confidence_explanation, correlation_id, "
            "error_count, retry_count, patterns, failure_reason, goal) FROM STDIN"
        ) as copy:
            for i in range(count):
                at = NOW - timedelta(days=(offset + i + 0.5) / PER_DAY)
                ok = rng.random() < 0.8
                copy.write_row(
                    (
                        rng.choice(agent_ids),
                        f"b{offset + i}",
                        "0" * 64,
                        at,
                        at,
                        f"skill-{rng.randrange(SKILLS)}",
                        ok,
                        rng.randint(100, 20_000),
                        round(rng.uniform(0.001, 0.05), 4),
                        rng.random(),
                        "",
                        f"c{offset + i}",
                        0,
                        0,
                        "[]",
                        "" if ok else "generated failure",
                        "",
                    )
                )
        conn.commit()
        conn.execute("ANALYZE telemetry_skilloutcome")
        conn.commit()


def main() -> None:
    url = fresh_database("kaizen_bench_planner")
    os.environ["DATABASE_URL"] = url
    os.environ.pop("CELERY_BROKER_URL", None)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.contrib.auth import get_user_model
    from django.test import Client

    from fleet.models import Agent, AgentTemplate
    from fleet.services import token_issue
    from fleet.templates import template_version_create
    from planner.fleet import compute
    from planner.models import DeclaredSkill, SkillStats
    from planner.stores import summarise

    rng = random.Random(1)
    template = AgentTemplate.objects.create(slug="bench", name="bench")
    template_version_create(template=template, directives="bench")
    agents = Agent.objects.bulk_create([Agent(name=f"agent-{i}", template=template) for i in range(AGENTS)])
    declared, stats = [], []
    for agent in agents:
        for s in rng.sample(range(SKILLS), 10):
            declared.append(DeclaredSkill(agent=agent, skill=f"skill-{s}", confidence=rng.random()))
            window = [
                [NOW.isoformat(), rng.random() < 0.8, rng.random(), rng.randint(100, 9000), 0.01]
                for _ in range(200)
            ]
            stats.append(SkillStats(agent=agent, skill=f"skill-{s}", window=window, **summarise(window)))
    DeclaredSkill.objects.bulk_create(declared)
    SkillStats.objects.bulk_create(stats)

    staff = get_user_model().objects.create(username="bench", is_staff=True)
    _, token = token_issue(user=staff)
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    for s in range(SKILLS):  # warm up
        client.get(f"/api/v1/planner/candidates?skill=skill-{s}")
    latencies = []
    for i in range(1000):
        started = time.perf_counter()
        response = client.get(f"/api/v1/planner/candidates?skill=skill-{i % SKILLS}")
        latencies.append((time.perf_counter() - started) * 1000)
        assert response.status_code == 200
    print(f"fleet: {AGENTS} agents, {SKILLS} skills, {len(declared)} declared (agent, skill) pairs")
    print(
        f"candidates: p50 {percentile(latencies, 0.5):.2f} ms, p99 {percentile(latencies, 0.99):.2f} ms"
        "   (target p99 <= 20 ms)"
    )

    ids = [a.pk for a in agents]
    timings = {}
    loaded = 0
    for size in (100_000, 1_000_000):
        copy_outcomes(url, ids, size - loaded, loaded)
        loaded = size
        compute(NOW, 24, 10)  # warm the cache for this size
        runs = []
        for _ in range(3):
            started = time.perf_counter()
            data = compute(NOW, 24, 10)
            runs.append(time.perf_counter() - started)
        timings[size] = min(runs)
        print(
            f"snapshot at {size:>9,} outcomes: {timings[size] * 1000:.0f} ms "
            f"({data['total_outcomes']} outcomes in the 24 h window)"
        )
    ratio = timings[1_000_000] / timings[100_000]
    print(f"snapshot 1M / 100k: {ratio:.2f}   (targets: <= 1 s at 1M, ratio <= 2)")


if __name__ == "__main__":
    main()
