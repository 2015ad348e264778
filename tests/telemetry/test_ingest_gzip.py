"""Ingest takes a gzip body like the OTLP intake: inflated within the same limit, answered alike."""

import gzip
import json

import pytest

from telemetry.models import Observation
from tests.telemetry.events import event

pytestmark = pytest.mark.django_db


def post(client, raw: bytes, encoding: str = "gzip"):
    return client.generic(
        "POST", "/api/v1/ingest", raw, content_type="application/json", HTTP_CONTENT_ENCODING=encoding
    )


def test_a_gzip_batch_is_stored_as_if_sent_plain(agent_client):
    _, client = agent_client
    batch = {"batch": [event("observation", id=f"o{i}") for i in range(3)]}
    response = post(client, gzip.compress(json.dumps(batch).encode()))
    assert response.status_code == 207, response.content
    assert [r["status"] for r in response.json()["results"]] == [201, 201, 201]
    assert Observation.objects.count() == 3
    replay = post(client, gzip.compress(json.dumps(batch).encode()))
    assert [r["status"] for r in replay.json()["results"]] == [200, 200, 200]


def test_a_gzip_bomb_is_refused_at_the_limit(agent_client, settings):
    settings.KAIZEN = {**settings.KAIZEN, "INGEST_MAX_BODY_BYTES": 10_000}
    _, client = agent_client
    bomb = gzip.compress(b'{"batch": [' + b" " * 1_000_000 + b"]}")
    assert len(bomb) < 10_000
    response = post(client, bomb)
    assert (
        response.status_code == 413 and "Decompressed body exceeds 10000 bytes" in response.json()["message"]
    )


@pytest.mark.parametrize(("raw", "encoding", "status"), [(b"not gzip", "gzip", 400), (b"{}", "br", 415)])
def test_a_bad_encoding_is_refused_naming_it(agent_client, raw, encoding, status):
    _, client = agent_client
    response = post(client, raw, encoding)
    assert response.status_code == status and response.json()["message"]
