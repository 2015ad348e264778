"""Outgoing webhooks: JSON POST signed with HMAC-SHA256 (`X-Kaizen-Signature: sha256=<hex>`).

Callers deliver from Celery tasks that retry with backoff (`RETRY`, Celery's `autoretry_for`);
this function makes one attempt. A failure that may pass on another attempt (the receiver
unreachable, a 5xx, 408 or 429) is a DeliveryError; one that will not (a refused URL, any other
answer in 3xx or 4xx) is `Refused`, which is never retried.

An agent chooses its own webhook URL, so every outbound address is fenced: a host that resolves
to a loopback, private, link-local (cloud metadata), multicast or otherwise non-public address is
refused, when the URL is saved and again when it is called (the connection goes to the address
that was checked, so a DNS answer that changes in between cannot slip past), unless an operator
lists the host or a network in KAIZEN_WEBHOOK_ALLOWED_HOSTS. Redirects are not followed, and the
call is bounded in how much of the answer is read and in time: the whole attempt, connecting and
reading included, has KAIZEN_WEBHOOK_TIMEOUT_SECONDS, a third at most of the delivery task's time
limit, so a receiver that answers slowly (or a byte at a time) fails the attempt as a
DeliveryError, and is retried, before the task's limit would interrupt it unrecorded.
"""

import contextlib
import hashlib
import hmac
import http.client
import ipaddress
import json
import logging
import socket
import ssl
import threading
from urllib.parse import urlsplit

from celery import Task
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.dispatch import Signal

from config.kaizen import DELIVERY_TIME_LIMIT_SECONDS

MAX_ANSWER_BYTES = 64 * 1024
log = logging.getLogger(__name__)


class DeliveryError(Exception):
    """The call failed; another attempt may succeed."""


class Refused(DeliveryError):
    """The call cannot succeed as it stands: retrying it sends the same request to the same no."""


class UnsafeUrl(Refused):
    """The URL may not be called: it is not http(s), or its host is not a public address."""


TRANSIENT = {408, 429}  # answers in 4xx that ask to try again later


class DeliveryTask(Task):
    """A task that delivers a webhook: a delivery given up (its retries used up, or refused) is
    announced (`delivery_given_up`, which the fleet app records: the admin's failed webhook
    deliveries and, by event, /metrics' kaizen_webhook_deliveries_failed_total), not only logged by
    the worker. A failure Celery still
    retries never reaches `on_failure`."""

    def on_failure(self, exc, task_id, args, kwargs, einfo):
        if isinstance(exc, DeliveryError):
            delivery_failed(self, exc)
        super().on_failure(exc, task_id, args, kwargs, einfo)


# Sent when a delivery is given up (its retries used up, or refused), with event, task, refused,
# attempts and error: the fleet app records it (its failed-deliveries list and /metrics' count).
delivery_given_up = Signal()


def delivery_failed(task, exc: DeliveryError) -> None:
    try:
        delivery_given_up.send(
            sender=type(task),
            event=(getattr(exc, "event", "") or task.name)[:100],
            task=task.name[:200],
            refused=isinstance(exc, Refused),
            attempts=(task.request.retries or 0) + 1,
            error=str(exc)[:2000],
        )
    except Exception:  # the database may be what is down: the worker's log keeps it
        log.exception("%s: a failed webhook delivery could not be recorded", task.name)


# Celery's retries of a task that delivers: up to 5 more attempts, 10 s apart and doubling (at most
# 10 minutes), never for a refusal. Each attempt is interrupted after a minute; a POST gives up
# well before, after KAIZEN_WEBHOOK_TIMEOUT_SECONDS. A delivery given up is recorded (DeliveryTask).
RETRY = {
    "base": DeliveryTask,
    "soft_time_limit": DELIVERY_TIME_LIMIT_SECONDS,
    "autoretry_for": (DeliveryError,),
    "dont_autoretry_for": (Refused,),
    "max_retries": 5,
    "retry_backoff": 10,
    "retry_backoff_max": 600,
    "retry_jitter": False,
}


def sign(body: bytes, secret: str) -> str:
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def _allowed() -> tuple[set[str], list]:
    hosts, networks = set(), []
    for item in settings.KAIZEN["WEBHOOK_ALLOWED_HOSTS"].split(","):
        item = item.strip().lower()
        if not item:
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            hosts.add(item)
    return hosts, networks


def _public(address: str, networks: list) -> bool:
    ip = ipaddress.ip_address(address.split("%")[0])
    if getattr(ip, "ipv4_mapped", None):
        ip = ip.ipv4_mapped
    return any(ip in n for n in networks) or (ip.is_global and not ip.is_multicast)


