from tests.telemetry.fake_openai import fake_openai  # noqa: F401  (fixture)
