"""Per-client counts in one-minute windows, kept in Django's cache: the one mechanism behind
Kaizen's own per-client limits (failed token authentications per client address, directives
reads per agent). Per process with the default local-memory cache, across processes with a
shared one. A window is the current minute of `config.clock`; its count expires with it."""

from django.core.cache import cache

from config import clock

WINDOW_S = 60


def _key(scope: str, who) -> tuple[str, int]:
    now = clock.now().timestamp()
    window = int(now // WINDOW_S)
    return f"kaizen:{scope}:{who}:{window}", int(WINDOW_S - now % WINDOW_S) + 1


def blocked_for(scope: str, who, limit: int) -> int:
    """Seconds left in the window when `who` has reached `limit` in it (0: not reached)."""
    key, left = _key(scope, who)
    return left if (cache.get(key) or 0) >= limit else 0


def record(scope: str, who) -> None:
    """Count one more for `who` in the current window."""
    key, left = _key(scope, who)
    if not cache.add(key, 1, timeout=left):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, timeout=left)


def take(scope: str, who, limit: int) -> int:
    """Count one for `who` unless it has reached `limit` in this window; the seconds it must
    wait (0: counted, go ahead)."""
    wait = blocked_for(scope, who, limit)
    if not wait:
        record(scope, who)
    return wait
