import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import call_command

from config import env, kaizen

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [("1", True), ("true", True), ("ON", True), ("0", False), ("false", False), ("", False)],
)
def test_env_bool_reads_booleans(monkeypatch, raw, expected):
    monkeypatch.setenv("X_FLAG", raw)
    assert env.env_bool("X_FLAG") is expected


@pytest.mark.parametrize(
    ("reader", "raw"), [(env.env_bool, "maybe"), (env.env_int, "ten"), (env.env_float, "1,5")]
)
def test_env_helpers_refuse_malformed_values(monkeypatch, reader, raw):
    monkeypatch.setenv("X_VALUE", raw)
    with pytest.raises(ImproperlyConfigured, match="X_VALUE"):
        reader("X_VALUE", 0) if reader is not env.env_bool else reader("X_VALUE")


def test_kaizen_settings_are_overridable_by_environment(monkeypatch):
    monkeypatch.setenv("KAIZEN_FRICTION_THRESHOLD", "4")
    assert kaizen.load()["FRICTION_THRESHOLD"] == 4
    assert kaizen.load()["RANKING_W_SUCCESS"] == 2.0


@pytest.mark.parametrize(
    ("environ", "said"),
    [
        (
            {"KAIZEN_CANARY_SHAR": "0.3"},
            "KAIZEN_CANARY_SHAR is not a Kaizen setting (did you mean KAIZEN_CANARY_SHARE?)",
        ),
        (
            {"KAIZEN_CANARYSHARE": "0.3"},
            "KAIZEN_CANARYSHARE is not a Kaizen setting (did you mean KAIZEN_CANARY_SHARE?)",
        ),
        (
            {"KAIZEN_WIDGETS": "1"},
            "KAIZEN_WIDGETS is not a Kaizen setting (docs/configuration.md lists them)",
        ),
        ({"KAIZEN_CANARY_SHARE": "0.3", "KAIZEN_TEST_NOW": "x", "PATH": "/bin"}, ""),
    ],
)
def test_a_misspelled_setting_is_named_with_its_nearest_match(environ, said):
    assert kaizen.unknown_variable(environ) == said


@pytest.mark.parametrize(
    ("variable", "value", "line"),
    [
        (
            "KAIZEN_FRICTION_THRESHOLDS",
            "4",
            "kaizen: KAIZEN_FRICTION_THRESHOLDS is not a Kaizen setting (did you mean KAIZEN_FRICTION_THRESHOLD?)",
        ),
        ("KAIZEN_CANARY_SHARE", "a tenth", "kaizen: KAIZEN_CANARY_SHARE='a tenth' is not a number"),
    ],
)
def test_a_bad_setting_stops_a_command_with_one_line(variable, value, line):
    result = run_manage("check", **{variable: value})
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [line]


def test_every_variable_the_settings_read_is_documented():
    import re

    from config.variables import LOCAL_ONLY, VARIABLES

    read = set()
    for path in (ROOT / "config").glob("*.py"):
        read |= set(re.findall(r'env_(?:str|int|bool|list|typed)\(\s*"([A-Z_]+)"', path.read_text()))
    undocumented = read - set(VARIABLES) - LOCAL_ONLY - {f"KAIZEN_{key}" for key in kaizen.SETTINGS}
    assert not undocumented
    assert all(meaning.strip() for _, meaning in VARIABLES.values())
    assert all(meaning.strip() for _, meaning in kaizen.SETTINGS.values())


def run_manage(*args, **env_vars):
    env_all = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env_all.update(env_vars)
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env_all,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_production_mode_passes_check_deploy():
    result = run_manage(
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
        KAIZEN_PRODUCTION="1",
        SECRET_KEY="s" * 20 + "x9-Q" * 10,
        ALLOWED_HOSTS="kaizen.example.com",
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_production_mode_refuses_a_missing_secret_key():
    result = run_manage("check", KAIZEN_PRODUCTION="1", SECRET_KEY="")
    assert result.returncode != 0 and "SECRET_KEY" in result.stderr


def test_the_openapi_schema_is_complete_and_valid(db):
    out = io.StringIO()
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=out)
    schema = out.getvalue()
    for path in ("/api/v1/ingest", "/api/v1/agents/me/directives", "/api/v1/proposals"):
        assert path in schema


def test_docs_and_schema_are_served(client, db):
    assert client.get("/api/schema/").status_code == 200
    assert client.get("/api/docs/").status_code == 200


