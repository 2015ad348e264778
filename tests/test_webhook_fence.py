"""Outbound webhooks an agent controls are fenced: no loopback, private, link-local or metadata
address, at save and at send, unless an operator allows it; no redirects followed."""

import re
import time

import pytest

from config.webhooks import DeliveryError, Refused, UnsafeUrl, checked_address, post_json

pytestmark = pytest.mark.django_db

INTERNAL = [
    "http://127.0.0.1:8000/hook",
    "http://localhost/hook",
    "http://169.254.169.254/latest/meta-data/",
    "http://10.1.2.3/hook",
    "http://192.168.0.10/hook",
    "http://172.16.5.5/hook",
    "http://[::1]/hook",
    "http://[::ffff:127.0.0.1]/hook",
    "http://[fe80::1]/hook",
    "http://0.0.0.0/hook",
    "http://100.64.0.1/hook",  # carrier-grade NAT
    "http://224.0.0.1/hook",
]


@pytest.mark.parametrize("url", INTERNAL)
def test_an_agent_cannot_point_its_card_at_an_internal_address(agent_client, url):
    _, client = agent_client
    response = client.put("/api/v1/agents/me/card", {"skills": [], "webhook_url": url}, format="json")
    assert response.status_code == 400, response.json()
    assert "webhook_url" in response.json()["extra"]["fields"]


@pytest.mark.parametrize("url", ["ftp://example.com/x", "file:///etc/passwd", "gopher://127.0.0.1/"])
def test_only_http_is_called(url):
    with pytest.raises(UnsafeUrl):
        checked_address(url)


@pytest.mark.parametrize("url", INTERNAL)
def test_nothing_is_sent_to_an_internal_address(url):
    with pytest.raises(UnsafeUrl):
        post_json(url, {"x": 1}, event="test")


def test_a_public_address_passes_the_fence():
    assert checked_address("http://93.184.215.14/hook") == "93.184.215.14"
    assert checked_address("https://agents.invalid/hook", resolve=False) is None  # checked when called


def test_an_operator_allows_a_host_or_a_network(settings, webhook_receiver):
    settings.KAIZEN = {**settings.KAIZEN, "WEBHOOK_ALLOWED_HOSTS": ""}
    with pytest.raises(UnsafeUrl):
        post_json(webhook_receiver.url, {"x": 1}, event="test")
    settings.KAIZEN = {**settings.KAIZEN, "WEBHOOK_ALLOWED_HOSTS": "hooks.internal, 127.0.0.0/8"}
    assert post_json(webhook_receiver.url, {"x": 1}, event="test") == 200
    assert webhook_receiver.requests[0]["json"] == {"x": 1}


def test_a_redirect_is_not_followed(webhook_receiver):
    webhook_receiver.statuses.append(302)
    with pytest.raises(DeliveryError, match="redirects are not followed"):
        post_json(webhook_receiver.url, {"x": 1}, event="test")
    assert len(webhook_receiver.requests) == 1


def test_a_yaml_card_is_fenced_too():
    from config.yamldoc import YamlDocError
    from planner.cards import parse_card

    with pytest.raises(YamlDocError, match="not a public address"):
        parse_card("skills: []\nwebhook_url: http://169.254.169.254/\n", "card:a")


def test_a_webhook_url_longer_than_its_column_is_a_400(agent_client):
    _, client = agent_client
    url = "https://agents.example.com/" + "x" * 200
    response = client.put("/api/v1/agents/me/card", {"skills": [], "webhook_url": url}, format="json")
    assert response.status_code == 400 and "webhook_url" in response.json()["extra"]["fields"]


@pytest.mark.parametrize(
    ("status", "retried"),
    [(503, True), (500, True), (429, True), (408, True), (404, False), (400, False), (410, False)],
)
def test_a_task_retries_what_may_pass_and_never_a_refusal(webhook_receiver, settings, status, retried):
    """Celery's own retries (autoretry_for): an outage or a 5xx, 408 or 429 is retried; any other
    4xx, a redirect or a refused URL is not (the same request would get the same answer)."""
    from governance.board.tasks import escalation_webhook

    settings.KAIZEN = {**settings.KAIZEN, "ESCALATION_WEBHOOK_URL": webhook_receiver.url}
    webhook_receiver.statuses.append(status)  # then 200 for any later attempt
    outcome = escalation_webhook.apply(args=["infra_tooling", "2026-11-25T00:00:00Z"], throw=False)
    if retried:  # run eagerly, the retry is taken at once, and the receiver now answers 200
        assert outcome.result == 200 and len(webhook_receiver.requests) == 2
    else:
        assert isinstance(outcome.result, Refused) and len(webhook_receiver.requests) == 1


def test_a_refused_url_is_never_retried(settings):
    from governance.board.tasks import escalation_webhook

    settings.KAIZEN = {**settings.KAIZEN, "ESCALATION_WEBHOOK_URL": "http://169.254.169.254/latest"}
    outcome = escalation_webhook.apply(args=["infra_tooling", "2026-11-25T00:00:00Z"], throw=False)
    assert isinstance(outcome.result, UnsafeUrl)


@pytest.fixture
def retries_run_through():
    """Eager retries each run at once; without this a retry of a retry raises Retry to the caller."""
    from config.celery import app

    saved = app.conf.task_eager_propagates
    app.conf.task_eager_propagates = False
    yield
    app.conf.task_eager_propagates = saved


