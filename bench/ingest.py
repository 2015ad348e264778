"""Ingest through gunicorn on PostgreSQL with a realistic event mix, against the plain way of
writing it and a raw COPY of the same rows, with the derived-work lag of the real worker.

    .venv/bin/python bench/ingest.py [--seconds 10] [--runs 1] [--profile]

The load comes from wrk (Debian package `wrk`; 2 threads, 8 connections) with bench/ingest.lua:
per 20 events 12 tool invocations (one in five events a failure with a mode), 4 skill outcomes
with tokens and patterns, 2 observations, a correction and a session end, across 50 agents and
many sessions. In the same run: the reference endpoint (bench/reference.py: a DRF serializer per
event, one token query, executemany INSERT … ON CONFLICT DO NOTHING), and a COPY of the same mix
into Kaizen's tables. Kaizen and the reference take turns in short slices (`--slices`, 5 of
2 s each by default), so a change in the host's speed falls on both. A Celery worker with beat
drains the derived work meanwhile, and catches up after each Kaizen slice before the reference's
turn; the lag is how long the oldest pending event has waited, sampled every 200 ms during
Kaizen's load and the catching up. After the turns, each batch size is measured once more with
ingest and derived work apart (a slice with the worker stopped, then the worker alone), which
says what rate the two cores could sustain with the derived work keeping up.

Everything runs on a private PostgreSQL server the benchmark starts (initdb + pg_ctl on a free
port, shared buffers sized for a run's tables, fsync on) and removes; `--pg-admin URL` runs on an
existing local server instead.

Targets (2-core machine, same run): single events >= 1.5x the reference's requests/s with
p99 <= 50 ms; 500-event batches >= 0.5 of the COPY rate; derived-work lag p99 <= 5 s.
"""

import argparse
import http.client
import json
import os
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta

import psycopg

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench import cpu  # noqa: E402
from bench.common import ROOT, fresh_database, manage, percentile  # noqa: E402
from bench.reference_table import CREATE  # noqa: E402

PORT = 8931
AGENTS = 50
MODES = ["RUNTIME", "NOTFOUND.package", "PERM", "TIMEOUT.network"]
MAKE_AGENTS = f"""
from fleet.services import agent_create
for n in range({AGENTS}):
    print(agent_create(name=f"bench-{{n}}", template_slug="coder")[1])
"""


def mix_event(n: int, agent_id: int) -> tuple[str, dict]:
    """The Lua script's event `n` as (type, column values) for COPY (same mix, same sizes)."""
    k, at = n % 20, datetime(2026, 11, 20, tzinfo=UTC) + timedelta(milliseconds=n)
    base = {"agent_id": agent_id, "dedup_key": f"copy-{n}", "sha256": "0" * 64, "occurred_at": at}
    session = f"copy-a{agent_id}-s{n // 40}"
    if k < 12:
        failed = n % 5 == 0
        return "toolinvocation", {
            **base,
            "session_id": session,
            "tool": "bash" if failed else "read_file",
            "args": json.dumps({"cmd": "make test"} if failed else {"path": "src/app.py"}),
            "outcome": "failure" if failed else "success",
            "duration_ms": 10 + n % 300,
            "failure_mode": ["RUNTIME", "NOTFOUND.package", "PERM", "TIMEOUT.network"][n % 4]
            if failed
            else "",
            "error": "exit status 2" if failed else "",
        }
    if k < 16:
        return "skilloutcome", {
            **base,
            "skill": "triage" if n % 2 == 0 else "review",
            "success": n % 3 != 0,
            "duration_ms": 500 + n % 9000,
            "cost_usd": 0.0003,
            "input_tokens": 1000 + n % 500,
            "output_tokens": 200 + n % 100,
            "confidence": 0.8,
            "confidence_explanation": "",
            "correlation_id": f"copy-{n}",
            "error_count": 2 if n % 3 == 0 else 0,
            "retry_count": 0,
            "patterns": json.dumps(["Split by file type", "Ask first"]),
            "failure_reason": "",
            "goal": "",
            "model": "gpt-4o-mini",
            "cost_estimated": True,
            "autonomous": True,
            "session_id": "",  # as ingest stores the mix's outcomes, which name no session
        }
    if k < 18:
        text = "The user accepted the summary."
        return "observation", {
            **base,
            "text": text,
            "session_id": session,
            "sentiment": "positive",
            "category": "praise",
        }
    if k == 18:
        return "correction", {
            **base,
            "user_message": "No, use pnpm instead.",
            "previous_agent_response": "npm install",
            "session_id": session,
        }
    return "sessionend", {**base, "session_id": session, "digest": "{}"}


