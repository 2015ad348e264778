"""OpenLLMetry (traceloop-sdk): @workflow > @agent > OpenAI call and two @tool calls, one failing."""

import contextlib

from common import OPENAI_URL, exporter
from openai import OpenAI
from traceloop.sdk import Traceloop
from traceloop.sdk.decorators import agent, tool, workflow

Traceloop.init(app_name="support", exporter=exporter(), disable_batch=True, telemetry_enabled=False)
client = OpenAI(base_url=OPENAI_URL, api_key="sk-test")


@tool(name="lookup_order")
def lookup_order():
    return "order 7"


@tool(name="refund")
def refund():
    raise PermissionError("403 Forbidden: refund not permitted")


@agent(name="support")
def support():
    client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "help"}])
    lookup_order()
    with contextlib.suppress(PermissionError):
        refund()


@workflow(name="ticket")
def ticket():
    Traceloop.set_association_properties({"session_id": "ticket-7"})
    support()


ticket()