def checked_address(url: str, *, resolve: bool = True) -> str | None:
    """The address to connect to for `url`, after the fence; UnsafeUrl when it may not be called.
    With `resolve=False` (saving a URL) a host that does not resolve yet is let through: it is
    checked again when called."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise UnsafeUrl(f"{url!r}: must be an http or https URL with a host")
    try:
        port = parts.port or (443 if parts.scheme == "https" else 80)
    except ValueError as exc:
        raise UnsafeUrl(f"{url!r}: {exc}") from exc
    host = parts.hostname.lower()
    hosts, networks = _allowed()
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (socket.gaierror, UnicodeError) as exc:
        if not resolve:
            return None
        raise UnsafeUrl(f"{host} does not resolve: {exc}") from exc
    addresses = [info[4][0] for info in infos]
    if host not in hosts:
        for address in addresses:
            if not _public(address, networks):
                raise UnsafeUrl(
                    f"{host} resolves to {address}, not a public address; an operator may allow it "
                    "in KAIZEN_WEBHOOK_ALLOWED_HOSTS"
                )
    return addresses[0]


class _PinnedHTTPConnection(http.client.HTTPConnection):
    def __init__(self, host, address, **kwargs):
        super().__init__(host, **kwargs)
        self.address = address

    def connect(self):
        self.sock = socket.create_connection((self.address, self.port), self.timeout)


class _PinnedHTTPSConnection(http.client.HTTPSConnection):
    def __init__(self, host, address, **kwargs):
        super().__init__(host, context=ssl.create_default_context(), **kwargs)
        self.address = address

    def connect(self):
        sock = socket.create_connection((self.address, self.port), self.timeout)
        self.sock = self._context.wrap_socket(sock, server_hostname=self.host)


def post_json(url: str, payload: dict, *, event: str, timeout: float | None = None) -> int:
    """POST `payload` to `url` within `timeout` seconds in all (KAIZEN_WEBHOOK_TIMEOUT_SECONDS
    unless given); return the HTTP status or raise DeliveryError (naming `event`)."""
    try:
        return _post(url, payload, event=event, timeout=timeout or settings.KAIZEN["WEBHOOK_TIMEOUT_SECONDS"])
    except DeliveryError as exc:
        exc.event = event
        raise


def _post(url: str, payload: dict, *, event: str, timeout: float) -> int:
    address = checked_address(url)
    body = json.dumps(payload, cls=DjangoJSONEncoder).encode()
    headers = {
        "Content-Type": "application/json",
        "User-Agent": "kaizen-webhook/1",
        "X-Kaizen-Event": event,
    }
    secret = settings.KAIZEN["WEBHOOK_SECRET"]
    if secret:
        headers["X-Kaizen-Signature"] = sign(body, secret)
    parts = urlsplit(url)
    kind = _PinnedHTTPSConnection if parts.scheme == "https" else _PinnedHTTPConnection
    connection = kind(parts.hostname, address, port=parts.port, timeout=timeout)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    deadline = _Deadline(connection, timeout)
    try:
        connection.request("POST", path, body=body, headers=headers)
        response = connection.getresponse()
        response.read(MAX_ANSWER_BYTES)
    except (OSError, http.client.HTTPException) as exc:
        if deadline.passed:
            raise DeliveryError(f"{url} did not answer within {timeout:g} s") from exc
        raise DeliveryError(f"{url} unreachable: {exc}") from exc
    finally:
        deadline.cancel()
        connection.close()
    if 300 <= response.status < 400:
        raise Refused(f"{url} answered {response.status}: redirects are not followed")
    if 400 <= response.status < 500 and response.status not in TRANSIENT:
        raise Refused(f"{url} answered {response.status}")
    if response.status >= 400:
        raise DeliveryError(f"{url} answered {response.status}")
    return response.status


class _Deadline:
    """Cuts `connection` once `seconds` have passed since it was made. Each connect, send and read
    has the connection's timeout, but a receiver that answers a byte at a time never lets one of
    them run out: the cut bounds the attempt as a whole."""

    def __init__(self, connection: http.client.HTTPConnection, seconds: float):
        self.connection, self.passed = connection, False
        self.timer = threading.Timer(seconds, self.cut)
        self.timer.daemon = True
        self.timer.start()

    def cut(self) -> None:
        self.passed = True
        sock = self.connection.sock
        if sock is not None:
            # the plain socket's shutdown, also under TLS: the reading thread sees the end
            with contextlib.suppress(OSError):
                socket.socket.shutdown(sock, socket.SHUT_RDWR)

    def cancel(self) -> None:
        self.timer.cancel()
