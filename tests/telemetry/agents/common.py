"""Shared by the agent scripts: a tracer provider that exports each span on its own (the most split
a run can be) to Kaizen with the agent token, and the fake model server's address."""

import os

from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor

OPENAI_URL = os.environ["OPENAI_URL"]


def exporter() -> OTLPSpanExporter:
    return OTLPSpanExporter(
        endpoint=f"{os.environ['KAIZEN_URL']}/v1/traces",
        headers={"Authorization": f"Bearer {os.environ['TOKEN']}"},
    )


def provider() -> TracerProvider:
    tracer_provider = TracerProvider()
    tracer_provider.add_span_processor(SimpleSpanProcessor(exporter()))
    return tracer_provider