def copy_rate(database_url: str, n: int) -> tuple[float, dict[str, float]]:
    """Rows/s of COPYing `n` rows of the mix straight into Kaizen's tables, in one transaction,
    and the CPU seconds per row of this client and of PostgreSQL."""
    with psycopg.connect(database_url) as conn:
        agent_id = conn.execute("SELECT id FROM telemetry_agent ORDER BY id LIMIT 1").fetchone()[0]
        by_table: dict[str, list[dict]] = {}
        now = datetime.now(UTC)
        for i in range(n):
            table, row = mix_event(i, agent_id)
            by_table.setdefault(table, []).append({**row, "received_at": now})
        roots = {"db": cpu.postmaster_pid(database_url)}
        before, client = cpu.seconds(roots), _cpu(resource.RUSAGE_SELF)
        started = time.perf_counter()
        with conn.cursor() as cur:
            for table, rows in by_table.items():
                columns = list(rows[0])
                with cur.copy(f"COPY telemetry_{table} ({', '.join(columns)}) FROM STDIN") as copy:
                    for row in rows:
                        copy.write_row([row[c] for c in columns])
        conn.commit()
        rate = n / (time.perf_counter() - started)
        used = {"client": _cpu(resource.RUSAGE_SELF) - client, **cpu.spent(before, cpu.seconds(roots))}
        return rate, {name: seconds / n for name, seconds in used.items()}


def _cpu(who: int) -> float:
    """CPU seconds of this process (RUSAGE_SELF) or of its exited children (RUSAGE_CHILDREN: wrk)."""
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


class LagSampler:
    """Samples the age of the oldest pending event every 200 ms (the derived-work lag); it and
    `pending` read one row by the primary key, so sampling costs the measured server nothing."""

    SQL = (
        "SELECT extract(epoch FROM now() - received_at)::float "
        "FROM telemetry_pendingderivation WHERE parked_at IS NULL ORDER BY id LIMIT 1"
    )

    def __init__(self, database_url: str):
        self.url, self.samples, self.stop = database_url, [], threading.Event()
        self.active = threading.Event()  # set while Kaizen's load and its catching up run
        self.thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        with psycopg.connect(self.url, autocommit=True) as conn:
            while not self.stop.is_set():
                if self.active.is_set():
                    age = conn.execute(self.SQL).fetchone()
                    self.samples.append(max(0.0, age[0]) if age else 0.0)
                self.stop.wait(0.2)

    def pending(self) -> bool:
        with psycopg.connect(self.url) as conn:
            return conn.execute("SELECT EXISTS (SELECT FROM telemetry_pendingderivation)").fetchone()[0]


def caught_up(sampler: LagSampler, limit_s: float = 60) -> None:
    """Wait (at most `limit_s`) until the worker has drained the to-do list."""
    deadline = time.monotonic() + limit_s
    while sampler.pending() and time.monotonic() < deadline:
        time.sleep(0.2)