def test_every_periodic_task_is_a_row_after_migrate(db):
    from django_celery_beat.models import PeriodicTask

    from config.schedule import BEAT_SCHEDULE

    assert set(BEAT_SCHEDULE) <= set(PeriodicTask.objects.values_list("name", flat=True))


def test_a_malformed_database_url_is_one_line_without_the_password():
    done = run_manage("check", DATABASE_URL="postgres://user:secret@host:notaport/x")
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.startswith("kaizen: DATABASE_URL") and "secret" not in done.stderr


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("KAIZEN_CANARY_SHARE", "5", "between 0.0 and 1.0"),
        ("KAIZEN_INGEST_MAX_EVENTS", "0", "between 1 and 100000"),
        ("KAIZEN_FLEET_SCOPE", "everything", "must be one of: autonomous, all"),
    ],
)
def test_a_setting_out_of_its_range_stops_start_up_in_one_line(name, value, says):
    done = run_manage("check", **{name: value})
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0 and name in done.stderr and says in done.stderr


BAD_SETTINGS = [
    ("LOG_LEVEL", "garbage", "is not a log level"),
    ("DATABASE_URL", "mysql://x/y", "PostgreSQL or SQLite only"),
    ("KAIZEN_TASK_TTL_MINUTES", "garbage", "is not kind=minutes"),
    ("KAIZEN_TASK_TTL_MINUTES", "goal=0", "at least 1"),
    ("DATABASE_CONNECT_TIMEOUT", "-1", "between 1 and 600"),
    ("CELERY_BROKER_URL", "redis//oops", "is not a broker URL"),
    ("DATABASE_CONN_MAX_AGE", "-5", "between 0 and 86400"),
    ("KAIZEN_CANARY_SHARE", "nan", "is not a finite number"),
    ("KAIZEN_LLM_TIMEOUT_SECONDS", "inf", "is not a finite number"),
    ("KAIZEN_DECAY_HALF_LIFE_DAYS", "-infinity", "is not a finite number"),
    ("KAIZEN_FLEET_WINDOW_HOURS", "100000000", "between 1 and 8760"),
    ("KAIZEN_FACT_EXPIRE_DAYS", "100000000", "between 1 and 36500"),  # a century at most
    ("KAIZEN_FACT_MIN_SESSIONS", "1", "between 2 and 1000000"),  # a fact made once never recurred
    ("KAIZEN_FACT_MIN_AGENTS", "1", "between 2 and 1000000"),
    ("KAIZEN_FLEET_RECENT_FAILURES", "1" + "0" * 20, "between 0 and 1000"),
    ("KAIZEN_FORGE_CLASS", "no.such.Class", "there is no module no.such"),
    ("KAIZEN_FEEDBACK_HARMFUL_AT", "0.8", "must be below KAIZEN_FEEDBACK_HELPFUL_AT=0.7"),
    ("EMAIL_BACKEND", "no.such.Backend", "there is no module no.such"),
    ("CELERY_VISIBILITY_TIMEOUT", "99999999999", "between 1 and 604800"),
    ("DATABASE_CONNECT_TIMEOUT", "99999999999", "between 1 and 600"),
]


@pytest.mark.parametrize(("name", "value", "says"), BAD_SETTINGS)
def test_a_bad_setting_stops_a_command_in_one_line_naming_it(name, value, says):
    done = run_manage("check", **{name: value})
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    line = done.stderr.strip()
    assert line.count("\n") == 0 and line.startswith(f"kaizen: {name}") and says in line, line


def start(program: list[str], **env_vars) -> subprocess.CompletedProcess:
    env_all = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env_all.update(env_vars)
    return subprocess.run(program, cwd=ROOT, env=env_all, capture_output=True, text=True, timeout=60)


GUNICORN = [str(Path(sys.executable).parent / "gunicorn"), "-c", "gunicorn.conf.py", "config.wsgi"]
CELERY = [str(Path(sys.executable).parent / "celery"), "-A", "config"]


