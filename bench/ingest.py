"""Ingest throughput through gunicorn on PostgreSQL, against the raw COPY rate of the same rows.

    .venv/bin/python bench/ingest.py [--clients 4] [--workers 4]

Targets (2-core machine): 500-event batches >= 15,000 events/s and >= 0.12 of the raw COPY
rate; single events >= 800 requests/s with p99 < 25 ms.
"""

import argparse
import http.client
import json
import os
import signal
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime, timedelta

import psycopg

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import ROOT, fresh_database, manage, percentile  # noqa: E402

PORT = 8931


def make_events(prefix: str, n: int, start: int = 0) -> list[dict]:
    """`n` tool invocations, one in five failing (counted across requests when `start` moves on)."""
    base = datetime(2026, 11, 1, tzinfo=UTC)
    return [
        {
            "id": f"{prefix}-{i}",
            "type": "tool_invocation",
            "timestamp": (base + timedelta(milliseconds=i)).isoformat(),
            "body": {
                "session_id": f"{prefix}-s{i % 20}",
                "tool": "bash",
                "args": {"cmd": "ls -la", "i": i},
                "outcome": "failure" if i % 5 == 0 else "success",
                "duration_ms": 10 + i % 300,
                **({"failure_mode": "RUNTIME"} if i % 5 == 0 else {}),
            },
        }
        for i in range(start, start + n)
    ]


def run_load(token: str, batch_size: int, requests: int, clients: int) -> dict:
    bodies = [
        json.dumps({"batch": make_events(f"b{batch_size}-r{r}", batch_size, start=r * batch_size)}).encode()
        for r in range(requests)
    ]
    latencies: list[float] = []
    lock = threading.Lock()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}

    def client(worker: int) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60)
        mine = []
        for body in bodies[worker::clients]:
            started = time.perf_counter()
            conn.request("POST", "/api/v1/ingest", body=body, headers=headers)
            response = conn.getresponse()
            payload = response.read()
            mine.append(time.perf_counter() - started)
            if response.status != 207:
                raise RuntimeError(f"{response.status}: {payload[:200]!r}")
        conn.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, args=(w,)) for w in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - started
    return {
        "batch": batch_size,
        "requests": requests,
        "events": requests * batch_size,
        "events_per_s": requests * batch_size / elapsed,
        "requests_per_s": requests / elapsed,
        "p50_ms": percentile(latencies, 0.50) * 1000,
        "p99_ms": percentile(latencies, 0.99) * 1000,
    }


def copy_rate(database_url: str, n: int) -> float:
    """Rows/s of COPYing equivalent tool-invocation rows straight into the table."""
    with psycopg.connect(database_url) as conn:
        agent_id = conn.execute("SELECT id FROM telemetry_agent LIMIT 1").fetchone()[0]
        now = datetime.now(UTC)
        rows = [
            (
                agent_id,
                None,
                f"copy-{e['id']}",
                "0" * 64,
                datetime.fromisoformat(e["timestamp"]),
                now,
                e["body"]["session_id"],
                e["body"]["tool"],
                json.dumps(e["body"]["args"]),
                e["body"]["outcome"],
                e["body"]["duration_ms"],
                e["body"].get("failure_mode", ""),
            )
            for e in make_events("copy", n)
        ]
        started = time.perf_counter()
        with (
            conn.cursor() as cur,
            cur.copy(
                "COPY telemetry_toolinvocation (agent_id, template_version_id, dedup_key, "
                "sha256, occurred_at, received_at, session_id, tool, args, outcome, "
                "duration_ms, failure_mode) "
                "FROM STDIN"
            ) as copy,
        ):
            for row in rows:
                copy.write_row(row)
        conn.commit()
        return n / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--scale", type=float, default=1.0, help="Multiply request counts.")
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/13", help="Celery broker of the server.")
    args = parser.parse_args()

    url = fresh_database("kaizen_bench_ingest")
    manage(url, "load_templates", "examples/templates.yaml")
    token = manage(url, "create_agent", "bench-agent", "--template", "coder")
    env = {**os.environ, "DATABASE_URL": url, "DATABASE_CONN_MAX_AGE": "600"}
    # As in production: derived work (friction detection, proposals) is queued to a broker after
    # the ingest commits; nothing consumes it during the run, and the queue is dropped afterwards.
    env["CELERY_BROKER_URL"] = args.broker
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi:application",
            "-c",
            "gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{PORT}",
            "--workers",
            str(args.workers),
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        for _ in range(100):
            try:
                http.client.HTTPConnection("127.0.0.1", PORT, timeout=1).request("GET", "/api/schema/")
                break
            except OSError:
                time.sleep(0.1)
        run_load(token, 10, 20, args.clients)  # warm up every worker
        scale = args.scale
        results = [
            run_load(token, size, int(count * scale), args.clients)
            for size, count in ((1, 3000), (100, 200), (500, 80))
        ]
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    raw = copy_rate(url, 40_000)
    import redis

    redis.Redis.from_url(args.broker).flushdb()

    print(
        f"ingest through gunicorn ({args.workers} workers, {args.clients} clients) on PostgreSQL, "
        f"broker {args.broker}"
    )
    print(f"{'batch':>6} {'requests':>9} {'events/s':>10} {'req/s':>8} {'p50 ms':>8} {'p99 ms':>8}")
    for r in results:
        print(
            f"{r['batch']:>6} {r['requests']:>9} {r['events_per_s']:>10.0f} "
            f"{r['requests_per_s']:>8.0f} "
            f"{r['p50_ms']:>8.1f} {r['p99_ms']:>8.1f}"
        )
    big = results[-1]
    print(f"raw COPY rate: {raw:.0f} rows/s")
    print(f"500-event batches / raw COPY: {big['events_per_s'] / raw:.3f}   (target >= 0.12)")
    print(f"500-event batches: {big['events_per_s']:.0f} events/s   (target >= 15000)")
    single = results[0]
    print(
        f"single events: {single['requests_per_s']:.0f} req/s, p99 {single['p99_ms']:.1f} ms"
        "   (target >= 800 req/s, p99 < 25 ms)"
    )


if __name__ == "__main__":
    main()
