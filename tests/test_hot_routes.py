"""The hot ingest route in front of Django (config.wsgi.application) answers exactly as Django's
own handler does, request for request: the plain case without reaching Django, everything else
by handing the request, body included, to Django. Each case is sent through the served WSGI
application and through Django's handler alone (an HTTP client over WSGI), for two agents with
the same payload, and the answers are compared whole: status, headers and body."""

import itertools
import json

import httpx
import pytest
from django.core import signals
from django.core.handlers.wsgi import WSGIHandler
from django.db import OperationalError, close_old_connections
from prometheus_client import REGISTRY

from config import wsgi
from config.hotpath import HotRoutes
from telemetry import ingest
from telemetry.models import ApiToken, ToolInvocation
from tests.factories import agent_with_token

pytestmark = pytest.mark.django_db
AGENTS = itertools.count()
URL = "/api/v1/ingest"
EVENTS = [
    {"id": "t1", "type": "tool_invocation", "timestamp": "2026-11-21T10:00:00Z",
     "body": {"session_id": "s1", "tool": "bash", "outcome": "failure", "duration_ms": 12,
              "failure_mode": "RUNTIME", "error": "exit status 2"}},
    {"id": "o1", "type": "skill_outcome", "timestamp": "2026-11-21T10:00:01Z",
     "body": {"skill": "triage", "success": True, "duration_ms": 900, "input_tokens": 1000,
              "output_tokens": 200, "model": "gpt-4o-mini", "patterns": ["Ask first"]}},
    {"type": "observation", "timestamp": "2026-11-21T10:00:02Z", "body": {"text": "fine"}},
    {"id": "bad", "type": "observation", "timestamp": "yesterday", "body": {"text": "x"}},
]  # fmt: skip


class Recorder:
    """Django's handler, counting the requests that reach it."""

    def __init__(self, app):
        self.app, self.calls = app, 0

    def __call__(self, environ, start_response):
        self.calls += 1
        return self.app(environ, start_response)


@pytest.fixture
def served():
    """(client of the served application, client of Django's handler alone, the recorder)."""
    # As Django's test client does: the test's transaction must outlive each request.
    signals.request_started.disconnect(close_old_connections)
    signals.request_finished.disconnect(close_old_connections)
    try:
        yield applications()
    finally:
        signals.request_started.connect(close_old_connections)
        signals.request_finished.connect(close_old_connections)


def applications(handler=None) -> tuple:
    """The front over Django's handler (recorded), and the same handler alone, as clients.
    Middleware reads its settings when built: a test that changes them builds a new handler."""
    handler = handler or wsgi.django_application
    django = Recorder(handler)
    return client_of(HotRoutes(django)), client_of(handler), django


def client_of(app) -> httpx.Client:
    return httpx.Client(transport=httpx.WSGITransport(app=app), base_url="http://testserver")


def answer(response: httpx.Response) -> tuple[int, dict, object]:
    headers = {k.lower(): v for k, v in response.headers.items()}
    try:
        body = response.json()
    except ValueError:
        body = response.text
    return response.status_code, headers, body


def both(served, body: bytes, headers: dict | None = None, path: str = URL) -> tuple:
    """The same request through the front (agent a) and through Django alone (agent b)."""
    front, django, _ = served
    answers = []
    for client, name in ((front, "a"), (django, "b")):
        _, token = agent_with_token(name=f"{name}-{next(AGENTS)}")
        sent = {"Authorization": f"Bearer {token}", "Content-Type": "application/json", **(headers or {})}
        answers.append(answer(client.post(path, content=body, headers=sent)))
    return tuple(answers)


def batch(events=EVENTS) -> bytes:
    return json.dumps({"batch": events}).encode()


def test_a_plain_batch_is_answered_in_front_of_django_exactly_as_django_would(served):
    hot, plain = both(served, batch())
    assert hot == plain
    status, headers, body = hot
    assert status == 207 and [r["status"] for r in body["results"]] == [201, 201, 201, 400]
    assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
    assert int(headers["content-length"]) > 0
    assert served[2].calls == 0  # Django's handler never saw it
    assert ToolInvocation.objects.count() == 2  # one per agent


def test_a_replayed_batch_is_answered_200_by_the_front_too(served):
    front, _, django = served
    _, token = agent_with_token(name="replay")
    sent = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    first = front.post(URL, content=batch(EVENTS[:2]), headers=sent).json()
    again = front.post(URL, content=batch(EVENTS[:2]), headers=sent).json()
    assert [r["status"] for r in first["results"]] == [201, 201]
    assert [r["status"] for r in again["results"]] == [200, 200]
    assert django.calls == 0 and ToolInvocation.objects.count() == 1


