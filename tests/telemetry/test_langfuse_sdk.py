"""The real Langfuse SDK, changed only in its host: it exports to Kaizen's Langfuse-compatible OTLP
path with Basic auth (any public key, the agent token as the secret key). An agent observation with
an OpenAI generation (Langfuse's own OpenAI wrapper, against a local fake server) and two tools,
one failing, inside `propagate_attributes(session_id=…)`: every observation is stored or counted
as context, the session id is kept, the generation's tokens and cost roll into the agent."""

import json
import os
import subprocess
import sys
from datetime import timedelta

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


FEEDBACK_AGENT = """
import json, os
from langfuse import Langfuse, propagate_attributes

langfuse = Langfuse(public_key="pk-lf-kaizen", secret_key=os.environ["TOKEN"], host=os.environ["HOST"])
assert langfuse.auth_check()
prompt = langfuse.get_prompt("support")
print(json.dumps({"version": prompt.version, "labels": prompt.labels, "prompt": prompt.prompt}))
with langfuse.start_as_current_observation(as_type="agent", name="support_agent"):
    with propagate_attributes(session_id="ticket-9"):
        with langfuse.start_as_current_observation(
            as_type="generation", name="answer", model="gpt-4o-mini",
            usage_details={"input": 100, "output": 20}, cost_details={"input": 0.004, "output": 0.006},
        ):
            pass
    trace_id = langfuse.get_current_trace_id()
langfuse.flush()  # the trace is in; feedback on it comes after
langfuse.create_score(name="helpfulness", value=0.2, trace_id=trace_id,
                      comment="Always include the order number in the reply.")
langfuse.create_score(name="resolved", value=False, data_type="BOOLEAN", session_id="ticket-9",
                      comment="The refund was never issued.")
langfuse.create_score(name="verdict", value="incorrect", data_type="CATEGORICAL", trace_id=trace_id)
langfuse.create_score(name="csat", value=5, data_type="NUMERIC", session_id="ticket-9")
langfuse.shutdown()
"""


def test_langfuse_scores_prompts_and_auth_with_only_the_host_changed(live_server):
    from improver.services.feedback import feedback_extract
    from learning.models import FeedbackItem
    from telemetry.models import Observation
    from tests.factories import TemplateFactory

    template = TemplateFactory(slug="support")
    agent, token = agent_with_token(name="langfuse-feedback", template=template)
    env = {**os.environ, "TOKEN": token, "HOST": live_server.url}
    run = subprocess.run(
        [sys.executable, "-c", FEEDBACK_AGENT], env=env, capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-3000:]
    assert "error" not in run.stderr.lower(), run.stderr[-3000:]  # no score refused or dropped
    prompt = json.loads(run.stdout.strip().splitlines()[-1])
    assert prompt["version"] == 1 and prompt["labels"] == ["production", "champion"]
    assert prompt["prompt"].startswith("# Directives (")

    [outcome] = SkillOutcome.objects.filter(agent=agent)
    assert (outcome.input_tokens, outcome.output_tokens, outcome.session_id) == (100, 20, "ticket-9")
    assert outcome.cost_usd == pytest.approx(0.01)  # Langfuse's cost_details kept, not re-priced
    seen = {o.text: (o.sentiment, o.session_id) for o in Observation.objects.filter(agent=agent)}
    assert seen == {
        "Always include the order number in the reply.": ("negative", "ticket-9"),
        "The refund was never issued.": ("negative", "ticket-9"),
        "verdict: incorrect": ("negative", "ticket-9"),
        "csat: 5": ("positive", "ticket-9"),
    }
    stored = Observation.objects.filter(agent=agent)  # the improver reads them as the template's feedback
    window = (min(o.occurred_at for o in stored), max(o.occurred_at for o in stored))
    # classified as they arrived: the weekly scan finds nothing left to classify
    assert feedback_extract(template=template, since=window[0] - timedelta(seconds=1), until=window[1]) == 0
    items = FeedbackItem.objects.filter(template=template)
    assert sorted(items.values_list("sentiment", flat=True)) == ["negative"] * 3 + ["positive"]