def wrk(path: str, batch: int, seconds: int, tokens_file: str, run: str) -> dict:
    out = subprocess.run(
        ["wrk", "-t2", "-c8", f"-d{seconds}s", "--latency", "-s", str(ROOT / "bench" / "ingest.lua"),
         f"http://127.0.0.1:{PORT}", "--", tokens_file, str(batch), path, run],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return json.loads(out.stdout.strip().splitlines()[-1])


@contextmanager
def counted(totals: dict[str, float], roots: dict[str, int | None]):
    """Add the CPU seconds each process tree (and wrk) spends meanwhile to `totals`."""
    before, load = cpu.seconds(roots), _cpu(resource.RUSAGE_CHILDREN)
    yield
    for name, seconds in cpu.spent(before, cpu.seconds(roots)).items():
        totals[name] += seconds
    totals["wrk"] += _cpu(resource.RUSAGE_CHILDREN) - load


def merged(slices: list[dict], batch: int) -> dict:
    """Several wrk runs as one: requests and seconds add up; each run's latency quantiles stand
    for its requests in equal shares, and p50/p99 are read off the pooled distribution."""
    requests = sum(s["requests"] for s in slices)
    seconds = sum(s["seconds"] for s in slices)
    pooled = sorted((q, s["requests"] / len(s["quantiles_ms"])) for s in slices for q in s["quantiles_ms"])

    def quantile(share: float) -> float:
        seen = 0.0
        for value, weight in pooled:
            seen += weight
            if seen >= share * requests:
                return value
        return pooled[-1][0]

    return {
        "requests": requests,
        "seconds": seconds,
        "req_s": requests / seconds,
        "events_s": requests / seconds * batch,
        "p50_ms": quantile(0.50),
        "p99_ms": quantile(0.99),
        "non2xx": sum(s["non2xx"] for s in slices),
    }


def flame_file(batch: int, side: str = "web") -> str:
    return os.path.join(tempfile.gettempdir(), f"kaizen-ingest-flame-{side}-{batch}.txt")


WORKER_FRAMES = r"telemetry/|planner/|improver/|config/|execute|fetch"
OWN_FRAMES = r"telemetry/|config/|IngestApi|insert_new|Connection.wait|authenticate|parse|Response.write"


def profile(pid: int, seconds: int, batch: int, side: str) -> subprocess.Popen:
    """py-spy over a process tree (gunicorn, or the Celery worker) during Kaizen's first slice of
    a batch size (the worker's catching up after it included)."""
    return subprocess.Popen(
        [str(ROOT / ".venv" / "bin" / "py-spy"), "record", "-p", str(pid), "--subprocesses",
         "-d", str(seconds), "-r", "100", "-f", "raw", "-o", flame_file(batch, side), "--nonblocking"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )  # fmt: skip


def start(args, env: dict) -> list[subprocess.Popen]:
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "config.wsgi:application", "-c", "gunicorn.conf.py",
         "--bind", f"127.0.0.1:{PORT}", "--log-level", "warning",
         *(["--workers", str(args.workers)] if args.workers else [])],
        cwd=ROOT, env=env,
    )  # fmt: skip
    worker = subprocess.Popen(
        ["nice", "-n", str(args.worker_nice), sys.executable, "-m", "celery", "-A", "config",
         "worker", "-B", "--loglevel", os.environ.get("BENCH_WORKER_LOGLEVEL", "warning"),
         "-s", os.path.join(tempfile.mkdtemp(), "beat"),
         *(["--concurrency", str(args.derive_workers)] if getattr(args, "derive_workers", None) else [])],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
    )  # fmt: skip
    for _ in range(200):
        try:
            conn = http.client.HTTPConnection("127.0.0.1", PORT, timeout=1)
            conn.request("GET", "/healthz")
            conn.getresponse().read()
            break
        except OSError:
            time.sleep(0.1)
    return [server, worker]


# A run writes a few hundred MB of events; with the 128 MB of shared buffers a stock server has,
# every slice after the first few evicts and rewrites pages, and the database's CPU per event
# doubled within one run (17 -> 40-54 us at 500-event batches): a server sized for its data.
PRIVATE_PG = {"shared_buffers": "4GB", "max_wal_size": "4GB"}


