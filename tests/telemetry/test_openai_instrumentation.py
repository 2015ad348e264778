"""The real `opentelemetry-instrumentation-openai-v2` against a local fake OpenAI server, exporting
to Kaizen: the LLM call's tokens land on the agent's session, priced, and no `chat:<model>` skill."""

import pytest

from telemetry.models import SkillOutcome, UnmappedSpan
from tests.factories import agent_with_token
from tests.telemetry.fake_openai import COST, instrumented

pytestmark = pytest.mark.django_db(transaction=True)


def test_openai_v2_instrumentation_rolls_the_call_into_the_agent(live_server, fake_openai):
    from opentelemetry.instrumentation.openai_v2 import OpenAIInstrumentor

    agent, token = agent_with_token(name="openai-agent")
    with (
        instrumented(OpenAIInstrumentor(), live_server.url, token, fake_openai) as (tracer, client),
        tracer.start_as_current_span(
            "invoke_agent reviewer",
            attributes={
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": "pr_review",
                "gen_ai.conversation.id": "c-1",
            },
        ),
    ):
        client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "review"}])
    [outcome] = SkillOutcome.objects.filter(agent=agent)
    assert (outcome.skill, outcome.input_tokens, outcome.output_tokens, outcome.model) == (
        "pr_review",
        1200,
        300,
        "gpt-4o-mini",
    )
    assert outcome.cost_usd == pytest.approx(COST)  # priced by the table
    assert not UnmappedSpan.objects.exists()
