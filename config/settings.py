"""Kaizen settings, read from the environment (docs/configuration.md lists every variable)."""

import hashlib
import re
import warnings
from pathlib import Path

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

from config import kaizen
from config.dotted import dotted_name
from config.env import env_bool, env_int_between, env_list, env_str

BASE_DIR = Path(__file__).resolve().parent.parent

DEBUG = env_bool("DEBUG", False)
# Production mode: secure cookies, HSTS, SSL redirect; `manage.py check --deploy` is clean.
PRODUCTION = env_bool("KAIZEN_PRODUCTION", False)

_DEV_SECRET = "dev-insecure-kaizen-secret-key-change-me-in-production-0123456789"
SECRET_KEY = env_str("SECRET_KEY", "" if PRODUCTION else _DEV_SECRET)
if PRODUCTION and len(SECRET_KEY) < 50:
    raise ImproperlyConfigured("SECRET_KEY must be set to 50+ random characters in production")

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [] if PRODUCTION else ["localhost", "127.0.0.1", "testserver"])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # Swagger UI's assets, served by the app (no CDN)
    "django_celery_beat",
    "fleet",
    "telemetry",
    "learning",
    "governance",
    "planner",
    "experiments",
    "improver",
    "dashboard",
    "demo",
]

MIDDLEWARE = [
    "config.metrics.MetricsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "config.middleware.RequestGuardMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "config" / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "dashboard.context_processors.waiting_for_a_human",
            ],
            "libraries": {"kaizen": "config.template_filters"},
        },
    },
]


DATABASE_ENGINES = ("django.db.backends.postgresql", "django.db.backends.sqlite3")


def _database(url: str) -> dict:
    conn_max_age = env_int_between("DATABASE_CONN_MAX_AGE", 60, 0, 86_400)
    shown = url.split("@")[-1] if "@" in url else url  # never the password
    try:
        parsed = dj_database_url.parse(
            url,
            conn_max_age=conn_max_age,
            # Pinging a pooled connection before each request costs a round trip (7% of a
            # single-event ingest); without it, a connection that died with a database restart
            # fails one request with 503 + Retry-After and is then replaced.
            conn_health_checks=env_bool("DATABASE_CONN_HEALTH_CHECKS", False),
        )
    except (ValueError, dj_database_url.ParseError) as exc:
        why = str(exc).split(". ")[0] if "is unknown" in str(exc) else str(exc)  # not every scheme it knows
        raise ImproperlyConfigured(
            f"DATABASE_URL …{shown!r} is not a database URL ({why}); Kaizen runs on PostgreSQL or SQLite: "
            "e.g. postgres://user@host:5432/kaizen or sqlite:///var/kaizen.sqlite3"
        ) from None
    if parsed.get("ENGINE") not in DATABASE_ENGINES:
        raise ImproperlyConfigured(
            f"DATABASE_URL …{shown!r}: Kaizen runs on PostgreSQL or SQLite only "
            "(postgres://user@host:5432/kaizen or sqlite:///var/kaizen.sqlite3)"
        )
    return parsed


def postgres_test_name(name: str, checkout: Path) -> str:
    """The test database of database `name` for the checkout at `checkout`: `test_<name>_<8 hex
    digits of the checkout's path>`, so that two checkouts testing at once on one PostgreSQL
    server never share (nor drop) each other's; within PostgreSQL's 63 characters."""
    digest = hashlib.sha256(str(checkout).encode()).hexdigest()[:8]
    return f"test_{name[:48]}_{digest}"


