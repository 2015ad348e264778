"""A per-client limit on failed token authentications: beyond KAIZEN_AUTH_FAILURES_PER_MINUTE
failures in the current minute, a client's unknown tokens get 429 with Retry-After instead of a
database lookup (tokens this process knows to be good still pass, so a client that shares an
address with a noisy one is not locked out). Counted in Django's cache: per process with the
default local-memory cache, across processes with a shared one. The shipped nginx config limits
requests per client address as well."""

from django.conf import settings
from django.core.cache import cache

from config import clock

WINDOW_S = 60


def client_of(request) -> str:
    """The client's address: nginx's X-Real-IP when Kaizen is behind it, else the peer's."""
    if request is None:
        return "unknown"
    meta = request.META
    return (meta.get("HTTP_X_REAL_IP") or meta.get("REMOTE_ADDR") or "unknown")[:64]


def _key(client: str) -> tuple[str, int]:
    now = clock.now().timestamp()
    window = int(now // WINDOW_S)
    return f"kaizen:auth-failures:{client}:{window}", int(WINDOW_S - now % WINDOW_S) + 1


def blocked_for(client: str) -> int:
    """Seconds until `client` may try an unknown token again (0: it may now)."""
    key, left = _key(client)
    return left if (cache.get(key) or 0) >= settings.KAIZEN["AUTH_FAILURES_PER_MINUTE"] else 0


def record(client: str) -> None:
    key, left = _key(client)
    if not cache.add(key, 1, timeout=left):
        try:
            cache.incr(key)
        except ValueError:  # expired between the two calls
            cache.add(key, 1, timeout=left)
