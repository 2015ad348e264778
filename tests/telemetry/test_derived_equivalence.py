"""Derived work gives the same results whether it runs right after each request (no broker) or
later in the worker, over batches that cut across requests: the same sessions fed both ways
produce the same friction events, skill stores, pattern statistics, learned facts and digests."""

import random

import pytest

from config.celery import app
from learning.models import FrictionEvent, LearnedFact
from planner.models import PatternStats, SkillStats
from telemetry import derived
from telemetry.models import SessionEnd
from tests.concurrency import at_once
from tests.factories import TemplateFactory
from tests.planner.helpers import client_for

pytestmark = pytest.mark.django_db
TOOLS = [("npm_install", "NOTFOUND.package"), ("git_push", "PERM"), ("pytest", "RUNTIME")]


def fleet_events(seed: int = 7) -> list[tuple[int, dict]]:
    """(agent number, event) for 3 agents × 6 sessions: tools (one in five failing), outcomes
    with patterns and tokens, corrections, session ends — in one interleaved arrival order."""
    rng, events = random.Random(seed), []
    for agent in range(3):
        for session in range(6):
            sid, minute = f"s{session}", session * 10
            for i in range(8):
                tool, mode = rng.choice(TOOLS)
                failed = rng.random() < 0.2 or (session == 2 and tool == "npm_install")
                body = {"session_id": sid, "tool": tool, "duration_ms": 40, "outcome": "success"}
                if failed:
                    body.update(outcome="failure", failure_mode=mode)
                events.append((agent, "tool_invocation", minute + i, body))
            for i in range(3):
                ok = rng.random() < 0.7
                body = {
                    "skill": rng.choice(["triage", "review"]),
                    "success": ok,
                    "duration_ms": rng.randint(200, 90_000),
                    "error_count": 0 if ok else 2,
                    "input_tokens": 1000,
                    "output_tokens": 200,
                    "model": "gpt-4o-mini",
                    "patterns": rng.sample(["Split by file type", "Ask first", "Small steps"], 2),
                    "confidence": round(rng.random(), 2),
                }
                events.append((agent, "skill_outcome", minute + 8 + i, body))
            if session % 3 == 0:
                message = "No, use pnpm instead." if agent != 1 else "Actually, run make lint first."
                body = {"user_message": message, "previous_agent_response": "npm install", "session_id": sid}
                events.append((agent, "correction", minute + 8, body))
            events.append((agent, "session_end", minute + 9, {"session_id": sid}))
    rng.shuffle(events)
    events.sort(key=lambda e: e[1] == "session_end")  # a session ends after its events arrived
    return [
        (
            agent,
            {
                "id": f"{kind}-{n}",
                "type": kind,
                "timestamp": f"2026-11-20T{8 + minute // 60:02d}:{minute % 60:02d}:{n % 60:02d}Z",
                "body": body,
            },
        )
        for n, (agent, kind, minute, body) in enumerate(events)
    ]


def snapshot(prefix: str) -> dict:
    def role(agent) -> str:
        return agent.name.removeprefix(prefix)

    return {
        "friction": sorted(
            (role(f.agent), f.session_id, f.tool, f.failure_mode, f.count)
            for f in FrictionEvent.objects.filter(agent__name__startswith=prefix)
        ),
        "stores": sorted(
            (
                role(s.agent),
                s.skill,
                s.samples,
                s.total_samples,
                round(s.success_rate, 9),
                round(s.avg_cost_usd, 12),
            )
            for s in SkillStats.objects.filter(agent__name__startswith=prefix)
        ),
        "patterns": sorted(
            (p.name, p.uses, p.helpful, p.harmful, p.neutral, p.state, round(p.decayed_helpful, 9))
            for p in PatternStats.objects.filter(template__slug=f"{prefix}fleet")
        ),
        "facts": sorted(
            (f.content, f.source, f.status)
            for f in LearnedFact.objects.filter(template__slug=f"{prefix}fleet")
        ),
        "digests": sorted(
            (role(s.agent), s.session_id, str(sorted(s.digest.items())))
            for s in SessionEnd.objects.filter(agent__name__startswith=prefix)
        ),
    }


def feed(prefix: str, *, per_request: int) -> None:
    template = TemplateFactory(slug=f"{prefix}fleet")
    clients = [client_for(f"{prefix}{n}", template=template)[1] for n in range(3)]
    pending: dict[int, list] = {0: [], 1: [], 2: []}
    for agent, event in fleet_events():
        pending[agent].append(event)
        if len(pending[agent]) == per_request:
            clients[agent].post("/api/v1/ingest", {"batch": pending[agent]}, format="json")
            pending[agent] = []
    for agent, batch in pending.items():
        if batch:
            clients[agent].post("/api/v1/ingest", {"batch": batch}, format="json")


def test_the_worker_derives_what_the_request_used_to(monkeypatch, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        feed("now-", per_request=1)  # no broker: derived right after each event is stored
    now = snapshot("now-")

    monkeypatch.setattr(derived, "BATCH_ROWS", 7)  # batches that cut across requests and agents
    eager, app.conf.task_always_eager = app.conf.task_always_eager, False  # the worker derives
    try:
        with django_capture_on_commit_callbacks(execute=True):
            feed("later-", per_request=25)
            waiting = derived.backlog().pending
            assert waiting and not FrictionEvent.objects.filter(agent__name__startswith="later-")
            derived.derive_pending()
    finally:
        app.conf.task_always_eager = eager
    assert derived.backlog().pending == 0
    later = snapshot("later-")

    assert now["friction"] and now["stores"] and now["patterns"] and now["facts"] and now["digests"]
    assert later == now


@pytest.mark.postgresql("passes in parallel need PostgreSQL")
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("passes", [1, 3])
def test_concurrent_passes_over_the_buckets_derive_what_one_request_at_a_time_did(
    passes, monkeypatch, settings, broker_down
):
    """The to-do list split into buckets by agent and drained by several passes at once (each
    with its own connection, as on several workers) gives the same results again."""
    from django.db import OperationalError

    feed("now-", per_request=1)
    derived.derive_pending()
    now = snapshot("now-")

    monkeypatch.setattr(derived, "BATCH_ROWS", 7)
    settings.KAIZEN = {**settings.KAIZEN, "DERIVE_BUCKETS": 3}
    feed("later-", per_request=25)
    assert derived.backlog().pending
    deadlocks = []

    def work():
        while derived.backlog().pending:
            try:
                derived.derive_pending()
            except OperationalError:  # a deadlock rolls its batch back for the next pass
                deadlocks.append(1)

    at_once(*[work] * passes)
    assert derived.backlog().pending == 0
    assert snapshot("later-") == now