@contextmanager
def database_server(admin: str | None):
    """(admin URL, description) of the server to run on: `admin`'s, or a private one started
    here (initdb + pg_ctl on a free port, fsync on as in production) and removed afterwards."""
    if admin:
        yield admin, "PostgreSQL at " + admin.split("@")[-1].rsplit("/", 1)[0]
        return
    from tests.faults.processes import PG_BIN, PrivatePostgres

    if not (PG_BIN / "initdb").exists():
        sys.exit(f"{PG_BIN}/initdb not found: set KAIZEN_PG_BIN to PostgreSQL's bin directory, or run on "
                 "an existing server with --pg-admin postgresql://USER@HOST:PORT/postgres")  # fmt: skip
    server = PrivatePostgres(settings=PRIVATE_PG)
    try:
        settings = ", ".join(f"{k}={v}" for k, v in PRIVATE_PG.items())
        yield server.dsn("postgres"), f"a private PostgreSQL ({settings})"
    finally:
        server.destroy()


def apart(worker, roots, sampler, batch: int, seconds: int, tokens_file: str, run: str) -> dict:
    """Ingest and derived work measured one without the other: a slice with the worker stopped
    (SIGSTOP to it and its pool: a transaction it has open holds nothing ingest needs), then the
    worker alone draining what that slice stored. Their CPU per event added up says what rate
    the two cores could sustain with the derived work keeping up."""
    ingest, derive = dict.fromkeys([*roots, "wrk"], 0.0), dict.fromkeys([*roots, "wrk"], 0.0)
    stopped = cpu.tree(worker.pid)
    for pid in stopped:
        os.kill(pid, signal.SIGSTOP)
    try:
        with counted(ingest, roots):
            load = wrk("/api/v1/ingest", batch, seconds, tokens_file, run)
    finally:
        for pid in stopped:
            os.kill(pid, signal.SIGCONT)
    started = time.perf_counter()
    with counted(derive, roots):
        caught_up(sampler)
    events = load["requests"] * batch
    return {
        "ingest_events_s": events / load["seconds"],
        "derive_events_s": events / (time.perf_counter() - started),
        "ingest_us": {name: ingest[name] / events * 1e6 for name in ("web", "db", "wrk")},
        "derive_us": {name: derive[name] / events * 1e6 for name in ("worker", "db")},
    }


