import io
import json

import pytest
from django.core.management import call_command

from governance.models import Proposal
from improver.services.maintenance import maintenance_kind
from tests.planner.helpers import client_for

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("clock")]


def spread(client, failures: int, sessions: int, tool="npm_install", mode="NOTFOUND.package", successes=0):
    batch = []
    for i in range(failures):
        batch.append(
            {
                "type": "tool_invocation",
                "timestamp": f"2026-11-{10 + i % 5:02d}T10:{i:02d}:00Z",
                "body": {
                    "session_id": f"s{i % sessions}",
                    "tool": tool,
                    "outcome": "failure",
                    "duration_ms": 50,
                    "failure_mode": mode,
                },
            }
        )
    for i in range(successes):
        batch.append(
            {
                "type": "tool_invocation",
                "timestamp": f"2026-11-12T11:{i:02d}:00Z",
                "body": {"session_id": f"ok{i}", "tool": tool, "outcome": "success", "duration_ms": 50},
            }
        )
    client.post("/api/v1/ingest", {"batch": batch}, format="json")


def run_pass() -> list[dict]:
    out = io.StringIO()
    call_command("maintenance_pass", "--json", "--window-days", "3650", stdout=out)
    return json.loads(out.getvalue())


@pytest.mark.parametrize(("failures", "sessions", "created"), [(9, 3, 0), (10, 2, 0), (10, 3, 1), (25, 5, 1)])
def test_thresholds(failures, sessions, created):
    _, client = client_for("alice")
    spread(client, failures, sessions)
    Proposal.objects.filter(type="new_tool").delete()  # friction proposals are another loop
    assert len(run_pass()) == created


def test_the_proposal_links_evidence_and_is_never_duplicated():
    _, client = client_for("alice")
    spread(client, 12, 4)
    [created] = run_pass()
    proposal = Proposal.objects.get(pk=created["id"])
    assert proposal.type == "maintenance" and proposal.payload["maintenance_type"] == "new-tool"
    assert len(proposal.evidence["records"]) == 12 and len(proposal.evidence["sessions"]) == 4
    assert proposal.evidence["failures"] == 12
    assert run_pass() == []  # still open: no duplicate
    assert Proposal.objects.filter(type="maintenance").count() == 1


@pytest.mark.parametrize(
    ("mode", "success_rate", "fact", "kind"),
    [
        ("NOTFOUND.package", 0.5, False, "new-tool"),
        ("TOOL_GAP", 0.0, False, "new-tool"),
        ("ARGS", 0.5, False, "modify-tool"),
        ("TIMEOUT", 0.6, False, "modify-tool"),
        ("RUNTIME", 0.05, False, "retire-tool"),
        ("PERM", 0.5, False, "system-prompt"),
        ("ARGS", 0.5, True, "fact-update"),
    ],
)
def test_maintenance_kinds(mode, success_rate, fact, kind):
    assert maintenance_kind(mode, success_rate, fact) == kind


def test_the_weekly_beat_entry_exists():
    from django_celery_beat.models import PeriodicTask

    task = PeriodicTask.objects.get(name="improver.maintenance_pass")
    assert task.crontab.day_of_week == "1" and task.crontab.hour == "6"


def test_only_a_fact_of_the_failing_templates_naming_the_tool_makes_a_fact_update():
    from learning.models import LearnedFact
    from tests.factories import TemplateFactory

    alice, client = client_for("alice")
    elsewhere = TemplateFactory(slug="support")

    def fact(template, content):
        return LearnedFact.objects.create(
            template=template,
            content=content,
            confidence=1,
            source="user-stated",
            created_at=alice.created_at,
        )

    fact(elsewhere, "Use order_lookup_v2, order_lookup is gone.")  # another template's
    fact(alice.template, "The customer's order is #A66468, not #A34088.")  # a word of the tool only
    spread(client, 12, 4, tool="order_lookup", mode="ARGS.invalid", successes=12)
    [created] = run_pass()
    assert Proposal.objects.get(pk=created["id"]).payload["maintenance_type"] == "modify-tool"

    Proposal.objects.all().delete()
    fact(alice.template, "order_lookup takes the order id without the # sign.")
    [created] = run_pass()
    assert Proposal.objects.get(pk=created["id"]).payload["maintenance_type"] == "fact-update"