@pytest.mark.usefixtures("retries_run_through")
def test_a_delivery_that_uses_up_its_retries_is_counted_on_metrics_and_listed_in_the_admin(
    webhook_receiver, settings, admin_client
):
    """Six attempts that all fail (the first and five retries) leave a record an operator sees: the
    counter on /metrics by event, and a row among the admin's failed webhook deliveries. A
    delivery that passes on a retry, or one not yet given up, is not counted."""
    from django.test import Client

    from governance.board.tasks import escalation_webhook

    settings.KAIZEN = {
        **settings.KAIZEN,
        "ESCALATION_WEBHOOK_URL": webhook_receiver.url,
        "METRICS_TOKEN": "s3cret",
    }
    webhook_receiver.statuses.extend([503, 200])  # passes on its first retry: nothing recorded
    assert escalation_webhook.apply(args=["infra_tooling", "2026-11-25T00:00:00Z"], throw=False).result == 200
    webhook_receiver.statuses.extend([503] * 6)
    outcome = escalation_webhook.apply(args=["infra_tooling", "2026-11-25T00:00:00Z"], throw=False)
    assert isinstance(outcome.result, DeliveryError) and len(webhook_receiver.requests) == 2 + 6

    body = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret").content.decode()
    assert 'kaizen_webhook_deliveries_failed_total{event="escalation"} 1.0' in body
    page = admin_client.get("/admin/fleet/webhookfailure/").content.decode()
    assert "escalation" in page and "retries used up" in page
    from fleet.models import WebhookFailure

    failure = WebhookFailure.objects.get()
    assert (failure.attempts, failure.reason, failure.task) == (
        6,
        "exhausted",
        "governance.escalation_webhook",
    )
    assert "answered 503" in failure.error


def test_a_refused_delivery_is_counted_once(settings):
    from django.test import Client

    from governance.board.tasks import escalation_webhook

    settings.KAIZEN = {
        **settings.KAIZEN,
        "ESCALATION_WEBHOOK_URL": "http://169.254.169.254/latest",
        "METRICS_TOKEN": "s3cret",
    }
    escalation_webhook.apply(args=["infra_tooling", "2026-11-25T00:00:00Z"], throw=False)
    body = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret").content.decode()
    assert 'kaizen_webhook_deliveries_failed_total{event="escalation"} 1.0' in body


@pytest.fixture
def short_timeout(settings):
    settings.KAIZEN = {**settings.KAIZEN, "WEBHOOK_TIMEOUT_SECONDS": 0.3}


@pytest.mark.usefixtures("short_timeout")
@pytest.mark.parametrize("slowness", [{"delays": [6.0]}, {"drip": 0.25}])
def test_a_slow_receiver_fails_the_attempt_within_the_timeout(webhook_receiver, slowness):
    """A receiver that sleeps 6 s before answering, or answers a byte every 0.25 s (about 5 s for
    its answer, and no single read ever waits 0.3 s: only a deadline on the whole attempt stops
    it), fails the attempt once KAIZEN_WEBHOOK_TIMEOUT_SECONDS have passed, as a failure that may
    pass on another attempt: well before the receiver would have answered, on a busy machine too."""
    webhook_receiver.delays.extend(slowness.get("delays", []))
    webhook_receiver.drip = slowness.get("drip", 0.0)
    started = time.monotonic()
    with pytest.raises(DeliveryError, match=r"did not answer within 0\.3 s|unreachable: timed out") as caught:
        post_json(webhook_receiver.url, {"x": 1}, event="test")
    assert not isinstance(caught.value, Refused)
    assert time.monotonic() - started < 3.5


@pytest.mark.usefixtures("short_timeout", "retries_run_through")
def test_a_slow_receiver_is_retried_and_recorded_when_it_stays_slow(webhook_receiver, settings, admin_client):
    from django.test import Client

    from fleet.models import WebhookFailure
    from governance.board.tasks import escalation_webhook

    settings.KAIZEN = {
        **settings.KAIZEN,
        "ESCALATION_WEBHOOK_URL": webhook_receiver.url,
        "METRICS_TOKEN": "s3cret",
    }
    webhook_receiver.delays.append(2.0)  # slow once, then prompt: delivered on the retry
    assert escalation_webhook.apply(args=["infra_tooling", "2026-11-25T00:00:00Z"], throw=False).result == 200
    assert len(webhook_receiver.requests) == 2 and not WebhookFailure.objects.exists()

    webhook_receiver.delays.extend([2.0] * 6)  # slow at every attempt: given up, and recorded
    outcome = escalation_webhook.apply(args=["infra_tooling", "2026-11-25T00:00:00Z"], throw=False)
    assert isinstance(outcome.result, DeliveryError) and len(webhook_receiver.requests) == 2 + 6
    failure = WebhookFailure.objects.get()
    assert (failure.attempts, failure.reason) == (6, "exhausted")
    # the attempt's deadline ended it, or, on a busy machine, the connection's own timeout did
    assert re.search(r"did not answer within 0\.3 s|unreachable: timed out", failure.error), failure.error
    body = Client().get("/metrics", HTTP_AUTHORIZATION="Bearer s3cret").content.decode()
    assert 'kaizen_webhook_deliveries_failed_total{event="escalation"} 1.0' in body


@pytest.mark.parametrize(("seconds", "accepted"), [(0.1, True), (10.0, True), (20.0, True), (20.5, False)])
def test_the_webhook_timeout_stays_well_inside_the_delivery_tasks_time_limit(seconds, accepted):
    from config.kaizen import DELIVERY_TIME_LIMIT_SECONDS, out_of_range
    from config.webhooks import RETRY

    assert RETRY["soft_time_limit"] == DELIVERY_TIME_LIMIT_SECONDS == 60
    assert (out_of_range("WEBHOOK_TIMEOUT_SECONDS", seconds) == "") is accepted