DATABASES = {
    "default": _database(env_str("DATABASE_URL", f"sqlite:///{BASE_DIR / 'var' / 'kaizen.sqlite3'}"))
}
# The failures index carries each row's session id for PostgreSQL to read without the table;
# SQLite keeps the index without it, which is all it needs (a warning on every command otherwise).
SILENCED_SYSTEM_CHECKS = ["models.W040"]
_CONNECT_TIMEOUT = env_int_between("DATABASE_CONNECT_TIMEOUT", 5, 1, 600)  # checked whatever the database
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql":
    # Fail fast (and answer 503) while the database is unreachable instead of hanging workers.
    DATABASES["default"].setdefault("OPTIONS", {}).setdefault("connect_timeout", _CONNECT_TIMEOUT)
    # Queries bind their parameters on the server (arrays travel as one parameter, not quoted
    # into the SQL text) and each statement is prepared once per connection after five runs: a
    # single-event INSERT then costs the server about 60 µs less CPU (of ~220) than being parsed
    # and planned every time. Off for a pooler in transaction mode that cannot carry prepared
    # statements (then parameters are bound client-side too).
    # No JIT compilation: a query over many time partitions with a correlated subquery (the
    # rollout check's session totals at 50M events) reached the planner's JIT threshold, and
    # compiling it took 38 s for 50 ms of work. Kaizen's queries are short; JIT buys nothing.
    DATABASES["default"]["OPTIONS"].setdefault("options", "-c jit=off")
    prepared = env_bool("DATABASE_PREPARED_STATEMENTS", True)
    DATABASES["default"]["OPTIONS"].setdefault("server_side_binding", prepared)
    DATABASES["default"]["OPTIONS"].setdefault("prepare_threshold", 5 if prepared else None)
    # Dropped when the suite ends (tests/conftest.py makes sure, even with a connection left open).
    DATABASES["default"]["TEST"] = {"NAME": postgres_test_name(DATABASES["default"]["NAME"], BASE_DIR)}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    (BASE_DIR / "var").mkdir(exist_ok=True)
    # Concurrent writers wait for the lock instead of failing at once.
    DATABASES["default"].setdefault("OPTIONS", {}).update({"timeout": 20, "transaction_mode": "IMMEDIATE"})
    DATABASES["default"]["TEST"] = {
        "NAME": env_str("SQLITE_TEST_NAME", str(BASE_DIR / "var" / "test.sqlite3"))
    }

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True
FORMAT_MODULE_PATH = ["config.formats"]  # dates as 2026-11-13 09:05 (config/formats/en/formats.py)

STATIC_URL = "static/"
STATIC_ROOT = env_str("STATIC_ROOT", str(BASE_DIR / "var" / "static"))  # what collectstatic fills
# WhiteNoise serves /static/ from the app itself, in `make run` and behind gunicorn alike
# (config/static.py says how files are named).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "config.static.StaticStorage"},
}
WHITENOISE_USE_FINDERS = True  # a file not collected yet is still served, from its app
WHITENOISE_ROOT = BASE_DIR / "config" / "root"  # served at the site's root: /favicon.ico
# Before the first collectstatic there is nothing to warn about: the finders serve every file.
warnings.filterwarnings("ignore", message="No directory at: ", category=UserWarning)

LOGIN_URL = "admin:login"


EMAIL_BACKEND = env_str("EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
try:  # a class that is not there would fail the first notification, not start-up
    dotted_name(EMAIL_BACKEND)
except ValueError as exc:
    raise ImproperlyConfigured(f"EMAIL_BACKEND: {exc}") from None
DEFAULT_FROM_EMAIL = env_str("DEFAULT_FROM_EMAIL", "kaizen@localhost")

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "fleet.auth.BearerTokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["config.untrusted.SafeJSONParser"],
    "DEFAULT_PAGINATION_CLASS": "rest_framework.pagination.PageNumberPagination",
    "PAGE_SIZE": 50,
    "EXCEPTION_HANDLER": "config.errors.exception_handler",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "UNAUTHENTICATED_USER": None,
}
if DEBUG:
    REST_FRAMEWORK["DEFAULT_RENDERER_CLASSES"].append("rest_framework.renderers.BrowsableAPIRenderer")

