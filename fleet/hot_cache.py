"""Short-lived, in-process reuse on the ingest hot path: verified agent tokens (with their
agent, the version it is served and the candidate its template runs) and the price table.

Profiling single-event ingest showed the token join at a quarter of the request and the price
table's head check at a seventh. Both are reused for KAIZEN_INGEST_CACHE_SECONDS (default 5;
0 turns it off). The process that makes a change forgets at once (revoking a token, saving an
agent, moving a document's head, starting or ending its canary); other processes pick it up
within that time, never later: a revoked token is refused everywhere at most that many seconds
after the revocation.
"""

import time

from django.conf import settings

from fleet.models import ApiToken

MAX_TOKENS = 10_000
_tokens: dict[str, tuple[float, ApiToken]] = {}  # token digest → (expires at, verified token)
_values: dict[str, tuple[float, object]] = {}  # name → (expires at, value)


def _now() -> float:
    return time.monotonic()  # reuse is measured in real seconds, whatever the domain clock says


def _ttl() -> float:
    return float(settings.KAIZEN["INGEST_CACHE_SECONDS"])


def token_get(digest: str) -> ApiToken | None:
    hit = _tokens.get(digest)
    return hit[1] if hit and hit[0] > _now() else None


def token_put(digest: str, token: ApiToken) -> None:
    if _ttl() <= 0:
        return
    if len(_tokens) >= MAX_TOKENS:
        _tokens.clear()
    _tokens[digest] = (_now() + _ttl(), token)


def value_get(name: str):
    hit = _values.get(name)
    return hit[1] if hit and hit[0] > _now() else None


def value_put(name: str, value) -> None:
    if _ttl() > 0:
        _values[name] = (_now() + _ttl(), value)


def forget(*, token_id: int | None = None, agent_id: int | None = None) -> None:
    for key, (_, token) in list(_tokens.items()):
        if token.pk == token_id or (agent_id is not None and token.agent_id == agent_id):
            _tokens.pop(key, None)


def clear() -> None:
    """Forget everything (a document's head moved: served versions and prices may differ)."""
    _tokens.clear()
    _values.clear()


# Receivers of post_save (connected in fleet/wiring.py): a saved row is forgotten at once.
def agent_saved(sender, instance, **kwargs) -> None:
    forget(agent_id=instance.pk)


def token_saved(sender, instance, **kwargs) -> None:
    forget(token_id=instance.pk)


def document_saved(sender, instance, **kwargs) -> None:
    clear()
