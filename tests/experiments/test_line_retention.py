"""The draws of line tests have their retention: past the cutoff they go once their test is
decided, and a running test's stay however old (a session read again gets the lines it got)."""

import io
import json
from datetime import timedelta

import pytest
from django.core.management import call_command

from experiments.models import LineExposure, LineFactor
from experiments.services import factor_decide, factors_start
from tests.conftest import FIXED_NOW
from tests.factories import approver
from tests.planner.helpers import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]
DIRECTIVES = "/api/v1/agents/me/directives"
OLD = FIXED_NOW - timedelta(days=120)


def test_draws_of_decided_line_tests_go_past_the_window_and_a_running_tests_stay(clock):
    agent, client = client_for("alice")
    clock.move_to(OLD, tick=False)
    ended, running = factors_start(
        template=agent.template,
        proposal=None,
        factors=[
            [{"add": ["Cite sources."], "targets": ["negative"]}],
            [{"add": ["Quote the ticket number in every reply."], "targets": ["negative"]}],
        ],
        at=OLD,
    )
    for i in range(5):
        assert client.get(DIRECTIVES, {"session_id": f"old-{i}"}).status_code == 200
    clock.move_to(FIXED_NOW - timedelta(days=10), tick=False)
    for i in range(3):
        assert client.get(DIRECTIVES, {"session_id": f"recent-{i}"}).status_code == 200
    factor_decide(factor=ended, action="abort", actor=approver())
    clock.move_to(FIXED_NOW, tick=False)
    out = io.StringIO()
    call_command("prune_events", "--older-than", "90", "--batch-size", "2", "--json", stdout=out)
    assert json.loads(out.getvalue())["line_exposures"] == 5  # the ended test's old draws
    kept = sorted(LineExposure.objects.values_list("factor_id", "session_key"))
    assert kept == sorted(
        [(ended.pk, f"recent-{i}") for i in range(3)]
        + [(running.pk, k) for k in [*(f"old-{i}" for i in range(5)), *(f"recent-{i}" for i in range(3))]]
    )
    first = LineExposure.objects.get(factor=running, session_key="old-0").level
    again = client.get(DIRECTIVES, {"session_id": "old-0"}).json()
    assert ("Quote the ticket number in every reply." in again["directives"]) == (
        first == 1
    )  # as its first read got
    assert "Cite sources." not in again["directives"]
    assert LineFactor.objects.get(pk=ended.pk).status == "aborted"
