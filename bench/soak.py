"""A soak of the realistic mix: derived work keeps up for half an hour, with friction and a
correction in every session, on top of a large table of learned facts.

    .venv/bin/python bench/soak.py [--minutes 30] [--rate 1000] [--facts 100000] [--workers N] [--smoke]

gunicorn (the shipped config) and a Celery worker with beat (its default concurrency) on a
private PostgreSQL server (as bench/ingest.py starts it; `--pg-admin URL` for an existing one).
Before the load, `--facts` learned facts are stored for the template. The load is paced at
`--rate` events/s, one session of 20 events per request from one of 50 agents: 12 tool
invocations (three the same failure, so friction fires and strengthens the open new-tool
proposal of that tool and mode), 4 skill outcomes, 2 observations, a correction (one of 2,000
wordings: some learn a new fact, most find a known one) and a session end. The derived-work
lag (the age of the oldest event waiting for its derived work) is sampled every 200 ms.

Every agent runs the one template `coder`, so derived work for all of them meets on its rows.
`--workers N` sets the worker's processes. Prints, per 5 minutes and in all: events
acknowledged, ingest p99, lag p50/p99/max and the sessions waiting on a lock in the database
(sampled with the lag); then how long the worker took to drain what was left, and what was
derived (facts, frictions, proposals, parked entries). Target: lag p99 <= 5 s in every window.
`--backlog N`: one more agent sends N events as fast as it can when the load starts (sessions
of 20 in 500-event requests); the others' lag (the oldest entry waiting of any other agent) is
then sampled too and printed per window. Target: the others' p99 <= 5 s, whatever the flood (the
flooder's own lag is printed, but its backlog takes as long as it takes).
`--compare N`: after the soak, with the worker stopped, N events of the 50 agents are derived by
one process, then N more by two at once: entries/s of each, their ratio (target >= 1.5x), and the
sessions waiting on a lock meanwhile.
`--smoke` runs 15 seconds at 200 events/s over 1,000 facts, and compares on 2,000 events, as
`make test` does.
"""

import argparse
import hashlib
import http.client
import json
import os
import subprocess
import sys
import threading
import time
from datetime import UTC, datetime

import psycopg

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.common import fresh_database, manage, percentile  # noqa: E402
from bench.ingest import MAKE_AGENTS, PORT, LagSampler, caught_up, database_server, start  # noqa: E402

MODES = ["RUNTIME", "NOTFOUND.package", "PERM", "TIMEOUT.network"]
WINDOW_S = 300
EVENT_TABLES = ["toolinvocation", "skilloutcome", "observation", "correction", "sessionend"]
SUMMARY = [
    ("events stored", "SELECT " + " + ".join(f"(SELECT count(*) FROM telemetry_{t})" for t in EVENT_TABLES)),
    ("facts", "SELECT count(*) FROM telemetry_learnedfact"),
    ("frictions", "SELECT count(*) FROM telemetry_frictionevent"),
    ("new-tool proposals", "SELECT count(*) FROM governance_proposal WHERE type = 'new_tool'"),
    ("cited events", "SELECT count(*) FROM governance_citation"),
    ("largest evidence (bytes)", "SELECT max(length(evidence::text)) FROM governance_proposal"),
    (
        "entries pending / parked",
        "SELECT count(*) FILTER (WHERE parked_at IS NULL) || ' / ' || "
        "count(*) FILTER (WHERE parked_at IS NOT NULL) FROM telemetry_pendingderivation",
    ),
]


def session(n: int, run: str) -> list[dict]:
    """Session `n`: 20 events, friction (3 × the same failure) and a correction among them."""
    sid, at = f"{run}-s{n}", datetime.now(UTC).isoformat()

    def ev(k: int, kind: str, body: dict) -> dict:
        return {"id": f"{sid}-{k}", "type": kind, "timestamp": at, "body": body}

    mode = MODES[n % len(MODES)]
    events = [
        ev(k, "tool_invocation", {"session_id": sid, "tool": "bash", "args": {"cmd": "make test"},
                                  "outcome": "failure", "duration_ms": 40, "failure_mode": mode,
                                  "error": "exit status 2"})
        for k in range(3)
    ]  # fmt: skip
    events += [
        ev(
            k,
            "tool_invocation",
            {"session_id": sid, "tool": "read_file", "outcome": "success", "duration_ms": 5},
        )
        for k in range(3, 12)
    ]
    events += [
        ev(k, "skill_outcome", {"skill": "triage" if k % 2 else "review", "success": k % 3 != 0,
                                "duration_ms": 900, "input_tokens": 1200, "output_tokens": 300,
                                "model": "gpt-4o-mini", "correlation_id": f"{sid}-{k}",
                                "patterns": ["Small steps", "Read the tests"]})
        for k in range(12, 16)
    ]  # fmt: skip
    events += [
        ev(k, "observation", {"text": "The user accepted the summary.", "session_id": sid,
                              "sentiment": "positive", "category": "praise"})
        for k in range(16, 18)
    ]  # fmt: skip
    events.append(
        ev(18, "correction", {"user_message": f"No, use pnpm {n % 2000} instead.",
                              "previous_agent_response": "npm install", "session_id": sid})
    )  # fmt: skip
    events.append(ev(19, "session_end", {"session_id": sid}))
    return events


