"""The documentation site builds with no warning, and what it generates from the code leaves no
setting or endpoint undocumented."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_the_site_builds_strictly_with_every_setting_and_endpoint(tmp_path):
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "DJANGO_SETTINGS_MODULE": "config.settings"}
    env.pop("DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--site-dir", str(tmp_path / "site")],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "WARNING" not in result.stderr, result.stderr[-3000:]
    settings_page = (tmp_path / "site" / "configuration" / "index.html").read_text()
    from config.kaizen import SETTINGS
    from config.variables import GUNICORN_VARIABLES, VARIABLES

    for name in [*(f"KAIZEN_{key}" for key in SETTINGS), *VARIABLES, *GUNICORN_VARIABLES]:
        assert name in settings_page, name
    sdk_page = (tmp_path / "site" / "wiring" / "sdk" / "index.html").read_text()
    assert "Nothing lost" in sdk_page and "--8&lt;--" not in sdk_page  # the SDK's README, brought in
    api_page = (tmp_path / "site" / "api" / "index.html").read_text()
    for path in ("/api/v1/ingest", "/v1/traces", "/api/v1/agents/me/directives", "/api/v1/rollouts"):
        assert path in api_page, path


def test_every_variable_gunicorn_reads_is_documented():
    import re

    from config.variables import GUNICORN_VARIABLES

    source = (ROOT / "gunicorn.conf.py").read_text()
    read = set(re.findall(r"\b(?:GUNICORN|PROMETHEUS)_[A-Z_]+\b", source))
    assert "GUNICORN_WORKERS" in read
    assert not read - set(GUNICORN_VARIABLES)
    assert all(meaning.strip() for _, meaning in GUNICORN_VARIABLES.values())


@pytest.mark.django_db
def test_every_endpoint_says_what_it_does():
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    silent = [
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
        if not (operation.get("description") or operation.get("summary") or "").strip()
    ]
    assert not silent
