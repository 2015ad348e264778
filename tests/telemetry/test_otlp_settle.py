"""A run exported span by span over longer than KAIZEN_OTLP_SETTLE_SECONDS, by the real
`opentelemetry-instrumentation-openai-v2` against the fake model server and the SDK's OTLP/HTTP
exporter: the trace is mapped without its root only once nothing of it has arrived for the settle
time, and a root that comes after that takes over what was stored meanwhile, so the run is one
outcome whose tokens are those of its calls, counted once."""

from datetime import timedelta

import pytest
from opentelemetry.exporter.otlp.proto.http.trace_exporter import OTLPSpanExporter
from opentelemetry.instrumentation.openai_v2 import OpenAIInstrumentor
from opentelemetry.sdk.trace import TracerProvider
from opentelemetry.sdk.trace.export import SimpleSpanProcessor
from opentelemetry.trace import Status, StatusCode

from learning.models import SessionSignal
from planner.models import SkillStats
from telemetry.intake.otel_traces import traces_settle
from telemetry.models import SkillOutcome, TraceSpan
from tests.factories import agent_with_token

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("clock")]
SETTLE = 300  # KAIZEN_OTLP_SETTLE_SECONDS' default, set by each test


@pytest.fixture
def run(live_server, fake_openai, settings):
    """(agent, tracer, OpenAI client): every span exported to Kaizen as it ends."""
    from openai import OpenAI

    settings.KAIZEN = {**settings.KAIZEN, "OTLP_SETTLE_SECONDS": SETTLE}
    agent, token = agent_with_token(name="long-run")
    exporter = OTLPSpanExporter(
        endpoint=f"{live_server.url}/v1/traces", headers={"Authorization": f"Bearer {token}"}, timeout=10
    )
    provider = TracerProvider()
    provider.add_span_processor(SimpleSpanProcessor(exporter))
    instrumentor = OpenAIInstrumentor()
    instrumentor.instrument(tracer_provider=provider)
    try:
        yield agent, provider.get_tracer("agent"), OpenAI(base_url=fake_openai, api_key="sk-test")
    finally:
        instrumentor.uninstrument()
        provider.shutdown()


def chat(client) -> None:
    client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "next"}])


def agent_span(tracer):
    return tracer.start_as_current_span(
        "invoke_agent triage",
        attributes={
            "gen_ai.operation.name": "invoke_agent",
            "gen_ai.agent.name": "triage",
            "gen_ai.conversation.id": "conv-7",
        },
    )


def totals(agent) -> list[tuple]:
    return list(
        SkillOutcome.objects.filter(agent=agent).values_list("skill", "input_tokens", "output_tokens")
    )


def test_a_run_that_keeps_sending_is_not_settled_and_is_one_outcome(run, clock):
    """A chat every 30 s for 6.5 minutes, the settle pass running between them: the trace is
    never quiet for the settle time, so nothing is mapped before the root comes."""
    agent, tracer, client = run
    with agent_span(tracer):
        for _ in range(13):
            chat(client)
            clock.shift(timedelta(seconds=30))
            assert traces_settle() == 0
    assert totals(agent) == [("triage", 13 * 1200, 13 * 300)]


def test_a_late_root_takes_over_what_settling_stored(run, clock):
    """The run goes quiet for longer than the settle time (a slow tool, say): the settle pass maps
    it without its root, its calls each standing for the session; more calls come, and it is
    mapped again once quiet; then the root arrives. The run is then one outcome with every call's
    tokens, and nothing settled earlier still counts, in the rows or in the skill's statistics."""
    agent, tracer, client = run
    with agent_span(tracer):
        chat(client)
        clock.shift(timedelta(seconds=SETTLE + 50))
        assert traces_settle() == 1  # quiet long enough: mapped without its root
        assert totals(agent) == [("session", 1200, 300)]
        chat(client)
        chat(client)
        clock.shift(timedelta(seconds=SETTLE - 10))
        assert traces_settle() == 0  # the newest call is not old enough yet
        clock.shift(timedelta(seconds=20))
        assert traces_settle() == 1
        assert sorted(totals(agent)) == [("session", 1200, 300)] * 3
        assert SkillStats.objects.get(agent=agent, skill="session").total_samples == 3  # derived
        chat(client)
        clock.shift(timedelta(seconds=60))
    assert totals(agent) == [("triage", 4 * 1200, 4 * 300)]
    clock.shift(timedelta(hours=1))
    assert traces_settle() == 0  # the root settled the whole trace
    assert totals(agent) == [("triage", 4 * 1200, 4 * 300)]
    stats = {s.skill: s for s in SkillStats.objects.filter(agent=agent)}
    assert (stats["session"].total_samples, stats["session"].window) == (0, [])
    assert stats["session"].total_cost_usd == pytest.approx(0, abs=1e-12)
    assert (stats["triage"].total_samples, stats["triage"].samples) == (1, 1)


def test_a_failed_call_taken_over_by_its_run_no_longer_shows_its_session_failing(run, clock):
    """A call that failed (the client retried it) stood for its session while the run was
    quiet: the session showed a failed outcome. The run that holds it succeeded: once its root
    arrives, neither the outcome nor the session's failure signal remains."""
    agent, tracer, client = run
    with agent_span(tracer):
        with tracer.start_as_current_span(
            "chat gpt-4o-mini",
            attributes={"gen_ai.operation.name": "chat", "gen_ai.request.model": "gpt-4o-mini"},
        ) as failed:
            failed.set_status(Status(StatusCode.ERROR, "rate limited"))
        clock.shift(timedelta(seconds=SETTLE + 1))
        assert traces_settle() == 1
        [(session, success)] = SkillOutcome.objects.filter(agent=agent).values_list("session_id", "success")
        assert not success
        assert set(
            SessionSignal.objects.filter(agent=agent, session_id=session).values_list("signal", flat=True)
        ) == {
            "skill_failure",
            "any_failure",
        }
        chat(client)
    assert [(o.skill, o.success) for o in SkillOutcome.objects.filter(agent=agent)] == [("triage", True)]
    assert not SessionSignal.objects.filter(agent=agent).exists()


def test_a_run_that_never_sends_its_root_settles_once_quiet(run, clock):
    """The root lives elsewhere (its span never exported here): the calls are mapped once the
    trace has been quiet for the settle time, and only once."""
    agent, tracer, client = run
    outer = tracer.start_span("invoke_agent elsewhere")  # never ended: never exported
    from opentelemetry import trace

    with trace.use_span(outer, end_on_exit=False), agent_span(tracer):
        chat(client)
        clock.shift(timedelta(seconds=200))
        chat(client)
        clock.shift(timedelta(seconds=200))
        assert traces_settle() == 0  # the first call is 400 s old, but the trace is not quiet
    clock.shift(timedelta(seconds=SETTLE + 1))
    assert traces_settle() == 1
    assert traces_settle() == 0  # once
    assert totals(agent) == [("triage", 2 * 1200, 2 * 300)]
    assert not TraceSpan.objects.filter(agent=agent, settled_at__isnull=True).exists()
