"""A per-client limit on failed token authentications: beyond KAIZEN_AUTH_FAILURES_PER_MINUTE
failures in the current minute, a client's tokens that fail get 429 with Retry-After instead of
401. Every token is checked before a client is refused, and only failures are counted: a valid
token (an agent's or a staff tool's) passes whatever its address's count, so an agent that
shares an address with a noisy client is not locked out. Counted in Django's cache: per process
with the default local-memory cache, across processes with a shared one (config.ratelimit, the
one per-client counter). The shipped nginx config limits requests per client address as well.

A client's address is the connection's own (REMOTE_ADDR). Only when that connection comes from a
proxy of KAIZEN_TRUSTED_PROXIES (loopback by default: nginx on the same machine) is the address
the proxy reports taken instead (X-Real-IP, else the last untrusted hop of X-Forwarded-For): a
client that reaches Kaizen directly cannot pick its own address by sending those headers."""

from django.conf import settings

from config import ratelimit
from config.networks import address_in, parse_networks

SCOPE = "auth-failures"
MAX_HOPS = 16  # X-Forwarded-For hops read, from the nearest


def client_of(request) -> str:
    """The client's address: the connection's, or, from a trusted proxy, the one it reports."""
    if request is None:
        return "unknown"
    meta = request.META
    peer = (meta.get("REMOTE_ADDR") or "").strip()
    trusted = parse_networks(settings.KAIZEN["TRUSTED_PROXIES"])
    if not address_in(peer, trusted):
        return (peer or "unknown")[:64]
    # From the nearest hop outwards, the first address that is not a trusted proxy: the one that
    # connected to the outermost trusted proxy (what a client writes further left is not read).
    hops = [hop.strip() for hop in meta.get("HTTP_X_FORWARDED_FOR", "").split(",") if hop.strip()]
    real = meta.get("HTTP_X_REAL_IP", "").strip()
    nearest_first = ([real] if real else []) + hops[::-1][:MAX_HOPS]
    for address in nearest_first:
        if not address_in(address, trusted):
            return address[:64]
    return (nearest_first[-1] if nearest_first else peer)[:64]


def blocked_for(client: str) -> int:
    """Seconds for which a failing token of `client` gets 429 rather than 401 (0: none)."""
    return ratelimit.blocked_for(SCOPE, client, settings.KAIZEN["AUTH_FAILURES_PER_MINUTE"])


def record(client: str) -> None:
    """Count one failed authentication of `client` in the current minute."""
    ratelimit.record(SCOPE, client)
