"""Hostile inputs against the real stack in-process: time and peak memory of each refusal.

    .venv/bin/python bench/hostile.py

Each input is refused with a 4xx JSON body; the table prints the status, milliseconds and the
peak Python memory of the request, next to the same endpoint's time for a valid request of the
same kind (the ratio says what the refusal costs compared with ordinary work).
"""

import gzip
import json
import os
import sys
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
DB = ROOT / "var" / "bench-hostile.sqlite3"
os.environ["DATABASE_URL"] = f"sqlite:///{DB}"
os.environ.pop("CELERY_BROKER_URL", None)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")


def main() -> None:
    import django

    DB.unlink(missing_ok=True)
    django.setup()
    from django.core.management import call_command
    from rest_framework.test import APIClient

    from tests.hostile_inputs import ALIAS_BOMB, DEEP_FLOW_YAML, DEEP_JSON
    from tests.telemetry.events import TS, VALID_BODIES

    call_command("migrate", verbosity=0)
    from fleet.services import agent_create

    _, token = agent_create(name="bench-hostile")
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    good_event = {"type": "observation", "timestamp": TS, "body": VALID_BODIES["observation"]}
    cases = [
        (
            "valid goal proposal",
            "post",
            "/api/v1/proposals",
            {"type": "goal", "yaml": "goals: []\n", "rationale": "r"},
        ),
        (
            "YAML alias bomb",
            "post",
            "/api/v1/proposals",
            {"type": "goal", "yaml": ALIAS_BOMB, "rationale": "r"},
        ),
        (
            "5,000-deep YAML",
            "post",
            "/api/v1/proposals",
            {"type": "goal", "yaml": DEEP_FLOW_YAML, "rationale": "r"},
        ),
        ("valid ingest event", "post", "/api/v1/ingest", {"batch": [good_event]}),
        ("100,000-deep JSON", "post", "/api/v1/ingest", DEEP_JSON),
        (
            "NUL + surrogate + year-1 events",
            "post",
            "/api/v1/ingest",
            {
                "batch": [
                    {**good_event, "body": {"text": "a\x00b"}},
                    {**good_event, "body": {"text": "lone \ud800"}},
                    {**good_event, "timestamp": "0001-01-01T00:00:00+01:00"},
                ]
            },
        ),
        ("gzip bomb (50 MB of zeros)", "gzip", "/v1/traces", gzip.compress(b"\x00" * (50 << 20), 9)),
    ]
    print(f"{'input':34} {'status':>6} {'ms':>8} {'peak MB':>8}")
    for name, method, path, payload in cases:
        tracemalloc.start()
        started = time.perf_counter()
        if method == "gzip":
            response = client.post(
                path, payload, content_type="application/x-protobuf", HTTP_CONTENT_ENCODING="gzip"
            )
        elif isinstance(payload, bytes):
            response = client.post(path, payload, content_type="application/json")
        else:
            body = json.dumps(payload).encode()
            response = client.post(path, body, content_type="application/json")
        elapsed = (time.perf_counter() - started) * 1000
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(f"{name:34} {response.status_code:>6} {elapsed:>8.1f} {peak / 1e6:>8.1f}")
    DB.unlink(missing_ok=True)


if __name__ == "__main__":
    main()
