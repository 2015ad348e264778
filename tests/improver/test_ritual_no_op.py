"""A ritual that proposes nothing says what it considered and why each line was left out: on the
command line, in the run's detail, in its notes and in the weekly report (the admin shows both)."""

import json
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from config import clock
from improver.models import EvolutionNote, ImproverReport, RitualRun
from tests.factories import approver
from tests.improver.helpers import coder_fleet, complaints

pytestmark = pytest.mark.django_db

ASKED = "The last change was a huge diff nobody could review. Keep changes small."


@pytest.fixture
def asked_for_a_served_line(db):
    """Feedback in four sessions asks only for a line the template already serves."""
    template, improver, client = coder_fleet()
    complaints(client, 4, at=clock.now() - timedelta(days=1), text=ASKED)
    return template, improver


def test_run_ritual_says_what_it_left_out_and_why(asked_for_a_served_line):
    out = StringIO()
    call_command("run_ritual", template="coder", stdout=out)
    said = out.getvalue()
    assert said.startswith("noop: the evidence calls for no change; considered ")
    assert "left out: 'Keep changes small.' (4 sessions, 4 people): the template already serves it" in said
    assert "the category's stock line is proposed only when no line has evidence of its own" in said
    run = RitualRun.objects.get()
    assert (
        "'Keep changes small.' (4 sessions, 4 people) left out: the template already serves it" in run.detail
    )
    assert EvolutionNote.objects.filter(
        kind="no_op", content="Left out 'Keep changes small.': the template already serves it."
    ).exists()
    [kept] = [c for c in run.report.provenance["considered"] if c["line"] == "Keep changes small."]
    assert (kept["origin"], kept["sessions"], kept["people"]) == ("remedy", 4, 4)


def test_run_ritual_as_json_carries_the_lines_considered(asked_for_a_served_line):
    out = StringIO()
    call_command("run_ritual", template="coder", json=True, stdout=out)
    result = json.loads(out.getvalue())
    assert result["outcome"] == "noop"
    assert {c["line"]: c["why"] for c in result["considered"]}["Keep changes small."] == (
        "the template already serves it"
    )


def test_the_admin_shows_why_a_run_proposed_nothing(asked_for_a_served_line):
    call_command("run_ritual", template="coder", stdout=StringIO())
    staff = Client()
    staff.force_login(approver())
    run = RitualRun.objects.get()
    page = staff.get(f"/admin/improver/ritualrun/{run.pk}/change/").content.decode()
    assert "Keep changes small.&#x27; (4 sessions, 4 people) left out: the template already serves it" in page
    report = ImproverReport.objects.get(run=run)
    page = staff.get(f"/admin/improver/improverreport/{report.pk}/change/").content.decode()
    assert "left out: Keep changes small. (4 sessions, 4 people): the template already serves it" in page
