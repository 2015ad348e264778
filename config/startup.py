"""A bad setting stops a process in one line naming the variable, not a traceback: `manage.py`,
gunicorn (gunicorn.conf.py) and Celery (config/celery.py) all read the settings through here
before anything else does."""

import os
import sys
import tempfile

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


def _exit(line: str) -> None:
    sys.stderr.write(f"kaizen: {line}\n")
    sys.stderr.flush()
    raise SystemExit(2)


def whole_number_or_exit(name: str, default: int, highest: int) -> int:
    """An environment variable that must be a whole number from 1 to `highest` (gunicorn's)."""
    raw = os.environ.get(name, "").strip()
    if not raw:
        return min(default, highest)
    try:
        value = int(raw)
    except ValueError:
        value = 0
    if not 1 <= value <= highest or str(value) != raw.lstrip("+"):
        _exit(f"{name}={raw!r} must be a whole number from 1 to {highest}")
    return value


def bind_or_exit(name: str, default: str) -> str:
    """An address to listen on, as gunicorn reads one: `host:port` (port 0 to 65535; `:8000` for
    every interface, `[::1]:8000` for IPv6), `host`, `unix:/path` or `fd://N`."""
    raw = os.environ.get(name, "").strip() or default
    if raw.startswith("unix:") and len(raw) > len("unix:"):
        return raw
    if raw.startswith("fd://"):
        if not raw[len("fd://") :].isdigit():
            _exit(f"{name}={raw!r}: fd:// takes a file descriptor number")
        return raw
    host, port = raw, None
    if raw.startswith("[") and "]" in raw:
        host, _, rest = raw.partition("]")
        host, port = host + "]", (rest.removeprefix(":") if rest else None)
    elif raw.count(":") == 1:
        host, _, port = raw.partition(":")
    if (host == "" and port is None) or host == "[]" or (":" in host and not host.startswith("[")):
        _exit(f"{name}={raw!r} is not host:port, [ipv6]:port, unix:/path or fd://N")
    if port is not None and not (port.isdigit() and int(port) <= 65535):
        _exit(f"{name}={raw!r}: the port must be a number from 0 to 65535")
    return raw


def writable_dir_or_exit(name: str) -> None:
    """If `name` is set, the directory it names exists (made if need be) and takes a new file."""
    raw = os.environ.get(name)
    if raw is None:
        return
    if not raw.strip():
        _exit(f"{name} is empty: name a directory every worker can write to, or leave it unset")
    try:
        os.makedirs(raw, exist_ok=True)
        with tempfile.TemporaryFile(dir=raw):
            pass
    except OSError as exc:
        _exit(f"{name}={raw!r} is not a directory every worker can write to ({exc.strerror or exc})")