def seed_facts(url: str, count: int) -> None:
    """`count` active facts of the coder template, written by COPY (as years of corrections would)."""
    with psycopg.connect(url) as conn, conn.cursor() as cur:
        template = cur.execute("SELECT id FROM telemetry_agenttemplate WHERE slug = 'coder'").fetchone()[0]
        now = datetime.now(UTC)
        with cur.copy(
            "COPY telemetry_learnedfact (template_id, content, content_key, subject, confidence, scope, "
            "source, status, reach, about_instance, created_at) FROM STDIN"
        ) as copy:
            for n in range(count):
                content = f"The build of service {n} runs with make ci-{n}."
                key = hashlib.sha256(" ".join(content.casefold().split()).encode()).hexdigest()
                copy.write_row(
                    [
                        template,
                        content,
                        key,
                        "",
                        1.0,
                        "project",
                        "user-stated",
                        "active",
                        "template",
                        False,
                        now,
                    ]
                )
        conn.commit()
        conn.execute("ANALYZE telemetry_learnedfact")  # the statistics a table of that age has


class TimedLag(LagSampler):
    """The lag sampler of bench/ingest.py, each sample with its time since the load began."""

    def __init__(self, database_url: str, flooder: int | None = None):
        super().__init__(database_url)
        self.t0, self.timed, self.flooder, self.others = time.monotonic(), [], flooder, []

    LOCKS = (
        "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' "
        "AND datname = current_database()"
    )

    OTHERS = (
        "SELECT extract(epoch FROM now() - received_at)::float FROM telemetry_pendingderivation "
        "WHERE parked_at IS NULL AND agent_id <> %s ORDER BY id LIMIT 1"
    )

    def _run(self) -> None:
        self.locks: list[tuple[float, int]] = []
        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self.stop.is_set():
                age = conn.execute(self.SQL).fetchone()
                at = time.monotonic() - self.t0
                self.timed.append((at, max(0.0, age[0]) if age else 0.0))
                self.locks.append((at, conn.execute(self.LOCKS).fetchone()[0]))
                if self.flooder is not None:
                    other = conn.execute(self.OTHERS, [self.flooder]).fetchone()
                    self.others.append((at, max(0.0, other[0]) if other else 0.0))
                self.stop.wait(0.2)