@pytest.mark.parametrize(
    ("program", "name", "value", "says"),
    [
        (GUNICORN, "GUNICORN_WORKERS", "0", "must be a whole number from 1 to 1024"),
        (GUNICORN, "GUNICORN_WORKERS", "99999999999", "must be a whole number from 1 to 1024"),
        (GUNICORN, "GUNICORN_THREADS", "many", "must be a whole number from 1 to 1024"),
        (GUNICORN, "GUNICORN_BIND", "127.0.0.1:99999", "the port must be a number from 0 to 65535"),
        (GUNICORN, "GUNICORN_BIND", "::1:80", "is not host:port"),
        (GUNICORN, "PROMETHEUS_MULTIPROC_DIR", "/dev/null/metrics", "is not a directory every worker can"),
        (GUNICORN, "PROMETHEUS_MULTIPROC_DIR", "", "is empty"),
        (GUNICORN, "KAIZEN_FORGE_CLASS", "governance.board.forge.NoForge", "defines no NoForge"),
        (GUNICORN, "LOG_LEVEL", "garbage", "is not a log level"),
        (GUNICORN, "DATABASE_URL", "mysql://x/y", "PostgreSQL or SQLite only"),
        ([*CELERY, "worker", "--pool=solo"], "CELERY_BROKER_URL", "redis//oops", "is not a broker URL"),
        ([*CELERY, "beat"], "KAIZEN_FLEET_WINDOW_HOURS", "100000000", "between 1 and 8760"),
        ([*CELERY, "worker", "--pool=solo"], "DATABASE_CONN_MAX_AGE", "-5", "between 0 and 86400"),
    ],
)
def test_a_bad_setting_stops_gunicorn_and_celery_in_one_line(program, name, value, says):
    done = start(program, **{"GUNICORN_BIND": "127.0.0.1:0", name: value})
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    line = done.stderr.strip()
    assert line.count("\n") == 0 and line.startswith(f"kaizen: {name}") and says in line, line


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("command", "says"),
    [
        (["prune_events", "--older-than", "1000000"], "at most 36500 days"),
        (["prune_events", "--older-than", "0"], "at least 1"),
        (["maintenance_pass", "--window-days", "1000000000"], "between 1 and 36500"),
        (["maintenance_pass", "--window-days", "0"], "between 1 and 36500"),
        (["serve_otlp_grpc", "--address", ":99999"], "a host is needed"),
        (["serve_otlp_grpc", "--address", "0.0.0.0:99999"], "from 0 to 65535"),
        (["serve_otlp_grpc", "--address", "0.0.0.0:http"], "from 0 to 65535"),
    ],
)
def test_a_command_given_a_value_out_of_bounds_answers_one_line(command, says):
    from django.core.management import CommandError

    with pytest.raises(CommandError) as refused:
        call_command(*command, stdout=io.StringIO())
    assert says in str(refused.value) and "\n" not in str(refused.value)


def test_every_setting_declares_its_range():
    assert set(kaizen.RANGES) == set(kaizen.SETTINGS)
    for key, (default, _) in kaizen.SETTINGS.items():
        assert kaizen.out_of_range(key, default) == "", key


def test_every_number_has_a_lowest_and_a_highest():
    numbers = {k: r for k, r in kaizen.RANGES.items() if isinstance(kaizen.SETTINGS[k][0], (int, float))}
    assert len(numbers) > 90
    unbounded = [k for k, r in numbers.items() if not isinstance(r, tuple) or None in r or r[0] > r[1]]
    assert unbounded == []