SPECTACULAR_SETTINGS = {
    "TITLE": "Kaizen API",
    "DESCRIPTION": "Telemetry ingest, directives, planner, fleet health, board and proposals.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "telemetry.schema.event_schemas",
        "config.schema_hooks.document_errors",
    ],
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "COMPONENT_SPLIT_REQUEST": True,
    "ENUM_NAME_OVERRIDES": {
        "TaskKindEnum": "governance.models.BoardTask.Kind",
        "TaskStatusEnum": "governance.models.BoardTask.Status",
        "TaskSourceEnum": "governance.models.BoardTask.Source",
        "TaskPriorityEnum": "governance.models.BoardTask.Priority",
        "CommentKindEnum": "governance.models.TaskComment.Kind",
        "ProposalTypeEnum": "governance.models.Proposal.Type",
        "ProposalStatusEnum": "governance.models.Proposal.Status",
        "ProposalSourceEnum": "governance.models.Proposal.Source",
        "DispatchStatusEnum": "planner.models.Dispatch.Status",
    },
}

# Celery: no broker means tasks run in-process (the demo and the SQLite tests).
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", "")
if CELERY_BROKER_URL and not re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", CELERY_BROKER_URL):
    raise ImproperlyConfigured(
        f"CELERY_BROKER_URL={CELERY_BROKER_URL.split('@')[-1]!r} is not a broker URL "
        "(e.g. redis://127.0.0.1:6379/0, amqp://host, filesystem://; empty: tasks run in-process)"
    )
CELERY_TASK_ALWAYS_EAGER = not CELERY_BROKER_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_RESULT_BACKEND = env_str("CELERY_RESULT_BACKEND", "") or None
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# With acks_late, a message whose worker was killed is handed out again after this many seconds
# (Redis keeps it unacknowledged until then). Longer than any task should run; rituals that
# outlive their own lease are reaped and re-queued sooner by `improver.reap_rituals`.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": env_int_between("CELERY_VISIBILITY_TIMEOUT", 1800, 1, 7 * 86_400)
}
# Every task is interrupted (SoftTimeLimitExceeded) before its message would be handed to another
# worker; tasks with a sharper limit of their own set it where they are declared.
CELERY_TASK_SOFT_TIME_LIMIT = max(60, CELERY_BROKER_TRANSPORT_OPTIONS["visibility_timeout"] - 120)
if CELERY_BROKER_URL.startswith("filesystem://"):
    # a broker that needs no server (`make run`): messages are files in one shared folder
    _queue = Path(env_str("CELERY_BROKER_FOLDER", str(BASE_DIR / "var" / "broker")))
    (_queue / "processed").mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS.update(
        data_folder_in=str(_queue),
        data_folder_out=str(_queue),
        processed_folder=str(_queue / "processed"),
        control_folder=str(_queue / "control"),
    )
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TIMEZONE = TIME_ZONE
CELERY_BEAT_SCHEDULER = "django_celery_beat.schedulers:DatabaseScheduler"
# The schedule lives in config/schedule.py and reaches beat only through the database rows
# written at migrate (editable in the admin); it is not handed to Celery as `beat_schedule`.

KAIZEN = kaizen.load()

# Every route's body is measured before it is read (config/middleware.py: 413 JSON over the
# route's limit); Django's own limit is the largest of those limits, as a backstop.
DATA_UPLOAD_MAX_MEMORY_SIZE = max(KAIZEN["INGEST_MAX_BODY_BYTES"], KAIZEN["API_MAX_BODY_BYTES"])

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_HSTS_SECONDS = env_int_between("SECURE_HSTS_SECONDS", 31_536_000, 0, 2 * 31_536_000)
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    X_FRAME_OPTIONS = "DENY"

LOG_LEVEL = env_str("LOG_LEVEL", "INFO").strip().upper()
if LOG_LEVEL not in ("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"):
    raise ImproperlyConfigured(
        f"LOG_LEVEL={env_str('LOG_LEVEL')!r} is not a log level (DEBUG, INFO, WARNING, ERROR or CRITICAL)"
    )

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"outage_in_one_line": {"()": "config.error_views.OutageInOneLine"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        "django.request": {"filters": ["outage_in_one_line"]},
        "mcp": {"level": "WARNING"},  # the MCP SDK logs every request's session at INFO
    },
}
