"""pydantic-ai's own instrumentation (what logfire shows): an agent run whose tool raises."""

import contextlib

from common import OPENAI_URL, provider
from pydantic_ai import Agent
from pydantic_ai.models.instrumented import InstrumentationSettings
from pydantic_ai.models.openai import OpenAIChatModel
from pydantic_ai.providers.openai import OpenAIProvider

tracer_provider = provider()
Agent.instrument_all(InstrumentationSettings(tracer_provider=tracer_provider))
model = OpenAIChatModel("gpt-4o-mini", provider=OpenAIProvider(base_url=OPENAI_URL, api_key="sk-test"))
agent = Agent(model, name="support")


@agent.tool_plain
def refund() -> str:
    raise RuntimeError("403 Forbidden: refund not permitted")


with contextlib.suppress(RuntimeError):
    agent.run_sync("help")
tracer_provider.shutdown()
