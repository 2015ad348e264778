"""Kaizen at size: a year-scale event store on one PostgreSQL, every read and periodic task timed.

    .venv/bin/python bench/scale.py [--events 50000000] [--agents 1000] [--templates 20] [--days 90] [--smoke]

On a private PostgreSQL server (as bench/ingest.py; `--pg-admin URL` for an existing one): the
schema migrated, 20 templates with an improver each, 1,000 agents, rollouts in progress on a
quarter of the templates and a few thousand proposals citing events; then `--events` events of
the realistic mix over `--days` days COPYed in by two processes (bench/scale_load.py), with the
session signals derived work keeps for them, and VACUUM ANALYZE. At that size it prints:
ingest of 500-event batches against the same server empty (the median of three runs each);
p50/p95 of the dashboard, every admin changelist and change page, and every API list; each
periodic task; the derive rate with one worker and two (with the database's CPU); retiring the
oldest day; bytes per stored event.
Each query that took over SLOW_MS is EXPLAINed, and its plan printed where it reads a table
whole. Runs in-process through Django's test client (no HTTP server: what is timed is Kaizen).
`--smoke` runs the whole of it at 40,000 events on the server of BENCH_PG_ADMIN (a database of its
own, dropped afterwards), as `make test` does.
"""

import argparse
import multiprocessing
import os
import sys
import time
from datetime import timedelta

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench import cpu, scale_load  # noqa: E402
from bench.common import PG_ADMIN, drop_database, fresh_database, percentile  # noqa: E402
from bench.ingest import database_server  # noqa: E402

SLOW_MS = 100
INGEST_AGENTS = 20
BATCH = 500
SCALE_PG = {"shared_buffers": "4GB", "max_wal_size": "8GB", "maintenance_work_mem": "1GB", "work_mem": "32MB"}


def say(text: str) -> None:
    print(text, flush=True)


class Phase:
    def __init__(self, name: str):
        self.name = name

    def __enter__(self):
        self.started = time.perf_counter()
        say(f"-- {self.name} …")
        return self

    def __exit__(self, *exc):
        self.seconds = time.perf_counter() - self.started
        say(f"   {self.name}: {self.seconds:.1f} s")


