import os
from datetime import datetime

import pytest
from rest_framework.test import APIClient

from config.celery import app
from tests.factories import UserFactory, agent_with_token, approver

pytest_plugins = ["tests.databases"]


def pytest_configure(config):
    """KAIZEN_TEST_NOW=<ISO instant> runs the whole session with the clock moved there (ticking),
    so CI proves the suite passes at other dates and hours than the one it happens to run at."""
    from django.conf import settings

    # Test users need no slow key stretching (production keeps Django's default hashers).
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from config.devserver import answer_without_delay

    answer_without_delay()  # the live server's answers, as `make run`'s
    at = os.environ.get("KAIZEN_TEST_NOW")
    if at:
        import time_machine

        config._kaizen_clock = time_machine.travel(datetime.fromisoformat(at), tick=True)
        config._kaizen_clock.start()


def pytest_unconfigure(config):
    if getattr(config, "_kaizen_clock", None):
        config._kaizen_clock.stop()


# The passes with a moved clock need only the tests that read it: a test that never asks the time
# behaves the same at any date. A pass with KAIZEN_RECORD_CLOCK_READERS=<file> writes the ids of
# the tests that asked the real time (through config.clock or django.utils.timezone, which every
# service and Django's own fields use; a test that pinned the clock first asked its own instant);
# a pass with KAIZEN_CLOCK_READERS=<file> runs only those (all of them when the file is missing
# or empty). A test marked `same_at_every_instant("why")` asks the time only in passing (a row's
# creation time, a rate limit's window) for an answer no instant changes: it is not listed.
_clock_read = [False]


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    _clock_read[0] = False
    result = yield
    if _clock_read[0] and not item.get_closest_marker("same_at_every_instant"):
        item.config._kaizen_clock_readers.append(item.nodeid)
    return result


def _recording(read):
    """`read`, noting that the running test asked the time — unless the test had moved the clock
    to an instant of its own (time_machine), where the answer is the same at any date."""
    import time_machine

    def asked(*args, **kwargs):
        if not time_machine.traveller_stack:
            _clock_read[0] = True
        return read(*args, **kwargs)

    return asked


def pytest_sessionstart(session):
    config = session.config
    config._kaizen_clock_readers = []
    if os.environ.get("KAIZEN_RECORD_CLOCK_READERS"):
        from django.utils import timezone

        from config import clock

        clock.now, clock.db_now = _recording(clock.now), _recording(clock.db_now)
        timezone.now = _recording(timezone.now)


def pytest_sessionfinish(session, exitstatus):
    path = os.environ.get("KAIZEN_RECORD_CLOCK_READERS")
    if path and exitstatus == 0:
        with open(path, "w") as out:
            out.writelines(f"{nodeid}\n" for nodeid in session.config._kaizen_clock_readers)
    drop_test_database(session.config)


def drop_test_database(config) -> None:
    """On PostgreSQL the suite's test database (named per checkout: config/settings.py) is gone
    when the suite ends. pytest-django drops it, but only warns when it cannot (a connection a
    test left open, a worker process still connected); it is dropped here then, those
    connections closed. Kept with --reuse-db, as pytest-django keeps it, and by a run that only
    collects (it made none, and another run of this checkout may be using it)."""
    from django.conf import settings

    db = settings.DATABASES["default"]
    if (
        db["ENGINE"] != "django.db.backends.postgresql"
        or config.getvalue("reuse_db")
        or config.option.collectonly
    ):
        return
    import psycopg
    from psycopg import sql

    try:
        with psycopg.connect(
            host=db["HOST"] or "127.0.0.1",
            port=db["PORT"] or 5432,
            user=db["USER"] or "postgres",
            password=db["PASSWORD"] or None,
            dbname="postgres",
            autocommit=True,
            connect_timeout=5,
        ) as conn:
            name = sql.Identifier(db["TEST"]["NAME"])
            conn.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
    except psycopg.Error as exc:
        print(f"\nthe test database {db['TEST']['NAME']} could not be dropped: {exc}")


def pytest_collection_modifyitems(config, items):
    path = os.environ.get("KAIZEN_CLOCK_READERS")
    if not path or not os.path.exists(path):
        return
    with open(path) as listed:
        readers = {line.strip() for line in listed if line.strip()}
    if readers:
        config.hook.pytest_deselected(items=[item for item in items if item.nodeid not in readers])
        items[:] = [item for item in items if item.nodeid in readers]


