"""Browser fixtures: Playwright driving Debian's Chromium against a live Kaizen server."""

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import on_ci

CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
FLAGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
]


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """What a browser draws and clicks is the same on every database: the requests behind it are
    made on PostgreSQL too, through the test client, by the dashboard, admin and API tests."""
    for item in items:
        if "page" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.same_on_every_database("what Chromium draws and clicks"))


def ensure_chromium() -> str | None:
    """Debian's Chromium, installed with apt when it is absent and we may install packages."""
    if Path(CHROMIUM).exists():
        return CHROMIUM
    if shutil.which("apt-get") and os.geteuid() == 0:
        env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
        subprocess.run(["apt-get", "update", "-qq"], env=env, capture_output=True, timeout=600)
        subprocess.run(
            ["apt-get", "install", "-y", "-qq", "chromium"], env=env, capture_output=True, timeout=900
        )
    return CHROMIUM if Path(CHROMIUM).exists() else None


@pytest.fixture(scope="session")
def browser():
    path = ensure_chromium()
    if path is None:
        if on_ci():
            pytest.fail("CI is set but Chromium could not be installed")
        pytest.skip("Chromium is not installed and could not be installed")
    previous = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"  # Playwright's sync API runs an event loop
    from playwright.sync_api import sync_playwright

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=path, headless=True, args=FLAGS)
            yield browser
            browser.close()
    finally:
        if previous is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = previous


@pytest.fixture
def page(browser, request):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    page = context.new_page()
    page.set_default_timeout(15_000)
    yield page
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{request.node.name}-final.png"), full_page=True)
    context.close()


def shot(page, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
