"""The environment variables Kaizen reads besides its `KAIZEN_*` constants (config/kaizen.py):
the platform's (database, broker, Django), each with its default and meaning. The
configuration page of the documentation is generated from this table and from
`config.kaizen.SETTINGS`; a test checks every variable the settings read is listed here.
"""

VARIABLES: dict[str, tuple[str, str]] = {
    "DATABASE_URL": (
        "`sqlite:///var/kaizen.sqlite3`",
        "database; `postgres://user@host:5432/kaizen` in production",
    ),
    "DATABASE_CONN_MAX_AGE": ("60", "seconds a database connection is reused"),
    "DATABASE_CONN_HEALTH_CHECKS": (
        "false",
        "ping a reused connection before each request (one round trip more per request; without it "
        "a connection broken by a database restart fails one request with 503 and is replaced)",
    ),
    "DATABASE_CONNECT_TIMEOUT": ("5", "seconds a PostgreSQL connect may take before the request answers 503"),
    "DATABASE_PREPARED_STATEMENTS": (
        "true",
        "PostgreSQL: prepare the statements Kaizen binds on the server (ingest's INSERTs, derived- "
        "work writes) after five runs on a connection; set false behind a pooler in transaction "
        "mode that cannot carry prepared statements",
    ),
    "CELERY_BROKER_URL": ("(empty)", "empty: tasks run in-process; `redis://127.0.0.1:6379/0` in production"),
    "CELERY_VISIBILITY_TIMEOUT": (
        "1800",
        "seconds before Redis hands a killed worker's unacknowledged task out again",
    ),
    "CELERY_RESULT_BACKEND": ("(empty)", "optional result backend"),
    "SECRET_KEY": ("a development key", "required (50+ characters) when `KAIZEN_PRODUCTION=1`"),
    "DEBUG": ("false", "Django debug mode (never in production)"),
    "ALLOWED_HOSTS": ("`localhost,127.0.0.1,testserver`", "comma-separated; empty default in production"),
    "CSRF_TRUSTED_ORIGINS": ("(empty)", "comma-separated origins for the admin behind a proxy"),
    "KAIZEN_PRODUCTION": ("false", "secure cookies, HSTS, SSL redirect: `check --deploy` is clean"),
    "SECURE_SSL_REDIRECT": (
        "true in production",
        "turn off when TLS ends elsewhere and the proxy does the redirect",
    ),
    "SECURE_HSTS_SECONDS": ("31536000", "HSTS max-age in production"),
    "EMAIL_BACKEND": ("console", "Django email backend for review notifications"),
    "DEFAULT_FROM_EMAIL": ("`kaizen@localhost`", "sender of notifications"),
    "LOG_LEVEL": ("INFO", "root log level"),
    "STATIC_ROOT": ("`var/static`", "where `collectstatic` writes the static files (WhiteNoise serves them)"),
    "CELERY_BROKER_FOLDER": (
        "`var/broker`",
        "with `CELERY_BROKER_URL=filesystem://` (what `make run` uses): the folder the messages are files in",
    ),
}

# Read by the settings too, but only by the test suite.
LOCAL_ONLY = {"SQLITE_TEST_NAME"}

# Read by gunicorn.conf.py when gunicorn starts the web process (`gunicorn config.wsgi`); the
# configuration page lists them beside the platform's, and a test checks every `GUNICORN_*` the file
# reads is here.
GUNICORN_VARIABLES: dict[str, tuple[str, str]] = {
    "GUNICORN_BIND": (
        "`127.0.0.1:8000`",
        "address gunicorn listens on (`host:port` with a port from 0 to 65535, `unix:/path` or "
        "`fd://N`); only the proxy in front of it (nginx) should reach it",
    ),
    "GUNICORN_WORKERS": (
        "4 × CPU cores",
        "worker processes (a whole number from 1 to 1024; anything else stops gunicorn with one line)",
    ),
    "GUNICORN_THREADS": (
        "1",
        "threads per worker (a whole number from 1 to 1024); threads of one process take turns on the "
        "interpreter lock, so more workers serve ingest faster than more threads",
    ),
    "GUNICORN_ACCESSLOG": (
        "(empty)",
        "where gunicorn writes its access log (`-` for standard output); empty: none",
    ),
    "GUNICORN_CMD_ARGS": (
        "(empty)",
        "gunicorn's own command-line options, applied over the defaults of `gunicorn.conf.py` "
        "(e.g. `--timeout 120`)",
    ),
    "PROMETHEUS_MULTIPROC_DIR": (
        "a fresh temporary directory",
        "where every worker writes its metrics for `/metrics` to sum (made if missing; one that cannot "
        "be made or written to stops gunicorn with one line); emptied when gunicorn starts, and "
        "removed when it stops if gunicorn made it",
    ),
}
