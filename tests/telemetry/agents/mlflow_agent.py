"""MLflow tracing (its default attributes, or its GenAI mode with MLFLOW_ENABLE_OTEL_GENAI_SEMCONV)
exported over OTLP: an AGENT span with an autologged OpenAI call and a failing TOOL; the session
set on the agent span (MLflow keeps trace metadata and tags out of the OTLP export)."""

import os

os.environ["OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"] = f"{os.environ['KAIZEN_URL']}/v1/traces"
os.environ["OTEL_EXPORTER_OTLP_TRACES_HEADERS"] = f"Authorization=Bearer {os.environ['TOKEN']}"
os.environ["OTEL_EXPORTER_OTLP_TRACES_PROTOCOL"] = "http/protobuf"

import contextlib

import mlflow  # noqa: E402
from common import OPENAI_URL  # noqa: E402
from mlflow.entities import SpanType  # noqa: E402
from openai import OpenAI  # noqa: E402

mlflow.openai.autolog()
client = OpenAI(base_url=OPENAI_URL, api_key="sk-test")


@mlflow.trace(span_type=SpanType.TOOL, name="refund")
def refund():
    raise RuntimeError("403 Forbidden: refund not permitted")


@mlflow.trace(span_type=SpanType.AGENT, name="support")
def support():
    mlflow.get_current_active_span().set_attribute("session.id", "ticket-3")
    client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "help"}])
    with contextlib.suppress(RuntimeError):
        refund()


support()
from mlflow.tracing.provider import provider  # noqa: E402

provider.get().force_flush()