def setup_fleet(args):
    """Templates, improvers, agents, tokens, rollouts in progress, proposals."""
    from django.contrib.auth import get_user_model

    from experiments.models import Rollout
    from fleet.models import Agent
    from fleet.services import token_issue
    from fleet.templates import template_upsert, template_version_create
    from fleet.templates_yaml import TemplateSpec
    from governance.models import Proposal
    from improver.services.improvers import improver_create

    lines = "\n".join(f"- Rule {i}: keep step {i} small and check it before the next." for i in range(15))
    templates = []
    for t in range(args.templates):
        spec = TemplateSpec(
            slug=f"scale-{t}", name=f"Scale {t}", kind="task_agent", description="", directives=lines
        )
        template, _ = template_upsert(spec=spec)
        improver_create(template=template)
        templates.append(template)
    Agent.objects.bulk_create(
        Agent(name=f"agent-{n}", template=templates[n % len(templates)]) for n in range(args.agents)
    )
    agents = list(Agent.objects.filter(name__startswith="agent-").order_by("pk"))
    heads = {t.pk: t.document.head_id for t in templates}
    tokens = [token_issue(agent=agent)[1] for agent in agents[:INGEST_AGENTS]]
    user = get_user_model().objects.create_superuser("bench", "bench@example.com", "bench")
    now = scale_load.now_utc()
    for template in templates[: max(1, len(templates) // 4)]:
        champion = template.document.head
        candidate = template_version_create(
            template=template, directives=lines + "\n- Say which test you ran.", as_candidate=True
        )
        proposal = Proposal.objects.create(type="template_evolution", title=f"evolve {template.slug}")
        canary = [a.pk for a in agents if a.template_id == template.pk][::3]
        Rollout.objects.create(
            template=template,
            proposal=proposal,
            champion=champion,
            candidate=candidate,
            share=0.33,
            canary_agents=canary,
            targets=["negative:communication"],
            started_at=now - timedelta(days=3),
        )
    return agents, heads, tokens, user


def cite_events(count: int) -> int:
    """`count` proposals citing events spread over the whole history (retention must keep them)."""
    from django.db import connection

    from governance.models import Proposal

    with connection.cursor() as cursor:
        cursor.execute("SELECT max(id) FROM telemetry_toolinvocation")
        top = cursor.fetchone()[0] or 1
    step = max(1, top // (count * 3))
    Proposal.objects.bulk_create(
        Proposal(
            type="maintenance",
            title=f"recurring failure {i}",
            status=["pending", "approved", "rejected", "implemented"][i % 4],
            evidence={"cites": {"tool_invocation": [i * 3 * step + 1, i * 3 * step + 2]}},
        )
        for i in range(count)
    )
    return count


def ingest_rate(tokens: list[str], seconds: float, label: str) -> float:
    """Events/s of 500-event batches of the mix posted in-process, derived work left queued."""
    from rest_framework.test import APIClient

    from bench.ingest import mix_event  # noqa: F401  (the same mix, as the API takes it)

    clients = []
    for token in tokens:
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
        clients.append(client)
    sent, started, n = 0, time.perf_counter(), 0
    stamp = scale_load.now_utc()
    while time.perf_counter() - started < seconds:
        batch = [_api_event(label, n + i, stamp) for i in range(BATCH)]
        response = clients[(n // BATCH) % len(clients)].post(
            "/api/v1/ingest", {"batch": batch}, format="json"
        )
        assert response.status_code in (200, 201, 207), response.content[:300]
        n += BATCH
        sent += BATCH
    return sent / (time.perf_counter() - started)


def _api_event(label: str, n: int, stamp) -> dict:
    kind = scale_load.MIX[n % 20]
    session = f"{label}-s{n // 20}"
    at = (stamp + timedelta(milliseconds=n)).isoformat()
    bodies = {
        "toolinvocation": (
            "tool_invocation",
            {
                "session_id": session,
                "tool": "bash",
                "outcome": "failure",
                "failure_mode": scale_load.MODES[n // 25 % 4],
                "duration_ms": 30,
            }
            if n % 25 == 0
            else {"session_id": session, "tool": "read_file", "outcome": "success", "duration_ms": 12},
        ),
        "skilloutcome": (
            "skill_outcome",
            {
                "skill": "triage",
                "success": n % 10 != 1,
                "duration_ms": 900,
                "input_tokens": 1200,
                "output_tokens": 300,
                "model": "gpt-4o-mini",
                "patterns": ["Ask first", "Small steps"],
                "session_id": session,
            },
        ),  # fmt: skip
        "observation": ("observation", {"text": "Clear and quick.", "session_id": session}),
        "decision": ("decision", {"subject": "deploy", "verdict": "confirmed", "session_id": session}),
        "correction": ("correction", {"user_message": "No, use pnpm instead of npm.", "session_id": session}),
        "sessionend": ("session_end", {"session_id": session}),
    }
    kind, body = bodies[kind]
    return {"id": f"{label}-{n}", "type": kind, "timestamp": at, "body": body}


class Queries:
    """Every SQL statement run while timing, with its duration (connection.execute_wrapper)."""

    def __init__(self):
        self.slow: dict[str, tuple[float, str, tuple]] = {}

    def __call__(self, execute, sql, params, many, context):
        started = time.perf_counter()
        try:
            return execute(sql, params, many, context)
        finally:
            ms = (time.perf_counter() - started) * 1000
            if ms > SLOW_MS and not many and sql.lstrip().upper().startswith("SELECT"):
                key = sql[:300]
                if key not in self.slow or self.slow[key][0] < ms:
                    self.slow[key] = (ms, sql, params)


def timed_pages(urls: list[str], client, repeat: int) -> list[tuple[str, float, float, int]]:
    rows = []
    for url in urls:
        times, status = [], 0
        for _ in range(repeat):
            started = time.perf_counter()
            response = client.get(url)
            times.append((time.perf_counter() - started) * 1000)
            status = response.status_code
        rows.append((url, percentile(times, 0.5), percentile(times, 0.95), status))
    return rows


def admin_urls() -> list[str]:
    from django.contrib import admin
    from django.urls import reverse

    urls = []
    for model, model_admin in sorted(admin.site._registry.items(), key=lambda kv: kv[0]._meta.label):
        info = (model._meta.app_label, model._meta.model_name)
        changelist = reverse(f"admin:{info[0]}_{info[1]}_changelist")
        urls.append(changelist)
        if model_admin.search_fields:
            urls.append(f"{changelist}?q=bash")
        last = model._default_manager.order_by("-pk").values_list("pk", flat=True).first()
        if last is not None:
            urls.append(reverse(f"admin:{info[0]}_{info[1]}_change", args=[last]))
    return urls


def api_list_urls() -> list[str]:
    """Every API route without a path parameter that answers GET (lists and reports)."""
    from django.urls import URLPattern, URLResolver, get_resolver

    found = []

    def walk(patterns, prefix):
        for p in patterns:
            route = prefix + str(p.pattern)
            if isinstance(p, URLResolver):
                walk(p.url_patterns, route)
            elif isinstance(p, URLPattern) and "<" not in route and "(?P" not in route:
                callback = p.callback
                cls = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
                actions = getattr(callback, "actions", None) or {}
                if cls is None or (actions and "get" not in actions):
                    continue
                if hasattr(cls, "get") or "get" in actions:
                    found.append("/" + route.replace("^", "").replace("$", "").replace("\\", ""))

    walk(get_resolver().url_patterns, "")
    return sorted({u for u in found if u.startswith(("/api/v1/", "/api/public/")) and "format" not in u})


def tasks_timed(repeat: int) -> list[tuple[str, float, float]]:
    from governance.board.tasks import improve_cycle
    from improver.models import ImproverAgent
    from improver.services.ritual import ritual_run
    from improver.tasks import check_rollouts, maintenance_pass
    from planner.services import fleet_snapshot_take
    from telemetry.tasks import agent_activity_refresh, partitions_ensure

    def fleet_snapshot(n=[0]):  # noqa: B006  (a new minute each call: one snapshot a minute)
        n[0] += 1
        fleet_snapshot_take(now=scale_load.now_utc() + timedelta(minutes=n[0]))

    def ritual(n=[0]):  # noqa: B006  (a new period each call: a ritual runs once per period)
        n[0] += 1
        improver = ImproverAgent.objects.order_by("pk").first()
        ritual_run(improver=improver, period=f"bench-{n[0]}")

    jobs = {
        "fleet snapshot": fleet_snapshot,
        "rollout check": lambda: check_rollouts.apply().get(),
        "improve cycle": lambda: improve_cycle.apply().get(),
        "maintenance pass": lambda: maintenance_pass.apply().get(),
        "agent activity": lambda: agent_activity_refresh.apply().get(),
        "partitions ensure": lambda: partitions_ensure.apply().get(),
        "one template's ritual": ritual,
    }
    rows = []
    for name, job in jobs.items():
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            job()
            times.append(time.perf_counter() - started)
        rows.append((name, percentile(times, 0.5), max(times)))
    return rows


def derive_rate(workers: int, url: str) -> tuple[float, float, float]:
    """(entries/s, wall s, database CPU s) of `workers` processes draining the to-do list."""
    from django.db import connections

    from telemetry.derived import backlog

    pending = backlog().pending
    connections.close_all()
    roots = {"db": cpu.postmaster_pid(url)}
    before = cpu.seconds(roots)
    started = time.perf_counter()
    ctx = multiprocessing.get_context("fork")
    procs = [ctx.Process(target=_drain) for _ in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join()
    wall = time.perf_counter() - started
    db = cpu.spent(before, cpu.seconds(roots))["db"]
    return pending / wall, wall, db


def _drain():
    from django.db import connection

    from telemetry.derived import backlog, derive_pending

    try:
        while backlog().pending:
            derive_pending(max_batches=10_000)
    finally:
        connection.close()


def explain(queries: Queries, limit: int = 12) -> None:
    from django.db import connection

    shown = 0
    for ms, sql, params in sorted(queries.slow.values(), key=lambda q: -q[0]):
        with connection.cursor() as cursor:
            try:
                cursor.execute("EXPLAIN " + sql, params)
            except Exception as exc:  # a statement EXPLAIN cannot take: say so
                say(f"   ({ms:.0f} ms, not explained: {exc})")
                continue
            plan = [row[0] for row in cursor.fetchall()]
        whole = [line for line in plan if "Seq Scan" in line and "default" not in line]
        say(f"   {ms:7.0f} ms  {' '.join(sql.split())[:160]}")
        if whole:
            for line in plan[:14]:
                say(f"            {line}")
        shown += 1
        if shown >= limit:
            break


def stored_bytes() -> tuple[int, int]:
    from django.db import connection

    from telemetry.partitions import event_tables

    total_bytes = rows = 0
    with connection.cursor() as cursor:
        for table in event_tables().values():
            cursor.execute(
                "SELECT coalesce(sum(pg_total_relation_size(inhrelid)), 0), "
                "coalesce(sum(greatest(c.reltuples, 0)), 0) FROM pg_inherits "
                "JOIN pg_class c ON c.oid = inhrelid WHERE inhparent = %s::regclass",
                [table],
            )
            b, r = cursor.fetchone()
            total_bytes, rows = total_bytes + int(b), rows + int(r)
    return total_bytes, rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--events", type=int, default=50_000_000)
    parser.add_argument("--agents", type=int, default=1000)
    parser.add_argument("--templates", type=int, default=20)
    parser.add_argument("--days", type=int, default=90)
    parser.add_argument("--proposals", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=5, help="requests per page (p50/p95 over them)")
    parser.add_argument("--ingest-seconds", type=float, default=15)
    parser.add_argument("--pg-admin", default=None)
    parser.add_argument("--smoke", action="store_true", help="40,000 events over 4 days, 40 agents")
    args = parser.parse_args()
    name = "kaizen_scale"
    if args.smoke:
        args.events, args.agents, args.templates, args.days = 40_000, 40, 4, 4
        args.proposals, args.repeat, args.ingest_seconds = 20, 1, 1.0
        args.pg_admin, name = args.pg_admin or PG_ADMIN, f"kaizen_scale_{os.getpid()}"
    began = time.perf_counter()

    import bench.ingest as ingest_bench

    ingest_bench.PRIVATE_PG = SCALE_PG
    with database_server(args.pg_admin) as (admin, where):
        say(f"Kaizen at {args.events:,} events, {args.agents:,} agents, {args.templates} templates, "
            f"{args.days} days, on {where}")  # fmt: skip
        url = fresh_database(name, admin)
        os.environ.update(
            DATABASE_URL=url, DATABASE_CONN_MAX_AGE="0", KAIZEN_RETENTION_DAYS=str(args.days + 30)
        )
        os.environ.pop("CELERY_BROKER_URL", None)
        os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
        import django

        django.setup()
        from django.conf import settings
        from django.db import connection
        from django.test import Client

        from config.celery import app
        from telemetry.partitions import partitions, partitions_ensure, period_of
        from telemetry.retention import prune_events

        settings.ALLOWED_HOSTS = ["*"]
        app.conf.task_always_eager = False  # ingest leaves derived work queued, as with a worker

        with Phase("fleet"):
            agents, heads, tokens, user = setup_fleet(args)
        partitions_ensure()
        # history: whole days up to the oldest partition there is (today's, or yesterday's when
        # the database was migrated before midnight and this runs after it)
        with connection.cursor() as cursor:
            made = [p.start for p in partitions(cursor, "telemetry_toolinvocation") if p.start is not None]
        end = min([period_of(scale_load.now_utc())[0], *made])
        first_day = end - timedelta(days=args.days)
        ingest_rate(tokens, 2, "warm")  # the first requests load code and caches
        with Phase("ingest, empty database"):
            empty = [ingest_rate(tokens, args.ingest_seconds, f"empty{i}") for i in range(3)]
        with Phase("derive what that stored"):
            derive_rate(1, url)

        agent_rows = [(a.pk, heads[a.template_id]) for a in agents]
        per_day = args.events // args.days // 20 * 20  # whole sessions a day
        days = [first_day + timedelta(days=d) for d in range(args.days)]
        with Phase(f"load {per_day * args.days:,} events by COPY (2 processes)") as load:
            parts = [(url, days[w::2], per_day, agent_rows, first_day) for w in range(2)]
            with multiprocessing.get_context("fork").Pool(2) as pool:
                pool.map(scale_load.load_part, parts)
        say(f"   {per_day * args.days / load.seconds:,.0f} events/s")
        with Phase("VACUUM ANALYZE"), connection.cursor() as cursor:
            cursor.execute("VACUUM (ANALYZE)")
        cite_events(args.proposals)

        with Phase("ingest, full database"):
            full = [ingest_rate(tokens, args.ingest_seconds, f"full{i}") for i in range(3)]
        empty_rate, full_rate = sorted(empty)[1], sorted(full)[1]  # the medians of three runs
        say(f"   500-event batches, median of three runs: {empty_rate:,.0f} events/s empty "
            f"({', '.join(f'{r:,.0f}' for r in empty)}), {full_rate:,.0f} at size "
            f"({', '.join(f'{r:,.0f}' for r in full)}): {full_rate / empty_rate:.2f}x")  # fmt: skip

        queries = Queries()
        client = Client()
        client.force_login(user)
        with connection.execute_wrapper(queries):
            with Phase("pages"):
                pages = timed_pages(["/dashboard/", *admin_urls(), *api_list_urls()], client, args.repeat)
            with Phase("periodic tasks"):
                tasks = tasks_timed(max(1, args.repeat // 2))
        with Phase("derive what the three runs stored"):
            derive_rate(2, url)
        # one worker and two, each on the backlog of one run of the same length
        full_rate_again = ingest_rate(tokens, args.ingest_seconds, "again")
        with Phase("derive, 1 worker"):
            one = derive_rate(1, url)
        ingest_rate(tokens, args.ingest_seconds, "again2")
        with Phase("derive, 2 workers"):
            two = derive_rate(2, url)

        with connection.cursor() as cursor:
            oldest = next(p for p in partitions(cursor, "telemetry_toolinvocation") if p.start is not None)
        retention = (end - oldest.end).days
        from governance.models import Proposal

        cited_before = _cited_rows()
        with Phase("retire the oldest day") as retire:
            result = prune_events(older_than_days=retention, now=oldest.end + timedelta(days=retention))
        cited_after = _cited_rows()
        size, rows = stored_bytes()

        say("")
        say(f"== pages (ms over {args.repeat} requests each)")
        say(f"{'p50':>8} {'p95':>8}  status  page")
        for url_, p50, p95, status in pages:
            flag = "" if p95 <= 300 else "  OVER 300 ms"
            say(f"{p50:8.0f} {p95:8.0f}  {status:6d}  {url_}{flag}")
        say("== periodic tasks (s)")
        for task, p50, worst in tasks:
            limit = 30 if "ritual" in task else 5
            say(f"{p50:8.2f} {worst:8.2f}  {task}{'' if worst <= limit else f'  OVER {limit} s'}")
        say("== derived work")
        say(f"   1 worker : {one[0]:,.0f} entries/s ({one[1]:.1f} s wall, database CPU {one[2]:.1f} s)")
        say(f"   2 workers: {two[0]:,.0f} entries/s ({two[1]:.1f} s wall, database CPU {two[2]:.1f} s): "
            f"{two[0] / one[0]:.2f}x")  # fmt: skip
        say("== retention")
        dropped = sum(len(v) for v in result["partitions"].values())
        gone = sum(result[k] for k in result["partitions"])
        say(f"   retired {oldest.start:%Y-%m-%d} ({dropped} partitions, about {gone:,} events) in "
            f"{retire.seconds:.2f} s; cited events before {cited_before}, after {cited_after}")  # fmt: skip
        say("== storage")
        each = size / max(rows, 1)
        say(f"   {size / 2**30:.1f} GiB for {rows:,.0f} events with indexes: {each:.0f} bytes an event")
        say(f"   ingest again after the page timings: {full_rate_again:,.0f} events/s")
        say(f"== queries over {SLOW_MS} ms (EXPLAIN; plans shown where a table is read whole)")
        explain(queries)
        minutes = (time.perf_counter() - began) / 60
        from learning.models import FeedbackItem

        say(f"\nwhole run: {minutes:.1f} min; proposals: {Proposal.objects.count():,}; "
            f"feedback items: {FeedbackItem.objects.count():,}")  # fmt: skip
        if args.smoke:
            connection.close()
            drop_database(name, admin)


def _cited_rows() -> int:
    from django.db import connection

    from governance.models import Proposal

    ids = set()
    for evidence in Proposal.objects.filter(evidence__has_key="cites").values_list("evidence", flat=True):
        ids |= set(evidence["cites"].get("tool_invocation", []))
    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM telemetry_toolinvocation WHERE id = ANY(%s)", [sorted(ids)])
        return cursor.fetchone()[0]


if __name__ == "__main__":
    main()
