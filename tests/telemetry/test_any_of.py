"""`field__any_of=values` selects what `field__in=values` selects (on PostgreSQL the values go as
one array parameter, however many there are)."""

import pytest
from django.db import connection

from telemetry.models import Agent
from tests.factories import AgentFactory

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("names", [set(), {"a-1"}, {"a-1", "a-3", "nobody"}, {f"a-{n}" for n in range(5000)}])
def test_any_of_selects_what_in_selects(names):
    for n in range(5):
        AgentFactory(name=f"a-{n}")
    chosen = Agent.objects.filter(name__any_of=names).order_by("name")
    assert list(chosen) == list(Agent.objects.filter(name__in=names).order_by("name"))


def test_on_postgresql_thousands_of_values_are_one_parameter():
    if connection.vendor != "postgresql":
        pytest.skip("SQLite has no arrays: any_of is a plain IN list there")
    chosen = Agent.objects.filter(pk__any_of=list(range(3000)))
    sql, params = chosen.query.get_compiler(connection=connection).as_sql()
    assert '"id" = ANY(%s)' in sql and params == (list(range(3000)),)
