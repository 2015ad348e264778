"""One trace from two processes, as a front service and the billing service it calls export it.

    two_services.py front CARRIER [WAIT_FOR]   the run: @workflow ticket > @agent support > an
        OpenAI call; inside the agent it writes its trace context to CARRIER and, given WAIT_FOR,
        waits for that file before it ends (so its root is exported last)
    two_services.py back CARRIER [REPEAT]      the billing part under that context: an OpenAI call
        and a `refund` tool that fails; with REPEAT every export is sent twice (an exporter retry)

Both export each span on its own (SimpleSpanProcessor) with OpenLLMetry's instrumentation."""

import contextlib
import json
import os
import sys
import time

from common import OPENAI_URL, exporter
from openai import OpenAI
from opentelemetry import context, propagate
from opentelemetry.sdk.trace.export import SpanExporter
from traceloop.sdk import Traceloop
from traceloop.sdk.decorators import agent, tool, workflow

role, carrier_path = sys.argv[1], sys.argv[2]
extra = sys.argv[3] if len(sys.argv) > 3 else ""


class Twice(SpanExporter):
    """Sends every export twice, byte for byte: what a retry after a lost answer does."""

    def __init__(self, inner):
        self.inner = inner

    def export(self, spans):
        self.inner.export(spans)
        return self.inner.export(spans)

    def shutdown(self):
        self.inner.shutdown()


out = Twice(exporter()) if role == "back" and extra == "repeat" else exporter()
Traceloop.init(
    app_name="front" if role == "front" else "billing",
    exporter=out,
    disable_batch=True,
    telemetry_enabled=False,
)
client = OpenAI(base_url=OPENAI_URL, api_key="sk-test")

if role == "front":

    @agent(name="support")
    def support():
        client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "help"}])
        carrier = {}
        propagate.inject(carrier)
        with open(carrier_path + ".tmp", "w") as f:
            json.dump(carrier, f)
        os.replace(carrier_path + ".tmp", carrier_path)
        deadline = time.monotonic() + 60
        while extra and not os.path.exists(extra) and time.monotonic() < deadline:
            time.sleep(0.05)

    @workflow(name="ticket")
    def ticket():
        Traceloop.set_association_properties({"session_id": "ticket-9"})
        support()

    ticket()
else:
    with open(carrier_path) as f:
        token = context.attach(propagate.extract(json.load(f)))

    @tool(name="refund")
    def refund():
        raise PermissionError("403 Forbidden: refund not permitted")

    client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "bill"}])
    with contextlib.suppress(PermissionError):
        refund()
    context.detach(token)