def one_run(args, n: int, admin: str) -> list[dict]:
    url = fresh_database("kaizen_bench_ingest", admin)
    manage(url, "load_templates", "examples/templates.yaml")
    with psycopg.connect(url) as conn:
        conn.execute(CREATE)
    tokens = [line for line in manage(url, "shell", "-c", MAKE_AGENTS).splitlines() if line.startswith("kz_")]
    tokens_file = os.path.join(tempfile.mkdtemp(), "tokens")
    with open(tokens_file, "w") as f:
        f.write("\n".join(tokens) + "\n")
    env = {**os.environ, "DATABASE_URL": url, "DATABASE_CONN_MAX_AGE": "600"}
    env.update(CELERY_BROKER_URL=args.broker, DJANGO_SETTINGS_MODULE="bench.settings")
    processes = start(args, env)
    roots = {"web": processes[0].pid, "db": cpu.postmaster_pid(url), "worker": processes[1].pid}
    sampler = LagSampler(url)
    rows = []
    try:
        # Every gunicorn worker warm on both paths, and the worker's start-up round of periodic
        # tasks over before anything is measured (it fell into Kaizen's first slice: 75-470 ms
        # of single-event p99 there, 23-32 ms in the slices after it).
        for size in (10, 1):
            wrk("/api/v1/ingest", size, 2, tokens_file, f"warm{n}b{size}")
            wrk("/bench/reference/ingest", size, 2, tokens_file, f"warm{n}b{size}")
        caught_up(sampler)
        sampler.thread.start()
        for batch in args.batches:
            # Kaizen and the reference take turns in short slices, so a change in the host's speed
            # (a noisy neighbour) falls on both; after each Kaizen slice the worker catches up
            # first, so the reference never shares the cores with Kaizen's derived work.
            first, kaizen, reference = len(sampler.samples), [], []
            used = {side: dict.fromkeys([*roots, "wrk"], 0.0) for side in ("kaizen", "reference")}
            slice_s = max(1, args.seconds // args.slices)  # wrk takes whole seconds
            for part in range(args.slices):
                spies = []
                if args.profile and part == 0:
                    spies = [profile(processes[0].pid, slice_s, batch, "web"),
                             profile(processes[1].pid, slice_s + 3, batch, "worker")]  # fmt: skip
                sampler.active.set()
                with counted(used["kaizen"], roots):  # its derived work included
                    kaizen.append(wrk("/api/v1/ingest", batch, slice_s, tokens_file, f"k{n}b{batch}s{part}"))
                    for spy in spies:
                        spy.wait()
                    caught_up(sampler)
                sampler.active.clear()
                with counted(used["reference"], roots):
                    reference.append(
                        wrk("/bench/reference/ingest", batch, slice_s, tokens_file, f"r{n}b{batch}s{part}")
                    )
            lag = sampler.samples[first:] or [0.0]
            alone = apart(processes[1], roots, sampler, batch, slice_s, tokens_file, f"a{n}b{batch}")
            rows.append(
                {
                    "batch": batch,
                    "kaizen": merged(kaizen, batch),
                    "reference": merged(reference, batch),
                    "lag_p99": percentile(lag, 0.99),
                    "cpu": used,
                    "kaizen_slices": kaizen,
                    "reference_slices": reference,
                    "apart": alone,
                }
            )
    finally:
        sampler.stop.set()
        for p in processes:
            p.send_signal(signal.SIGTERM)
        for p in processes:
            p.wait(timeout=60)
    raw, copy_cpu = copy_rate(url, 100_000)
    for row in rows:
        row["copy"], row["copy_cpu"] = raw, copy_cpu
    import redis

    redis.Redis.from_url(args.broker).flushdb()
    return rows


def report(rows: list[dict], per_slice: bool = False) -> None:
    print(f"{'batch':>5} {'events/s':>9} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7} | {'ref ev/s':>8} "
          f"{'ref p99':>7} | {'x ref':>6} {'/COPY':>6} | {'lag p99 s':>9}")  # fmt: skip
    for r in rows:
        k, ref = r["kaizen"], r["reference"]
        print(
            f"{r['batch']:>5} {k['events_s']:>9.0f} {k['req_s']:>7.0f} "
            f"{k['p50_ms']:>7.1f} {k['p99_ms']:>7.1f} | "
            f"{ref['events_s']:>8.0f} {ref['p99_ms']:>7.1f} | {k['req_s'] / ref['req_s']:>6.2f} "
            f"{k['events_s'] / r['copy']:>6.2f} | {r['lag_p99']:>9.2f}"
            + (f"   non-2xx {k['non2xx'] + ref['non2xx']}" if k["non2xx"] + ref["non2xx"] else "")
        )
    if per_slice:
        for r in rows:
            print(
                r["batch"],
                "slice p99 ms",
                [f"{s['quantiles_ms'][989]:.0f}" for s in r["kaizen_slices"]],
                "ref",
                [f"{s['quantiles_ms'][989]:.0f}" for s in r["reference_slices"]],
            )
    print(f"COPY of the same mix: {rows[0]['copy']:.0f} rows/s")
    print("CPU per event, us (both cores; Kaizen's derived work included): web db worker wrk = total")
    for r in rows:
        for side in ("kaizen", "reference"):
            events = r[side]["requests"] * r["batch"]
            parts = {name: seconds / events * 1e6 for name, seconds in r["cpu"][side].items()}
            shown = " ".join(f"{parts[name]:7.1f}" for name in ("web", "db", "worker", "wrk"))
            print(f"{r['batch']:>5} {side:>9} {shown} = {sum(parts.values()):7.1f}")
    copy_cpu = {name: seconds * 1e6 for name, seconds in rows[0]["copy_cpu"].items()}
    print(f"  COPY per row: client {copy_cpu['client']:.1f}, db {copy_cpu['db']:.1f} = "
          f"{sum(copy_cpu.values()):.1f}")  # fmt: skip
    print("Apart: a slice with the worker stopped, then the worker alone draining it; CPU per event, us")
    print(f"{'batch':>5} {'ingest ev/s':>11} {'/COPY':>6} {'web':>6} {'db':>6} {'wrk':>6} | "
          f"{'derive ev/s':>11} {'worker':>6} {'db':>6} | {'2 cores / all':>13} {'/COPY':>6}")  # fmt: skip
    for r in rows:
        a = r["apart"]
        per_event = sum(a["ingest_us"].values()) + sum(a["derive_us"].values())
        ceiling = 2 / (per_event / 1e6)  # both cores busy, derived work keeping up
        print(
            f"{r['batch']:>5} {a['ingest_events_s']:>11.0f} {a['ingest_events_s'] / r['copy']:>6.2f} "
            + " ".join(f"{a['ingest_us'][name]:>6.1f}" for name in ("web", "db", "wrk"))
            + f" | {a['derive_events_s']:>11.0f} "
            + " ".join(f"{a['derive_us'][name]:>6.1f}" for name in ("worker", "db"))
            + f" | {ceiling:>13.0f} {ceiling / r['copy']:>6.2f}"
        )
    by_size, checks = {r["batch"]: r for r in rows}, []
    if 1 in by_size:
        single, ratio = by_size[1]["kaizen"], by_size[1]["kaizen"]["req_s"] / by_size[1]["reference"]["req_s"]
        checks.append(("single events >= 1.5x reference req/s", ratio >= 1.5))
        checks.append(("single events p99 <= 50 ms", single["p99_ms"] <= 50))
    if 500 in by_size:
        big = by_size[500]
        checks.append(("500-event batches >= 0.5 of COPY", big["kaizen"]["events_s"] / big["copy"] >= 0.5))
    checks.append(("derived-work lag p99 <= 5 s", max(r["lag_p99"] for r in rows) <= 5))
    for name, ok in checks:
        print(f"  {'PASS' if ok else 'MISS'}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--seconds", type=int, default=10, help="wrk time per measurement, in all")
    parser.add_argument("--slices", type=int, default=5, help="turns Kaizen and the reference take")
    parser.add_argument("--runs", type=int, default=1, help="consecutive runs, each on a fresh database")
    parser.add_argument(
        "--workers", type=int, help="gunicorn workers (default: the shipped config's, 4 per core)"
    )
    parser.add_argument("--profile", action="store_true", help="py-spy each batch size's first slice")
    parser.add_argument("--per-slice", action="store_true", help="print each slice's p99 too")
    parser.add_argument(
        "--batches",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[1, 100, 500],
        help="batch sizes, comma-separated (default 1,100,500)",
    )
    parser.add_argument("--worker-nice", type=int, default=0, help="CPU niceness of the worker")
    parser.add_argument(
        "--pg-admin",
        help="URL of an existing local PostgreSQL server's postgres database to run on "
        f"(default: a private server with {PRIVATE_PG})",
    )
    parser.add_argument("--broker", default="redis://127.0.0.1:6379/13", help="Celery broker for the worker")
    args = parser.parse_args()
    if shutil.which("wrk") is None:
        sys.exit("wrk is not installed: apt-get install wrk")
    with database_server(args.pg_admin) as (admin, where):
        for n in range(args.runs):
            workers = f"{args.workers} workers" if args.workers else "the shipped config's workers"
            print(f"== run {n + 1}: gunicorn ({workers}) + worker/beat on {where}, wrk -t2 -c8")
            report(one_run(args, n, admin), per_slice=args.per_slice)
            if args.profile:
                from bench.flame import report as flame

                for batch in args.batches:
                    flame(flame_file(batch), OWN_FRAMES, f"web, {batch}-event batches")
                    flame(flame_file(batch, "worker"), WORKER_FRAMES, f"worker, {batch}-event batches")


if __name__ == "__main__":
    main()