KAIZEN_REFUSED = [  # (variables, what the one line says)
    (
        {"FLEET_RECENT_FAILURES": "1" + "0" * 20},
        "KAIZEN_FLEET_RECENT_FAILURES=100000000000000000000 is out of range",
    ),
    ({"FLEET_RECENT_FAILURES": "1e20"}, "is not an integer"),
    ({"FLEET_RECENT_FAILURES": "1001"}, "between 0 and 1000"),
    ({"RANKING_W_SUCCESS": "1e300"}, "between 0.0 and 100.0"),
    ({"RANKING_LATENCY_CLAMP": "-0.5"}, "between 0.0 and 100.0"),
    ({"DERIVE_RETRY_SECONDS": "99999999999"}, "between 1 and 3600"),
    ({"OTLP_MAX_SPANS": "1000000000000"}, "between 1 and 1000000"),
    ({"HITL_VETO_SECONDS": "99999999999"}, "between 0 and 604800"),
    ({"DECAY_HALF_LIFE_DAYS": "1e9"}, "between 0.001 and 36500.0"),
    ({"PROMPT_TOKEN_BUDGET": "99999999999"}, "between 50 and 1000000"),
    ({"API_MAX_BODY_BYTES": "99999999999"}, "between 1024 and 1073741824"),
    ({"WEBHOOK_TIMEOUT_SECONDS": "59"}, "between 0.1 and 20.0"),
    ({"FORGE_CLASS": "no.such.Class"}, "KAIZEN_FORGE_CLASS: 'no.such.Class': there is no module no.such"),
    ({"FORGE_CLASS": "governance.board.forge.NoForge"}, "module governance.board.forge defines no NoForge"),
    ({"FORGE_CLASS": "Forge"}, "is not a dotted path to a class"),
    ({"FORGE_CLASS": "governance..Forge"}, "is not a dotted path to a class"),
    (
        {"FEEDBACK_HARMFUL_AT": "0.8"},
        "KAIZEN_FEEDBACK_HARMFUL_AT=0.8 must be below KAIZEN_FEEDBACK_HELPFUL_AT=0.7",
    ),
    (
        {"FEEDBACK_HARMFUL_AT": "0.7"},
        "KAIZEN_FEEDBACK_HARMFUL_AT=0.7 must be below KAIZEN_FEEDBACK_HELPFUL_AT=0.7",
    ),
    (
        {"PATTERN_PROVEN_MAX_HARMFUL_RATIO": "0.5"},
        "must be at most KAIZEN_PATTERN_DEPRECATED_HARMFUL_RATIO=0.3",
    ),
    ({"RATING_NEGATIVE_BELOW": "0.9"}, "must be at most KAIZEN_RATING_POSITIVE_ABOVE=0.7"),
    ({"RESCORE_DEMOTE_BELOW": "0.8"}, "must be at most KAIZEN_RESCORE_PROMOTE_ABOVE=0.75"),
    ({"PATTERN_ESTABLISHED_MIN": "6"}, "must be at most KAIZEN_PATTERN_PROVEN_HELPFUL=5"),
    ({"RANKING_WARM_MIN_SAMPLES": "201"}, "must be at most KAIZEN_RANKING_WINDOW_SAMPLES=200"),
    ({"MAINTENANCE_MIN_SESSIONS": "11"}, "must be at most KAIZEN_MAINTENANCE_MIN_FAILURES=10"),
    ({"CANARY_DECIDE_DAYS": "15"}, "must be at most KAIZEN_CANARY_MAX_DAYS=14"),
    (
        {"PARTITION_DAYS": "31", "RETENTION_DAYS": "30"},
        "KAIZEN_PARTITION_DAYS=31 must be at most KAIZEN_RETENTION_DAYS=30",
    ),
    (
        {"INGEST_MAX_ARGS_BYTES": "4096", "INGEST_MAX_BODY_BYTES": "2048"},
        "must be at most KAIZEN_INGEST_MAX_BODY_BYTES",
    ),
]


@pytest.mark.parametrize(("variables", "says"), KAIZEN_REFUSED)
def test_the_check_refuses_a_bad_setting_in_one_line_naming_it(monkeypatch, variables, says):
    for key, value in variables.items():
        monkeypatch.setenv(f"KAIZEN_{key}", value)
    with pytest.raises(ImproperlyConfigured) as refused:
        kaizen.load()
    line = str(refused.value)
    assert says in line and "\n" not in line and line.startswith("KAIZEN_"), line


@pytest.mark.parametrize(
    "variables",
    [
        {"FORGE_CLASS": "tests.governance.fake_forge.FakeForge"},
        {"FORGE_CLASS": ""},
        {"FEEDBACK_HARMFUL_AT": "0.69"},
        {"RATING_NEGATIVE_BELOW": "0.7"},  # on the other's line: neither rule contradicts the other
        {"PATTERN_ESTABLISHED_MIN": "5", "FLEET_RECENT_FAILURES": "1000", "WEBHOOK_TIMEOUT_SECONDS": "20"},
    ],
)
def test_the_check_lets_a_good_setting_pass(monkeypatch, variables):
    for key, value in variables.items():
        monkeypatch.setenv(f"KAIZEN_{key}", value)
    values = kaizen.load()
    assert all(str(values[key]) == value or values[key] == float(value) for key, value in variables.items())


@pytest.mark.parametrize(("lower", "higher", "strictly"), kaizen.ORDERED)
def test_every_ordered_pair_holds_by_default_and_is_refused_inverted(monkeypatch, lower, higher, strictly):
    assert kaizen.out_of_order(kaizen.load()) == ""
    monkeypatch.setenv(f"KAIZEN_{lower}", str(kaizen.RANGES[lower][1]))  # each within its own range
    monkeypatch.setenv(f"KAIZEN_{higher}", str(kaizen.RANGES[higher][0]))
    with pytest.raises(ImproperlyConfigured, match=f"KAIZEN_{lower}=.* must be .* KAIZEN_{higher}="):
        kaizen.load()


