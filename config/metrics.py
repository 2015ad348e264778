"""Prometheus metrics of the process: ingest outcomes and request latency (prometheus-client).

Counters live in the process that counts them. Under gunicorn the shipped gunicorn.conf.py
turns on the client library's multiprocess mode (PROMETHEUS_MULTIPROC_DIR, a fresh directory
unless set), so a scrape sums every worker's counts; the database-backed gauges need nothing.
"""

import time

from prometheus_client import Counter, Histogram

FIELDS = {"type", "timestamp", "body", "id"}
EVENTS = Counter(
    "kaizen_ingest_events_total", "Events received by ingest, by type and result.", ["type", "result"]
)
REJECTED = Counter(
    "kaizen_ingest_rejected_total",
    "Events rejected by ingest, by type and the field at fault.",
    ["type", "field"],
)
LATENCY = Histogram(
    "kaizen_request_seconds",
    "Request latency by route, method and status class.",
    ["route", "method", "status"],
    buckets=(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
)


def count_ingest(event_type: str, status: int, errors: dict, n: int = 1) -> None:
    if not n:
        return
    result = {201: "stored", 200: "duplicate"}.get(status, "rejected")
    EVENTS.labels(event_type or "unknown", result).inc(n)
    for field in errors or {}:
        top = field.split(".")[0]  # bounded labels: a client's unknown keys never become one
        REJECTED.labels(event_type or "unknown", top if top in FIELDS else "other").inc()


def observe_request(route: str, method: str, status: int, seconds: float) -> None:
    LATENCY.labels(route, method, f"{status // 100}xx").observe(seconds)


class MetricsMiddleware:
    """Times every request under its route's name (not its path: ids would explode the labels)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        started = time.perf_counter()
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)  # set by the URL resolution Django did
        route = (match.url_name or "unnamed") if match else "unmatched"
        observe_request(route, request.method, response.status_code, time.perf_counter() - started)
        return response