# Tests send events dated at fixed instants while the suite runs at any date (and with the clock
# moved years ahead): ingest's window for event times is opened wide, except where a test sets
# it (tests/telemetry/test_event_window.py).
WIDE_EVENT_WINDOW = {"RETENTION_DAYS": 36_500, "EVENT_MAX_AHEAD_HOURS": 8760 * 10}


@pytest.fixture(autouse=True)
def _derive_without_following(settings):
    """A derive pass run by a test returns once the to-do list is empty (tests/telemetry/
    test_derived.py covers following); events of any date are accepted (WIDE_EVENT_WINDOW)."""
    settings.KAIZEN = {**settings.KAIZEN, "DERIVE_FOLLOW_SECONDS": 0, **WIDE_EVENT_WINDOW}
    # Pages name static files as the live server serves them (from the apps), whatever an earlier
    # `make run` collected into STATIC_ROOT.
    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    settings.STORAGES = {**settings.STORAGES, "staticfiles": plain}


@pytest.fixture(autouse=True)
def _fresh_hot_cache():
    """Each test starts with nothing reused from another's tokens or price table, nor counted
    against a per-client limit by another (config.ratelimit: the clock is often pinned, so
    their windows would be one)."""
    from django.core.cache import cache

    from fleet import hot_cache

    hot_cache.clear()
    cache.clear()


FIXED_NOW = datetime.fromisoformat("2026-11-21T12:00:00+00:00")


@pytest.fixture
def clock(time_machine):
    """The clock pinned at FIXED_NOW (move it with `clock.move_to`): for tests whose data is
    dated and whose expectations depend on how old it is."""
    time_machine.move_to(FIXED_NOW, tick=False)
    return time_machine


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def agent_client(db):
    """(agent, client authenticated with the agent's bearer token)."""
    agent, token = agent_with_token(name="alice")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return agent, client


@pytest.fixture
def approver_user(db):
    return approver()


@pytest.fixture
def approver_client(approver_user):
    client = APIClient()
    client.force_login(approver_user)
    return client


@pytest.fixture
def staff_client(db):
    """A staff user without the approve permission."""
    client = APIClient()
    client.force_login(UserFactory(username="viewer"))
    return client


def on_ci() -> bool:
    return bool(os.environ.get("CI"))


class _Receiver:
    """A local HTTP server that records POSTs and answers with scripted statuses, after scripted
    delays (seconds slept before answering), and a byte at a time `drip` seconds apart if set."""

    def __init__(self):
        import contextlib
        import json
        import threading
        import time
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        self.requests: list[dict] = []
        self.statuses: list[int] = []
        self.delays: list[float] = []
        self.drip = 0.0
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):  # noqa: N802
                body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                receiver.requests.append(
                    {
                        "path": self.path,
                        "headers": dict(self.headers),
                        "body": body,
                        "json": json.loads(body or b"null"),
                    }
                )
                status = receiver.statuses.pop(0) if receiver.statuses else 200
                time.sleep(receiver.delays.pop(0) if receiver.delays else 0)
                if receiver.drip:
                    with contextlib.suppress(OSError):  # the caller may hang up first
                        for byte in f"HTTP/1.0 {status} OK\r\n\r\n".encode():
                            self.wfile.write(bytes([byte]))
                            self.wfile.flush()
                            time.sleep(receiver.drip)
                    return
                self.send_response(status)
                self.end_headers()

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/hook"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def webhook_receiver(settings):
    """A receiver on loopback, which webhooks may call only because this test allows it."""
    settings.KAIZEN = {**settings.KAIZEN, "WEBHOOK_ALLOWED_HOSTS": "127.0.0.1"}
    receiver = _Receiver()
    yield receiver
    receiver.close()


@pytest.fixture
def broker_down():
    """A broker configured but unreachable: any publication from the request would fail, and
    nothing drains the to-do list in-process."""
    saved = {k: app.conf[k] for k in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url="redis://127.0.0.1:1/0", task_always_eager=False)
    yield
    app.conf.update(saved)
