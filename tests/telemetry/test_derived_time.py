"""Derived work within its time: a handler stopped at its time limit in the middle of its own
database work leaves the batch's transaction usable (the entry it ran past its time on is parked
alone, its siblings' results are committed), and one agent's slow entries do not hold back another
agent's: a pass takes the agents with the fewest rows first, runs a slow agent's rows one at a
time after everyone else's, and commits what it finished before its own time limit."""

import time
from contextlib import contextmanager

import pytest
from django.db import transaction

from fleet.models import PeriodicClaim
from learning.models import FrictionEvent
from telemetry import derived, hooks
from telemetry.derived import backlog, pass_time_limit
from telemetry.models import PendingDerivation
from telemetry.tasks import derive_pending
from tests.learning.test_loops import failures
from tests.planner.helpers import client_for

pytestmark = pytest.mark.django_db


@contextmanager
def observed_by(handler):
    """`handler` derives from every observation (a whole-batch handler) while the block runs."""
    hooks.on_stored("observation", handler, whole_batch=True)
    try:
        yield f"{handler.__module__}.{handler.__qualname__}"
    finally:
        hooks._registered["observation"] = [
            r for r in hooks._registered["observation"] if r.handler is not handler
        ]


def derive(row: dict, seconds: float) -> None:
    """What a handler derives from `row`, taking `seconds` of database work to do it: a row written
    in a nested atomic block (a savepoint of its own), read again and again until the time is up."""
    with transaction.atomic():
        PeriodicClaim.objects.create(name=f"probe:{row['id']}", last_started_at=row["occurred_at"])
    until = time.monotonic() + seconds
    while time.monotonic() < until:
        with transaction.atomic():
            PeriodicClaim.objects.filter(name=f"probe:{row['id']}").update(last_error=str(time.monotonic()))
            list(PendingDerivation.objects.filter(row_id=row["id"])[:5])


def derived_rows() -> set[int]:
    names = PeriodicClaim.objects.filter(name__startswith="probe:").values_list("name", flat=True)
    return {int(name.removeprefix("probe:")) for name in names}


def observe(client, texts: list[str]) -> None:
    batch = [
        {
            "id": f"o-{i}",
            "type": "observation",
            "timestamp": f"2026-11-20T{10 + i // 3600:02d}:{i // 60 % 60:02d}:{i % 60:02d}Z",
            "body": {"text": text},
        }
        for i, text in enumerate(texts)
    ]
    assert client.post("/api/v1/ingest", {"batch": batch}, format="json").status_code in (200, 201, 207)


def test_a_handler_stopped_inside_its_database_work_parks_that_entry_alone(broker_down, settings):
    """Three of twenty observations take a handler 5 s of queries each; its limit interrupts it
    inside them (on PostgreSQL inside a statement psycopg then cancels, or inside Django's
    bookkeeping of a nested atomic block). Each of the three is parked alone with its reason;
    the other seventeen and the batch's other handlers (friction) are derived and committed."""
    settings.KAIZEN = {**settings.KAIZEN, "DERIVE_HANDLER_SECONDS": 0.5}

    def slow_on_some(*, agents, rows):
        for row in rows:
            derive(row, 5 if row["text"] == "slow" else 0)

    _, client = client_for("dave")
    failures(client, 3)
    texts = ["slow" if i % 7 == 3 else f"fine {i}" for i in range(20)]
    observe(client, texts)
    with observed_by(slow_on_some) as name:
        began = time.monotonic()
        assert derive_pending.apply().successful()
        took = time.monotonic() - began

    parked = PendingDerivation.objects.filter(parked_at__isnull=False)
    assert backlog().pending == 0 and parked.count() == 3
    assert {(e.handler, e.attempts) for e in parked} == {(name, 1)}
    assert all(e.error.startswith("HandlerTimeout: ran past its time limit of") for e in parked)
    assert len(derived_rows()) == 17 and not derived_rows() & {e.row_id for e in parked}
    assert FrictionEvent.objects.get().count == 3  # the batch's other handler: committed too
    assert took < 15  # each stuck entry cost its limit, not its 5 s


@pytest.mark.parametrize("buckets", [1, 8])
def test_one_agents_slow_entries_do_not_delay_another_agents_entry(
    broker_down, monkeypatch, settings, buckets
):
    """A thousand observations of one agent, each taking a handler 20 ms (20 s in all), and one of
    another agent (in the same batch, or another bucket's): the first pass derives the other
    agent's entry and ends by itself before its time limit, committing what it finished; the slow
    agent's entries wait, to be run one at a time by the next passes (none parked: each is within
    its time alone)."""
    monkeypatch.setattr(derived, "TIME_BUDGET_S", 1.0)  # a pass's time limit: 1 + 10 × 1.5 s
    settings.KAIZEN = {
        **settings.KAIZEN,
        "DERIVE_HANDLER_SECONDS": 1.5,
        "DERIVE_FOLLOW_SECONDS": 0,
        "DERIVE_BUCKETS": buckets,
    }
    flooder, flood = client_for("flooder")
    quiet, calm = client_for("quiet")

    def slow_for_the_flooder(*, agents, rows):
        for row in rows:
            derive(row, 0.02 if row["agent_id"] == flooder.pk else 0)

    observe(flood, ["a long text, read slowly"] * 1000)
    observe(calm, ["a short one"])
    quiet_row = PendingDerivation.objects.get(agent_id=quiet.pk).row_id
    with observed_by(slow_for_the_flooder):
        began = time.monotonic()
        assert derive_pending.apply().successful()
        took = time.monotonic() - began
        assert quiet_row in derived_rows()  # in the first pass
        assert took < pass_time_limit()  # ended by itself, before its time limit (not after 20 s)
        assert backlog().parked == 0  # none was past its time alone
        assert set(PendingDerivation.objects.values_list("agent_id", flat=True)) == {flooder.pk}

        derive_pending.apply()
        assert len(derived_rows() - {quiet_row}) > 0  # the next pass goes on with the flooder's, one by one
        assert backlog().parked == 0
