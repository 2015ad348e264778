"""Strict environment readers: a malformed value stops start-up instead of becoming a default."""

import math
import os

from django.core.exceptions import ImproperlyConfigured

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}


def env_str(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    value = raw.strip().lower()
    if value in _TRUE:
        return True
    if value in _FALSE:
        return False
    raise ImproperlyConfigured(f"{name}={raw!r} is not a boolean (use one of 1/0, true/false)")


def env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        return int(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not an integer") from exc


def env_float(name: str, default: float) -> float:
    raw = os.environ.get(name)
    if raw is None or raw.strip() == "":
        return default
    try:
        value = float(raw)
    except ValueError as exc:
        raise ImproperlyConfigured(f"{name}={raw!r} is not a number") from exc
    if not math.isfinite(value):
        raise ImproperlyConfigured(f"{name}={raw!r} is not a finite number")
    return value


def env_int_between(name: str, default: int, lowest: int, highest: int) -> int:
    """`env_int`, refusing a value under `lowest` or over `highest`."""
    value = env_int(name, default)
    if not lowest <= value <= highest:
        raise ImproperlyConfigured(
            f"{name}={value!r} is out of range: must be between {lowest} and {highest}"
        )
    return value


def env_list(name: str, default: list[str]) -> list[str]:
    raw = os.environ.get(name)
    if raw is None:
        return list(default)
    return [item.strip() for item in raw.split(",") if item.strip()]


def env_typed(name: str, default):
    """Read `name` with the type of its default (bool, int, float or str)."""
    if isinstance(default, bool):
        return env_bool(name, default)
    if isinstance(default, int):
        return env_int(name, default)
    if isinstance(default, float):
        return env_float(name, default)
    return env_str(name, default)
