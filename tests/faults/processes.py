"""Private service instances for fault tests: a PostgreSQL cluster, a Redis server and Kaizen's
own processes (gunicorn, celery worker, celery beat), each on a free port of this machine.

A fault test stops and starts only what it started here; the machine's own PostgreSQL and Redis
are never touched.
"""

import contextlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import psycopg

from tests.workers import celery_worker_command

ROOT = Path(__file__).resolve().parents[2]
PG_BIN = Path(os.environ.get("KAIZEN_PG_BIN", "/usr/lib/postgresql/15/bin"))


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until(predicate, timeout: float, what: str, interval: float = 0.1, diagnose=None):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        result = predicate()
        if result:
            return result
        time.sleep(interval)
    detail = f"\n{diagnose()}" if diagnose else ""
    raise AssertionError(f"timed out after {timeout:.0f} s waiting for {what}{detail}")


def port_open(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(0.2)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def available() -> str | None:
    """Why the fault suite cannot run here, or None."""
    for tool in (PG_BIN / "initdb", PG_BIN / "pg_ctl"):
        if not tool.exists():
            return f"{tool} is missing (set KAIZEN_PG_BIN)"
    if not shutil.which("redis-server"):
        return "redis-server is missing"
    return None


class PrivatePostgres:
    """initdb + pg_ctl on a free port, in a temporary directory (owned by `postgres` under root),
    with server `settings` (fault tests: no fsync; the ingest benchmark: memory for its tables).
    `copy_of`: the data directory of a stopped server to start from instead of a new one (its
    databases as they were: `kaizen` already migrated, say)."""

    def __init__(self, settings: dict[str, str] | None = None, copy_of: Path | None = None):
        self.settings = {"fsync": "off"} if settings is None else settings
        self.port = free_port()
        self.dir = Path(tempfile.mkdtemp(prefix="kaizen-pg-"))
        self.data = self.dir / "data"
        self.as_user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        if self.as_user:
            shutil.chown(self.dir, "postgres", "postgres")
        if copy_of is not None:
            self._run("cp", "-a", copy_of, self.data)
            self.start()
            return
        self._run(PG_BIN / "initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
        self.start()
        with psycopg.connect(self.dsn("postgres"), autocommit=True) as conn:
            conn.execute("CREATE DATABASE kaizen")

    def _run(self, *cmd):
        subprocess.run([*self.as_user, *map(str, cmd)], check=True, capture_output=True, cwd=self.dir)

    def dsn(self, db: str = "kaizen") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{db}"

    @property
    def url(self) -> str:
        return self.dsn().replace("postgresql://", "postgres://")

    def start(self) -> None:
        options = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1"
        options += "".join(f" -c {name}={value}" for name, value in self.settings.items())
        self._run(PG_BIN / "pg_ctl", "-D", self.data, "-o", options, "-l", self.dir / "log", "-w", "start")

    def stop(self) -> None:
        self._run(PG_BIN / "pg_ctl", "-D", self.data, "-m", "fast", "-w", "stop")

    def query(self, sql: str, *params):
        with psycopg.connect(self.dsn(), autocommit=True) as conn:
            return conn.execute(sql, params).fetchall()

    def destroy(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)


class PrivateRedis:
    def __init__(self):
        self.port = free_port()
        self.proc = None
        self.start()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_until(lambda: port_open(self.port), 10, "redis-server")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(10)

    destroy = stop


class Kaizen:
    """Kaizen's processes on one private database (and broker, when given)."""

    def __init__(self, pg: PrivatePostgres, redis: PrivateRedis | None = None, **env):
        self.pg, self.redis = pg, redis
        self.env = {
            **os.environ,
            "DATABASE_URL": pg.url,
            "CELERY_BROKER_URL": redis.url if redis else "",
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "LOG_LEVEL": "WARNING",
            "PYTHONUNBUFFERED": "1",
            **{k: str(v) for k, v in env.items()},
        }
        self.env.pop("KAIZEN_TEST_NOW", None)
        self.procs: list[subprocess.Popen] = []
        self._stopping = threading.Event()
        self.logs = Path(tempfile.mkdtemp(prefix="kaizen-logs-"))

    def manage(self, *args: str, input: str | None = None) -> str:
        result = subprocess.run(
            [sys.executable, "manage.py", *args],
            cwd=ROOT,
            env=self.env,
            input=input,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    def shell(self, code: str) -> str:
        return self.manage("shell", "-c", code)

    def spawn(self, name: str, *cmd: str) -> subprocess.Popen:
        log = open(self.logs / f"{name}-{len(self.procs)}.log", "w")  # noqa: SIM115 - closed with the process
        proc = subprocess.Popen(cmd, cwd=ROOT, env=self.env, stdout=log, stderr=subprocess.STDOUT)
        proc.log_path = log.name
        self.procs.append(proc)
        return proc

    def web(self, workers: int = 2) -> int:
        port = free_port()
        self.spawn(
            "gunicorn",
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "-c",
            "gunicorn.conf.py",
            "--bind",
            f"127.0.0.1:{port}",
            "--workers",
            str(workers),
        )
        wait_until(lambda: port_open(port), 30, "gunicorn")
        return port

    def worker(self, pool: str = "threads") -> subprocess.Popen:
        return self.spawn("worker", *celery_worker_command(pool=pool))

    def supervised_worker(self) -> None:
        """A worker restarted whenever it exits, as systemd's `Restart=always` does in production
        (celery's Redis reconnection can still crash a worker outright after a broker outage)."""
        self.restarts = 0
        current = [self.worker()]

        def watch():
            while not self._stopping.is_set():
                if current[0].poll() is not None:
                    self.restarts += 1
                    current[0] = self.worker()
                time.sleep(0.5)

        threading.Thread(target=watch, daemon=True).start()

    def beat(self) -> subprocess.Popen:
        return self.spawn(
            "beat",
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "beat",
            "--loglevel",
            "INFO",
            "--schedule",
            str(self.logs / f"beat-{len(self.procs)}.db"),
            "--max-interval",
            "1",
        )

    def diagnose(self) -> str:
        """The tail of every process log, for a failure message."""
        return "\n".join(f"--- {p.args[3:6]}\n{self.output(p)[-8000:]}" for p in self.procs)

    def output(self, proc: subprocess.Popen) -> str:
        return Path(proc.log_path).read_text(errors="replace")

    def kill(self, proc: subprocess.Popen, sig=signal.SIGKILL) -> None:
        if proc.poll() is None:
            proc.send_signal(sig)
            proc.wait(20)

    def stop_all(self) -> None:
        self._stopping.set()
        time.sleep(0.6)  # let a supervisor thread see it before processes go away
        for proc in reversed(self.procs):
            if proc.poll() is None:
                proc.terminate()
        for proc in self.procs:
            try:
                proc.wait(15)
            except subprocess.TimeoutExpired:
                proc.kill()
        shutil.rmtree(self.logs, ignore_errors=True)
