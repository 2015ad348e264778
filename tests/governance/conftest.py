from tests.telemetry.conftest import broker_down  # noqa: F401  (fixture)
