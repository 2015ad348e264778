"""LangGraph's ReAct agent traced by OpenInference's LangChain instrumentation, in a session."""

from common import OPENAI_URL, provider
from langchain_core.tools import ToolException, tool
from langchain_openai import ChatOpenAI
from langgraph.prebuilt import create_react_agent
from openinference.instrumentation import using_session
from openinference.instrumentation.langchain import LangChainInstrumentor

tracer_provider = provider()
LangChainInstrumentor().instrument(tracer_provider=tracer_provider)


@tool
def refund() -> str:
    """Refund the order."""
    raise ToolException("403 Forbidden: refund not permitted")


refund.handle_tool_error = True
model = ChatOpenAI(model="gpt-4o-mini", base_url=OPENAI_URL, api_key="sk-test")
agent = create_react_agent(model, [refund], name="support")
with using_session("ticket-5"):
    agent.invoke({"messages": [("user", "help")]})
tracer_provider.shutdown()
