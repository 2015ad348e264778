"""Operations endpoints: liveness, readiness and Prometheus metrics (plain Django views)."""

import hmac
import os

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, connections
from django.db.migrations.executor import MigrationExecutor
from django.db.models import Count
from django.http import HttpResponse, JsonResponse
from kombu import Connection
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily

from config.error_views import database_unavailable
from experiments.models import Rollout
from fleet.models import WebhookFailure
from fleet.ticks import failing_jobs
from governance.models import Proposal
from improver.models import RitualRun
from telemetry import partitions
from telemetry.derived import backlog, last_taken


def healthz(request):
    """The process answers: nothing else is checked."""
    return JsonResponse({"status": "alive"})


def readyz(request):
    """Database reachable with every migration applied, and the broker reachable (when one is set):
    else 503. Derived work that stopped or fell behind (no worker took it lately, the oldest entry
    waits too long, entries parked) leaves the web ready but reports `degraded` and why."""
    checks = {"database": _database(), "migrations": _migrations(), "broker": _broker()}
    ready = all(c == "ok" for c in checks.values())
    if not ready:
        return JsonResponse({"status": "not ready", "checks": checks}, status=503)
    checks["derived_work"] = _derived_work()
    checks["periodic_jobs"] = _periodic_jobs()
    status = "ready" if checks["derived_work"] == checks["periodic_jobs"] == "ok" else "degraded"
    body = {"status": status, "checks": checks}
    if partitions.enabled():
        body["default_partition_rows"] = partitions.default_rows()
    return JsonResponse(body)


def _periodic_jobs() -> str:
    failing = failing_jobs()
    return "; ".join(f"{name} failed: {why[:200]}" for name, why in sorted(failing.items())) or "ok"


def _derived_work() -> str:
    cfg, problems = settings.KAIZEN, []
    waiting = backlog()
    if settings.CELERY_BROKER_URL:  # without a broker the request derives in-process
        idle = last_taken()  # None on a fresh start: what waits meanwhile shows as lag
        if idle is not None and idle > cfg["WORKER_STALE_SECONDS"]:
            problems.append(f"no worker has taken derived work for {idle:.0f} s (worker or beat down?)")
    if waiting.lag_seconds > cfg["DERIVE_LAG_DEGRADED_SECONDS"]:
        problems.append(f"{waiting.pending} events wait, the oldest for {waiting.lag_seconds:.0f} s")
    if waiting.parked:
        problems.append(f"{waiting.parked} events parked after failing every attempt (admin: re-run)")
    return "; ".join(problems) or "ok"


def _database() -> str:
    try:
        with connections[DEFAULT_DB_ALIAS].cursor() as cursor:
            cursor.execute("SELECT 1")
        return "ok"
    except Exception as exc:  # any failure here means not ready; say which
        return f"unreachable: {type(exc).__name__}" if database_unavailable(exc) else f"error: {exc}"


def _migrations() -> str:
    try:
        executor = MigrationExecutor(connections[DEFAULT_DB_ALIAS])
        plan = executor.migration_plan(executor.loader.graph.leaf_nodes())
    except Exception as exc:
        return f"unknown: {type(exc).__name__}"
    return "ok" if not plan else f"{len(plan)} unapplied"


def _broker() -> str:
    if not settings.CELERY_BROKER_URL:
        return "ok"  # no broker configured: tasks run in-process

    try:
        with Connection(settings.CELERY_BROKER_URL, connect_timeout=2) as conn:
            conn.ensure_connection(max_retries=1, timeout=2)
        return "ok"
    except Exception as exc:
        return f"unreachable: {type(exc).__name__}"


class FleetCollector:
    """Gauges read from the database at scrape time (cheap, indexed counts)."""

    def collect(self):
        pending = GaugeMetricFamily("kaizen_pending_reviews", "Proposals waiting for a human.")
        pending.add_metric([], Proposal.objects.filter(status=Proposal.Status.PENDING).count())
        yield pending
        queue = GaugeMetricFamily("kaizen_derived_pending", "Stored events waiting for their derived work.")
        waiting = backlog()
        queue.add_metric([], waiting.pending)
        yield queue
        lag = GaugeMetricFamily(
            "kaizen_derived_lag_seconds", "How long the oldest event waiting for derived work has waited."
        )
        lag.add_metric([], waiting.lag_seconds)
        yield lag
        parked = GaugeMetricFamily(
            "kaizen_derived_parked", "Stored events whose derived work failed every attempt (admin: re-run)."
        )
        parked.add_metric([], waiting.parked)
        yield parked
        jobs = GaugeMetricFamily(
            "kaizen_periodic_job_failing", "1 while a periodic job's last run failed.", labels=["job"]
        )
        for name in failing_jobs():
            jobs.add_metric([name], 1)
        yield jobs
        webhooks = CounterMetricFamily(
            "kaizen_webhook_deliveries_failed",
            "Webhook deliveries given up (retries used up, or refused), by event.",
            labels=["event"],
        )
        for event, n in WebhookFailure.objects.values_list("event").annotate(n=Count("id")).order_by("event"):
            webhooks.add_metric([event], n)
        yield webhooks
        if partitions.enabled():
            default = GaugeMetricFamily(
                "kaizen_default_partition_rows", "Events in the event tables' default partitions."
            )
            default.add_metric([], partitions.default_rows())
            yield default
        rituals = GaugeMetricFamily("kaizen_rituals", "Ritual runs by outcome.", labels=["outcome"])
        for row in RitualRun.objects.values("outcome").annotate(n=Count("id")):
            rituals.add_metric([row["outcome"]], row["n"])
        yield rituals
        rollouts = GaugeMetricFamily("kaizen_rollouts", "Canary rollouts by status.", labels=["status"])
        for row in Rollout.objects.values("status").annotate(n=Count("id")):
            rollouts.add_metric([row["status"]], row["n"])
        yield rollouts


_registered = False


def metrics(request):
    """Prometheus exposition; 404 unless KAIZEN_METRICS_TOKEN is set, then it is the bearer token."""
    global _registered
    token = settings.KAIZEN["METRICS_TOKEN"]
    if not token:
        return JsonResponse(
            {"message": "Metrics are off: set KAIZEN_METRICS_TOKEN to turn them on."}, status=404
        )
    given = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
    if not hmac.compare_digest(given.encode(), token.encode()):
        return JsonResponse(
            {"message": "Metrics need 'Authorization: Bearer <KAIZEN_METRICS_TOKEN>'."}, status=401
        )
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):  # several workers (gunicorn.conf.py): sum their files
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        registry.register(FleetCollector())
        return HttpResponse(generate_latest(registry), content_type=CONTENT_TYPE_LATEST)
    if not _registered:
        REGISTRY.register(FleetCollector())
        _registered = True
    return HttpResponse(generate_latest(REGISTRY), content_type=CONTENT_TYPE_LATEST)
