import io
import json
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django_celery_beat.models import PeriodicTask

from improver.models import ImproverAgent, RitualRun
from improver.services.improvers import wake_due_improvers
from tests.improver.helpers import WAKE, coder_fleet, complaints

pytestmark = pytest.mark.django_db


def test_the_wake_is_a_beat_row_editable_in_the_admin(admin_client):
    task = PeriodicTask.objects.get(name="improver.wake_due_improvers")
    assert task.interval.every == 300 and task.expire_seconds  # an overdue wake runs within minutes
    assert admin_client.get(f"/admin/django_celery_beat/periodictask/{task.pk}/change/").status_code == 200


def test_not_due_improvers_are_left_alone(django_capture_on_commit_callbacks):
    coder_fleet()
    with django_capture_on_commit_callbacks(execute=True):
        assert wake_due_improvers(now=WAKE - timedelta(minutes=1)) == []
    assert not RitualRun.objects.exists()


def test_a_due_improver_runs_its_ritual_once(django_capture_on_commit_callbacks):
    _, improver, client = coder_fleet()
    complaints(client, 3)
    with django_capture_on_commit_callbacks(execute=True):
        assert len(wake_due_improvers(now=WAKE)) == 1
    assert RitualRun.objects.get().outcome == "proposed"


def test_a_missed_wake_runs_at_the_next_check(django_capture_on_commit_callbacks):
    _, improver, client = coder_fleet()
    with django_capture_on_commit_callbacks(execute=True):
        wake_due_improvers(now=WAKE + timedelta(days=3))  # the machine was off for three days
    run = RitualRun.objects.get()
    assert run.period == WAKE.isoformat()
    improver.refresh_from_db()
    assert improver.scheduled_wake_at == WAKE + timedelta(days=10)


def test_twice_enqueued_runs_once(django_capture_on_commit_callbacks):
    """Two beat processes enqueue the same wake: the second ritual finds the period claimed."""
    _, improver, client = coder_fleet()
    complaints(client, 3)
    from improver.tasks import run_ritual

    assert run_ritual.apply(args=[improver.pk, WAKE.isoformat(), WAKE.isoformat()]).get() == "proposed"
    assert run_ritual.apply(args=[improver.pk, WAKE.isoformat(), WAKE.isoformat()]).get() == "already-ran"
    assert RitualRun.objects.count() == 1


def test_create_improver_and_run_ritual_commands():
    from fleet.models import AgentTemplate
    from fleet.templates import template_version_create

    template = AgentTemplate.objects.create(slug="writer", name="Writer")
    template_version_create(template=template, directives="Write clearly.\n")
    out = io.StringIO()
    call_command("create_improver", "--template", "writer", "--window-days", "14", stdout=out)
    improver = ImproverAgent.objects.get(active_template=template)
    assert improver.agent.kind == "template_improver" and improver.feedback_window_days == 14
    with pytest.raises(CommandError, match="already has an improver"):
        call_command("create_improver", "--template", "writer")
    with pytest.raises(CommandError, match="No template"):
        call_command("create_improver", "--template", "nope")
    out = io.StringIO()
    call_command("run_ritual", "--template", "writer", "--json", stdout=out)
    assert json.loads(out.getvalue())["outcome"] == "noop"
    with pytest.raises(CommandError, match="has no improver"):
        call_command("run_ritual", "--template", "coder-x")


@pytest.fixture
def admin_client(db):
    from django.test import Client

    from tests.factories import UserFactory

    client = Client()
    client.force_login(UserFactory(username="root", is_superuser=True))
    return client
