import pytest

from config.celery import app
from tests.telemetry.fake_openai import fake_openai  # noqa: F401  (fixture)


@pytest.fixture
def broker_down():
    """A broker configured but unreachable: any publication from the request would fail, and
    nothing drains the to-do list in-process."""
    saved = {k: app.conf[k] for k in ("broker_url", "task_always_eager")}
    app.conf.update(broker_url="redis://127.0.0.1:1/0", task_always_eager=False)
    yield
    app.conf.update(saved)
