"""The real Langfuse SDK, changed only in its host: it exports to Kaizen's Langfuse-compatible OTLP
path with Basic auth (any public key, the agent token as the secret key). An agent observation with
an OpenAI generation (Langfuse's own OpenAI wrapper, against a local fake server) and two tools,
one failing, inside `propagate_attributes(session_id=…)`: every observation is stored or counted
as context, the session id is kept, the generation's tokens and cost roll into the agent."""

import os
import subprocess
import sys

import pytest

from telemetry.models import SkillOutcome, ToolInvocation, UnmappedSpan
from tests.factories import agent_with_token
from tests.telemetry.fake_openai import COST

pytestmark = pytest.mark.django_db(transaction=True)

# The agent runs in its own process, as it would in production: `langfuse.openai` patches the
# OpenAI client for the whole interpreter, which must not leak into the other tests.
AGENT = """
import os
from langfuse import Langfuse, propagate_attributes
from langfuse.openai import OpenAI

langfuse = Langfuse(public_key="pk-lf-kaizen", secret_key=os.environ["TOKEN"], host=os.environ["HOST"])
client = OpenAI(base_url=os.environ["OPENAI_URL"], api_key="sk-test")
with langfuse.start_as_current_observation(as_type="agent", name="support_agent"):
    with propagate_attributes(session_id="ticket-7"):
        client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "help"}])
        with langfuse.start_as_current_observation(as_type="tool", name="lookup_order"):
            pass
        with langfuse.start_as_current_observation(as_type="tool", name="refund") as tool:
            tool.update(level="ERROR", status_message="403 Forbidden: refund not permitted")
langfuse.shutdown()
"""


def test_langfuse_sdk_with_only_its_host_changed(live_server, fake_openai):
    agent, token = agent_with_token(name="langfuse-agent")
    env = {
        **os.environ,
        "TOKEN": token,
        "HOST": live_server.url,
        "OPENAI_URL": fake_openai,
        "LANGFUSE_PUBLIC_KEY": "pk-lf-kaizen",  # what the OpenAI wrapper looks its client up by
    }
    run = subprocess.run([sys.executable, "-c", AGENT], env=env, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-3000:]
    assert "Failed to export" not in run.stderr, run.stderr[-3000:]  # nothing refused or dropped

    [outcome] = SkillOutcome.objects.filter(agent=agent)
    assert (outcome.skill, outcome.success, outcome.input_tokens, outcome.output_tokens) == (
        "support_agent",
        True,
        1200,
        300,
    )
    assert outcome.cost_usd == pytest.approx(COST)
    tools = {t.tool: t for t in ToolInvocation.objects.filter(agent=agent)}
    assert set(tools) == {"lookup_order", "refund"}
    assert {t.session_id for t in tools.values()} == {"ticket-7"}
    assert (tools["refund"].outcome, tools["refund"].failure_mode) == ("failure", "PERM")
    assert tools["refund"].error == "403 Forbidden: refund not permitted"
    assert not UnmappedSpan.objects.exists()