@pytest.mark.parametrize(
    "body, headers, path, status",
    [
        (b'{"batch": []}', {}, URL, 400),
        (b'{"batch": [}', {}, URL, 400),
        (b'{"batch": [], "extra": 1}', {}, URL, 400),
        (batch(), {"Authorization": "Bearer kz_nope.nope"}, URL, 401),
        (batch(), {"Authorization": "Basic Zm9vOmJhcg=="}, URL, 401),
        (batch(), {"Content-Type": "text/plain"}, URL, 415),
        (batch(), {"Host": "evil.example"}, URL, 400),
        (batch(), {}, URL + "?x=1", 207),
        (b'{"batch": [{"type": "observation", "body": {"text": "NaN"}, "x": NaN}]}', {}, URL, 400),
    ],
    ids=["empty", "malformed", "unknown-key", "bad-token", "basic", "content-type", "host", "query", "nan"],
)
def test_anything_else_is_handed_to_django_with_its_body(served, body, headers, path, status):
    hot, plain = both(served, body, headers, path)
    assert hot[0] == status
    assert hot == plain
    assert served[2].calls == 1


def test_a_body_over_the_limit_is_refused_by_django_unread(served, settings):
    settings.KAIZEN = {**settings.KAIZEN, "INGEST_MAX_BODY_BYTES": 100}
    hot, plain = both(served, batch())
    assert hot == plain and hot[0] == 413
    assert served[2].calls == 1


def test_a_revoked_token_is_refused_as_django_refuses_it(served):
    front, django, recorder = served
    answers = []
    for client, name in ((front, "ra"), (django, "rb")):
        agent, token = agent_with_token(name=name)
        ApiToken.objects.filter(agent=agent).update(revoked_at="2026-01-01T00:00:00Z")
        sent = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
        answers.append(answer(client.post(URL, content=batch(), headers=sent)))
    assert answers[0] == answers[1] and answers[0][0] == 401


def test_behind_an_https_proxy_the_front_adds_the_same_security_headers(served, settings):
    settings.SECURE_SSL_REDIRECT = True
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    settings.SECURE_HSTS_SECONDS = 3600
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    served = applications(WSGIHandler())
    hot, plain = both(served, batch(), {"X-Forwarded-Proto": "https"})
    assert hot == plain and hot[0] == 207
    assert hot[1]["strict-transport-security"] == "max-age=3600; includeSubDomains"
    assert served[2].calls == 0
    redirected, plain = both(served, batch())  # plain http: Django redirects it
    assert redirected == plain and redirected[0] == 301
    assert served[2].calls == 1


def test_a_database_error_in_front_hands_the_request_to_django_and_stores_it_once(served, monkeypatch):
    """The first INSERT fails (a connection lost mid-request); Django's path stores the event."""
    real, failures = ingest.insert_new, []

    def flaky(*args, **kwargs):
        if not failures:
            failures.append(1)
            raise OperationalError("server closed the connection unexpectedly")
        return real(*args, **kwargs)

    monkeypatch.setattr(ingest, "insert_new", flaky)
    front, _, django = served
    _, token = agent_with_token(name="flaky")
    sent = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    response = front.post(URL, content=batch(EVENTS[:1]), headers=sent)
    assert response.status_code == 207 and response.json()["results"][0]["status"] == 201
    assert failures and django.calls == 1
    assert ToolInvocation.objects.count() == 1


def test_while_the_database_is_down_the_answer_is_djangos_503(served, monkeypatch):
    def down(*args, **kwargs):
        raise OperationalError("could not connect to server")

    monkeypatch.setattr(ingest, "insert_new", down)
    hot, plain = both(served, batch(EVENTS[:1]))
    assert hot == plain and hot[0] == 503 and "retry-after" in hot[1]


def test_requests_answered_in_front_are_timed_under_the_ingest_route(served):
    def count() -> float:
        labels = {"route": "ingest", "method": "POST", "status": "2xx"}
        return REGISTRY.get_sample_value("kaizen_request_seconds_count", labels) or 0

    before = count()
    both(served, batch(EVENTS[:1]))
    assert count() == before + 2  # the front's request and Django's
    assert served[2].calls == 0


def test_a_route_the_urlconf_does_not_serve_is_left_to_django(served, settings):
    settings.ROOT_URLCONF = "tests.urls_without_ingest"
    front, _, django = applications(WSGIHandler())
    response = front.post(URL, content=batch(), headers={"Content-Type": "application/json"})
    assert response.status_code == 404 and django.calls == 1
