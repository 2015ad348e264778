"""openai-agents traced by OpenInference: Agent workflow > agent > turns of generations and a tool."""

from agents import Agent, Runner, function_tool, set_default_openai_api, set_default_openai_client
from common import OPENAI_URL, provider
from openai import AsyncOpenAI
from openinference.instrumentation.openai_agents import OpenAIAgentsInstrumentor

tracer_provider = provider()
OpenAIAgentsInstrumentor().instrument(tracer_provider=tracer_provider, exclusive_processor=True)
set_default_openai_client(AsyncOpenAI(base_url=OPENAI_URL, api_key="sk-test"), use_for_tracing=False)
set_default_openai_api("chat_completions")


@function_tool
def refund() -> str:
    """Refund the order."""
    raise RuntimeError("403 Forbidden: refund not permitted")


Runner.run_sync(Agent(name="support", instructions="help", tools=[refund], model="gpt-4o-mini"), "help")
tracer_provider.shutdown()
