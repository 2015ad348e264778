"""`field__any_of=values` selects what `field__in=values` selects (on PostgreSQL the values go as
one array parameter, however many there are)."""

import pytest
from django.db import connection

from fleet.models import Agent
from tests.factories import AgentFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("names", [set(), {"a-1"}, {"a-1", "a-3", "nobody"}, {f"a-{n}" for n in range(5000)}])
def test_any_of_selects_what_in_selects(names):
    for n in range(5):
        AgentFactory(name=f"a-{n}")
    chosen = Agent.objects.filter(name__any_of=names).order_by("name")
    assert list(chosen) == list(Agent.objects.filter(name__in=names).order_by("name"))


@pytest.mark.postgresql("SQLite has no arrays: any_of is a plain IN list there")
def test_on_postgresql_thousands_of_values_are_one_parameter():
    chosen = Agent.objects.filter(pk__any_of=list(range(3000)))
    sql, params = chosen.query.get_compiler(connection=connection).as_sql()
    assert '"id" = ANY(%s)' in sql and params == (list(range(3000)),)


def test_pairs_in_selects_exactly_the_pairs_on_postgresql_and_at_least_them_elsewhere():
    from telemetry.models import Observation
    from telemetry.row_reads import pairs_in
    from tests.factories import AgentFactory as Agents

    a, b = Agents(name="pa"), Agents(name="pb")
    for agent in (a, b):
        for session in ("s1", "s2"):
            Observation.objects.create(
                agent=agent, session_id=session, text="t", dedup_key=f"{agent.pk}-{session}",
                sha256="0" * 64, occurred_at="2026-11-20T10:00:00Z", received_at="2026-11-20T10:00:00Z",
            )  # fmt: skip
    wanted = {(a.pk, "s1"), (b.pk, "s2")}
    found = set(
        Observation.objects.filter(pairs_in(Observation, ("agent_id", "session_id"), wanted)).values_list(
            "agent_id", "session_id"
        )
    )
    if connection.vendor == "postgresql":
        assert found == wanted
    else:  # the looser filter: every agent of the pairs with every session of them
        assert found == {(agent.pk, s) for agent in (a, b) for s in ("s1", "s2")}