def flood(token: str, events: int, run: str) -> float:
    """Send `events` events of one agent as fast as one connection can; return the seconds taken."""
    conn, started = http.client.HTTPConnection("127.0.0.1", PORT, timeout=60), time.monotonic()
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for first in range(0, events // 20, 25):
        batch = [event for n in range(first, min(first + 25, events // 20)) for event in session(n, run)]
        conn.request("POST", "/api/v1/ingest", json.dumps({"batch": batch}), headers)
        conn.getresponse().read()
    return time.monotonic() - started


class Load:
    """Sessions posted at a steady pace by a few threads with kept-alive connections."""

    def __init__(self, tokens: list[str], rate: float, run: str):
        self.tokens, self.per_s, self.run = tokens, rate / 20, run
        self.next, self.lock, self.stop = 0, threading.Lock(), threading.Event()
        self.results: list[tuple[float, float, int]] = []  # (sent at, seconds, status)
        self.started = time.monotonic()

    def _take(self) -> int:
        with self.lock:
            self.next += 1
            return self.next - 1

    def _thread(self) -> None:
        conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
        while not self.stop.is_set():
            n = self._take()
            delay = self.started + n / self.per_s - time.monotonic()
            if delay > 0:
                time.sleep(delay)
            body = json.dumps({"batch": session(n, self.run)})
            headers = {"Authorization": f"Bearer {self.tokens[n % len(self.tokens)]}",
                       "Content-Type": "application/json"}  # fmt: skip
            sent = time.monotonic()
            try:
                conn.request("POST", "/api/v1/ingest", body, headers)
                response = conn.getresponse()
                answer = response.read()
                status = response.status
                if status == 207 and any(
                    r["status"] not in (200, 201) for r in json.loads(answer)["results"]
                ):
                    status = -207  # an event of the session was refused: the mix is wrong
            except OSError:
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=30)
                status = 0
            self.results.append((sent - self.started, time.monotonic() - sent, status))

    def run_for(self, seconds: float) -> None:
        threads = [threading.Thread(target=self._thread, daemon=True) for _ in range(6)]
        for thread in threads:
            thread.start()
        deadline = self.started + seconds
        while time.monotonic() < deadline:
            time.sleep(1)
            done = len(self.results)
            if done and done % int(self.per_s * 60) < self.per_s:  # about once a minute
                print(f"  {time.monotonic() - self.started:6.0f} s: {done * 20} events sent", flush=True)
        self.stop.set()
        for thread in threads:
            thread.join(35)


DRAIN = (
    "import time\nfrom telemetry.derived import backlog, derive_pending\nstarted = time.time()\n"
    "while backlog().pending:\n    derive_pending(max_batches=10_000)\nprint(started, time.time())\n"
)


def compare_workers(url: str, env: dict, tokens: list[str], events: int) -> None:
    """Entries/s of one derive process, then of two, each on a backlog of `events` events sent by
    every agent (all of the one template) while nothing derives; the lock waits sampled meanwhile."""
    rates = []
    for processes in (1, 2):
        each = events // len(tokens) // 20 * 20
        for i, token in enumerate(tokens):
            flood(token, each, f"compare{processes}-{i}-{int(time.time())}")
        with psycopg.connect(url, autocommit=True) as conn:
            pending = conn.execute("SELECT count(*) FROM telemetry_pendingderivation").fetchone()[0]
            waits, done = [], threading.Event()
            sampler = threading.Thread(target=_sample_locks, args=(url, waits, done), daemon=True)
            sampler.start()
            drains = [
                subprocess.Popen([sys.executable, "manage.py", "shell", "-c", DRAIN], env=env,
                                 cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                 stdout=subprocess.PIPE, text=True)
                for _ in range(processes)
            ]  # fmt: skip
            spans = [tuple(map(float, p.communicate()[0].split()[-2:])) for p in drains]
            done.set()
            sampler.join()
        wall = max(end for _, end in spans) - min(start for start, _ in spans)
        rates.append(pending / wall)
        print(f"  {processes} process{'es' if processes > 1 else ''}: {pending} entries in {wall:.1f} s, "
              f"{pending / wall:,.0f} entries/s, lock waits {sum(waits) / max(len(waits), 1):.2f} avg, "
              f"{max(waits, default=0)} max")  # fmt: skip
    met = "met" if rates[1] >= 1.5 * rates[0] else "NOT met"
    print(f"  two processes derive {rates[1] / rates[0]:.2f}x one (target >= 1.5x: {met})")


def _sample_locks(url: str, waits: list[int], done: threading.Event) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        while not done.is_set():
            waits.append(conn.execute(TimedLag.LOCKS).fetchone()[0])
            done.wait(0.2)


def report(load: Load, lags: list[tuple[float, float]], seconds: float, locks=(), others=()) -> bool:
    if os.environ.get("SOAK_TIMELINE"):
        for start in range(0, int(seconds), 10):
            lag = [age for at, age in lags if start <= at < start + 10] or [0.0]
            print(f"  {start:>5} s  lag max {max(lag):5.1f} s")
    print(f"{'window':>13} {'events':>8} {'ingest p99':>11} {'lag p50':>8} {'lag p99':>8} {'lag max':>8}"
          f" {'lock waits':>10}" + ("   others' lag p50/p99/max" if others else ""))  # fmt: skip
    ok = True
    for start in range(0, int(seconds), WINDOW_S):
        end = start + WINDOW_S
        took = [s for at, s, status in load.results if start <= at < end and status in (200, 201, 207)]
        lag = [age for at, age in lags if start <= at < end] or [0.0]
        p99 = percentile(lag, 0.99)
        ok &= bool(others) or p99 <= 5  # with a flood, the flooder's own backlog is no target
        took_p99 = percentile(took or [0], 0.99) * 1000
        waiting = [n for at, n in locks if start <= at < end] or [0]
        theirs = [age for at, age in others if start <= at < end] or [0.0]
        if others:
            ok &= percentile(theirs, 0.99) <= 5
        print(f"{start // 60:>5}-{end // 60:<3} min {len(took) * 20:>8} {took_p99:>9.0f} ms"
              f" {percentile(lag, 0.5):>6.1f} s {p99:>6.1f} s {max(lag):>6.1f} s"
              f" {sum(waiting) / len(waiting):>5.2f} avg, {max(waiting)} max"
              + (f"   {percentile(theirs, 0.5):.1f} / {percentile(theirs, 0.99):.1f} / {max(theirs):.1f} s"
                 if others else ""))  # fmt: skip
    failed = sum(status not in (200, 201, 207) for *_, status in load.results)
    lag = [age for _, age in lags] or [0.0]
    took = [seconds for _, seconds, _ in load.results] or [0.0]
    print(f"{'all':>13} {(len(load.results) - failed) * 20:>8} {percentile(took, 0.99) * 1000:>9.0f} ms"
          f" {percentile(lag, 0.5):>6.1f} s {percentile(lag, 0.99):>6.1f} s {max(lag):>6.1f} s"
          f"   ({failed} requests failed)")  # fmt: skip
    return ok and not failed


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--minutes", type=float, default=30)
    parser.add_argument("--rate", type=float, default=1000, help="events per second")
    parser.add_argument("--facts", type=int, default=100_000, help="learned facts stored before the load")
    parser.add_argument(
        "--pg-admin", help="an existing server's postgres database (default: a private server)"
    )
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/12", help="Celery broker for the worker")
    parser.add_argument(
        "--workers", type=int, default=None, help="worker processes deriving (default: Celery's, one a core)"
    )
    parser.add_argument("--backlog", type=int, default=0, help="events one more agent floods in at the start")
    parser.add_argument("--compare", type=int, default=0, help="events derived by one process, then two")
    parser.add_argument("--smoke", action="store_true", help="15 seconds at 200 events/s over 1,000 facts")
    args = parser.parse_args()
    if args.smoke:
        args.minutes, args.rate, args.facts, args.compare = 0.25, 200, 1000, args.compare or 2000
    args.pg_admin = args.pg_admin or os.environ.get("BENCH_PG_ADMIN")
    args.derive_workers, args.workers, args.worker_nice = args.workers, None, 0
    with database_server(args.pg_admin) as (admin, where):
        url = fresh_database("kaizen_bench_soak", admin)
        manage(url, "load_templates", "examples/templates.yaml")
        tokens = [
            line for line in manage(url, "shell", "-c", MAKE_AGENTS).splitlines() if line.startswith("kz_")
        ]
        seed_facts(url, args.facts)
        print(f"== soak: {args.rate:.0f} events/s for {args.minutes:g} min, {args.facts} facts stored, "
              f"gunicorn + worker/beat on {where}")  # fmt: skip
        env = {**os.environ, "DATABASE_URL": url, "DATABASE_CONN_MAX_AGE": "600",
               "CELERY_BROKER_URL": args.broker, "KAIZEN_METRICS_TOKEN": ""}  # fmt: skip
        processes = start(args, env)
        flooder = None
        if args.backlog:
            token, tokens = tokens[0], tokens[1:]
            with psycopg.connect(url) as conn:
                flooder = conn.execute(
                    "SELECT agent_id FROM telemetry_apitoken WHERE prefix = %s", [token.split("_")[1]]
                ).fetchone()[0]
        sampler = TimedLag(url, flooder)
        try:
            load = Load(tokens, args.rate, run=f"soak{int(time.time())}")
            sampler.t0 = load.started
            sampler.active.set()
            sampler.thread.start()
            if args.backlog:
                sent = threading.Thread(
                    target=lambda: print(
                        f"  the backlog of {args.backlog} events was sent in "
                        f"{flood(token, args.backlog, f'flood{int(time.time())}'):.1f} s",
                        flush=True,
                    ),
                    daemon=True,
                )
                sent.start()
            load.run_for(args.minutes * 60)
            drain_started = time.monotonic()
            caught_up(sampler, limit_s=900)
            drained = time.monotonic() - drain_started
            sampler.stop.set()
            ok = report(load, sampler.timed, args.minutes * 60, getattr(sampler, "locks", []), sampler.others)
            print(f"drained the rest in {drained:.1f} s after the load stopped")
            with psycopg.connect(url) as conn:
                for label, sql in SUMMARY:
                    print(f"  {label}: {conn.execute(sql).fetchone()[0]}")
            target = (
                "the others' lag p99 <= 5 s in every window"
                if args.backlog
                else "lag p99 <= 5 s in every window"
            )
            print(f"target {target}:", "met" if ok else "NOT met")
            if args.compare:
                processes[1].terminate()  # the worker: from here only the measured processes derive
                processes[1].wait(30)
                print(f"== derive rate on one template: {args.compare} events, one process then two")
                compare_workers(url, env, tokens, args.compare)
        finally:
            for process in processes:
                process.terminate()
            for process in processes:
                process.wait(30)


if __name__ == "__main__":
    main()
