"""A bad setting stops a process in one line naming the variable, not a traceback: `manage.py`,
gunicorn (gunicorn.conf.py) and Celery (config/celery.py) all read the settings through here
before anything else does."""

import os
import sys

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured


def settings_or_exit(program: str = "kaizen") -> None:
    """Read the settings; on a bad one write `kaizen: <why>` to stderr and exit with status 2."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")  # read lazily, below
    try:
        settings.KAIZEN  # reads the environment  # noqa: B018
        settings.DATABASES  # noqa: B018
    except ImproperlyConfigured as exc:
        sys.stderr.write(f"{program}: {exc}\n")
        sys.stderr.flush()
        raise SystemExit(2) from None


def positive_int_or_exit(name: str, default: int) -> int:
    """An environment variable that must be a whole number of at least 1 (gunicorn's)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return default
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if value < 1 or str(value) != raw.lstrip("+"):
        sys.stderr.write(f"kaizen: {name}={raw!r} must be a whole number of at least 1\n")
        sys.stderr.flush()
        raise SystemExit(2)
    return value