@pytest.mark.django_db
def test_export_config_onto_a_file_or_an_uncreatable_path_is_one_line(tmp_path):
    from django.core.management import CommandError, call_command

    a_file = tmp_path / "f.yaml"
    a_file.write_text("x")
    with pytest.raises(CommandError, match="is a file"):
        call_command("export_config", str(a_file))
    with pytest.raises(CommandError, match="cannot create"):
        call_command("export_config", str(a_file / "below"))


@pytest.mark.django_db
@pytest.mark.postgresql("PostgreSQL only")
def test_postgresql_connections_compile_no_query_just_in_time():
    """A query over many time partitions could cost seconds of JIT compilation for milliseconds
    of work: every connection runs with it off."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SHOW jit")
        assert cursor.fetchone()[0] == "off"


@pytest.mark.django_db
@pytest.mark.postgresql("PostgreSQL only")
def test_postgresql_plans_the_maintenance_pass_for_each_pattern_and_nothing_else():
    """A generic plan of the pass's per-pattern reads knows no pattern: inside it every statement
    is planned for its own; before and after it (ingest, derived work, pages) plans are cached."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from config.plans import planned_for_each_run
    from improver.services.maintenance import maintenance_pass

    def mode():
        with connection.cursor() as cursor:
            cursor.execute("SHOW plan_cache_mode")
            return cursor.fetchone()[0]

    assert mode() == "auto"
    with planned_for_each_run():
        assert mode() == "force_custom_plan"
    assert mode() == "auto"
    with pytest.raises(ValueError), planned_for_each_run():
        raise ValueError("the block failed")
    assert mode() == "auto"
    with CaptureQueriesContext(connection) as queries:
        maintenance_pass()
    said = [q["sql"] for q in queries.captured_queries if "plan_cache_mode" in q["sql"]]
    assert said == ["SET plan_cache_mode = force_custom_plan", "RESET plan_cache_mode"]
    assert mode() == "auto"


@pytest.mark.parametrize(
    ("args", "says"),
    [(["--agents", "0"], "--agents 0: a template needs 2 to 200"), (["--sessions-per-day", "0"], "1 to 50")],
)
def test_the_demo_refuses_a_fleet_it_cannot_run_in_one_line(args, says):
    from django.core.management import CommandError, call_command

    with pytest.raises(CommandError, match=says):
        call_command("kaizen_demo", *args)


def test_gunicorn_hands_an_over_long_query_to_kaizen_not_its_own_414(tmp_path):
    """A `?session_id=` of 10,000 characters reaches the API (here its JSON 401: no token), whose
    validation names the field (tests/improver/test_directives_api.py), instead of gunicorn's
    HTML 414 for a request line over its default 4094 bytes."""
    import socket
    import time
    import urllib.error
    import urllib.request

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env_all = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "DJANGO_ALLOW_ASYNC_UNSAFE")}
    env_all.update(GUNICORN_BIND=f"127.0.0.1:{port}", GUNICORN_WORKERS="1",
                   DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}")  # fmt: skip
    server = subprocess.Popen(
        GUNICORN, cwd=ROOT, env=env_all, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    try:
        url = f"http://127.0.0.1:{port}/api/v1/agents/me/directives?session_id={'x' * 10_000}"
        deadline = time.monotonic() + 60
        while True:
            try:
                urllib.request.urlopen(url, timeout=10)
            except urllib.error.HTTPError as answer:
                status, body = answer.code, answer.read()
                break
            except OSError:
                assert time.monotonic() < deadline, "gunicorn did not start"
                time.sleep(0.5)
        assert status == 401 and json.loads(body)["message"], body[:200]
    finally:
        server.terminate()
        server.wait(30)


def test_the_development_server_make_run_uses_sends_answers_without_nagles_delay():
    """`make run` serves through Django's own server, which loads the application from
    config.wsgi: loaded in a fresh process, its answers go out at once (TCP_NODELAY), not after
    the client's delayed acknowledgement (40 ms per kept-alive request)."""
    said = subprocess.run(
        [
            sys.executable,
            "-c",
            "from django.core.servers.basehttp import WSGIRequestHandler as H; "
            "print(H.disable_nagle_algorithm); import config.wsgi; print(H.disable_nagle_algorithm)",
        ],
        cwd=Path(__file__).resolve().parents[1],
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings"},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert said.stdout.split() == ["False", "True"], said.stderr[-2000:]
