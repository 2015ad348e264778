"""Schemathesis against the running API: no server error, and every status, content type and
response body as the OpenAPI schema documents it (the conformance checks)."""

import subprocess
import sys
from pathlib import Path

import pytest

from tests.factories import agent_with_token

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.same_on_every_database("the schema and the client are made from the serializers"),
]
CHECKS = "not_a_server_error,status_code_conformance,content_type_conformance,response_schema_conformance"


def test_every_operation_conforms_to_the_schema(live_server, tmp_path):
    _, token = agent_with_token(name="schemathesis")
    st = Path(sys.executable).with_name("st")
    result = subprocess.run(
        [
            str(st),
            "run",
            f"{live_server.url}/api/schema/",
            "-H",
            f"Authorization: Bearer {token}",
            "--checks",
            CHECKS,
            "--max-examples",
            "5",
            "--phases",
            "examples,coverage,fuzzing",
            "--seed",
            "1",
        ],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout[-4000:]
