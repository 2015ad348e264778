"""Outgoing webhooks: JSON POST signed with HMAC-SHA256 (`X-Kaizen-Signature: sha256=<hex>`).

Callers deliver from Celery tasks that retry with backoff; this function makes one attempt.
"""

import hashlib
import hmac
import json
import urllib.error
import urllib.request

from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder


class DeliveryError(Exception):
    pass


def sign(body: bytes, secret: str) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def post_json(url: str, payload: dict, *, event: str, timeout: float = 10.0) -> int:
    """POST `payload` to `url`; return the HTTP status or raise DeliveryError."""
    body = json.dumps(payload, cls=DjangoJSONEncoder).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "kaizen-webhook/1",
        "X-Kaizen-Event": event,
    }
    secret = settings.KAIZEN["WEBHOOK_SECRET"]
    if secret:
        headers["X-Kaizen-Signature"] = sign(body, secret)
    request = urllib.request.Request(url, data=body, headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:  # noqa: S310
            return response.status
    except urllib.error.HTTPError as exc:
        raise DeliveryError(f"{url} answered {exc.code}") from exc
    except (urllib.error.URLError, TimeoutError, OSError) as exc:
        raise DeliveryError(f"{url} unreachable: {exc}") from exc
