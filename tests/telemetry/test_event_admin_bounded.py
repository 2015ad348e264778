"""Event changelists stay cheap at any table size: the count is bounded, a list that fits one
page is read once, and no query scans the whole table for its dates."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from config.paginators import BoundedCountPaginator
from tests.factories import admin_list_read
from tests.planner.helpers import client_for
from tests.telemetry.events import event

pytestmark = pytest.mark.django_db


def ingest(agent_name: str, batch: list[dict]) -> None:
    _, client = client_for(agent_name)
    assert client.post("/api/v1/ingest", {"batch": batch}, format="json").status_code == 207


def test_the_tool_invocation_list_counts_at_most_its_bound(monkeypatch):
    monkeypatch.setattr(BoundedCountPaginator, "LIMIT", 5)
    ingest("busy", [event("tool_invocation", id=f"t-{n}", duration_ms=n) for n in range(12)])
    _, page, reads = admin_list_read("/admin/telemetry/toolinvocation/", "toolinvocation")
    assert page.status_code == 200
    assert not [sql for sql in reads if "COUNT(" in sql.upper()], reads  # the table is never counted
    counted = [sql for sql in reads if "LIMIT 6" in sql]
    assert len(counted) == 1 and "ORDER BY" not in counted[0], reads  # its ids, bounded, in no order
    assert not any("DISTINCT" in sql for sql in reads)
    assert "6 tool invocations" in page.content.decode()  # the bound, not the 12 stored


@pytest.mark.usefixtures("clock")
def test_a_search_covers_the_last_day_unless_a_date_is_chosen(admin_client):
    from datetime import timedelta

    from telemetry.models import ToolInvocation
    from tests.conftest import FIXED_NOW
    from tests.factories import AgentFactory

    agent = AgentFactory()
    for n, age in enumerate([timedelta(hours=1), timedelta(days=5)]):
        ToolInvocation.objects.create(
            agent=agent, dedup_key=f"k{n}", sha256="0" * 64, occurred_at=FIXED_NOW - age, received_at=FIXED_NOW,
            session_id=f"needle-{n}", tool="bash", outcome="success", duration_ms=1,
        )  # fmt: skip
    page = admin_client.get("/admin/telemetry/toolinvocation/?q=needle").content.decode()
    assert "needle-0" in page and "needle-1" not in page and "last 24 hours" in page
    since = (FIXED_NOW - timedelta(days=30)).date().isoformat()
    page = admin_client.get(
        f"/admin/telemetry/toolinvocation/?q=needle&occurred_at__gte={since}"
    ).content.decode()
    assert "needle-0" in page and "needle-1" in page


def test_a_search_that_fits_one_page_reads_what_it_covers_once(admin_client):
    """A word found a few times, or nowhere, is looked for once: the rows are then read by the
    ids the bounded count found, not by a second scan of the day."""
    ingest("searched", [event("tool_invocation", id=f"t-{n}", tool=f"tool-{n % 4}") for n in range(12)])
    for word, shown in [("tool-3", 3), ("nowhere", 0)]:
        with CaptureQueriesContext(connection) as seen:
            page = admin_client.get(f"/admin/telemetry/toolinvocation/?q={word}&occurred_at__gte=2000-01-01")
        reads = [
            q["sql"] for q in seen.captured_queries if "LIKE" in q["sql"] and "toolinvocation" in q["sql"]
        ]
        scans = [sql for sql in reads if '"id" IN (' not in sql]  # not the rows read by their ids
        assert page.status_code == 200 and len(scans) == 1, reads
        rows = list(page.context["cl"].result_list)
        assert len(rows) == shown and {row.tool for row in rows} <= {word}
        assert f"{shown} tool invocation" in page.content.decode()


def test_show_all_lists_every_row_in_the_lists_order(admin_client, monkeypatch):
    """ "Show all" (a result small enough for it) is read by the ids the count found, in the
    list's order, and past a page: the rows of page two are not lost to the ids."""
    from django.contrib import admin

    from telemetry.models import ToolInvocation

    monkeypatch.setattr(admin.site._registry[ToolInvocation], "list_per_page", 5)
    ingest("many", [event("tool_invocation", id=f"t-{n}", tool=f"tool-{n}") for n in range(12)])
    shown = list(admin_client.get("/admin/telemetry/toolinvocation/?all=").context["cl"].result_list)
    expected = list(ToolInvocation.objects.order_by("-occurred_at", "-id"))
    assert [row.pk for row in shown] == [row.pk for row in expected] and len(shown) == 12
    second = admin_client.get("/admin/telemetry/toolinvocation/?p=2").context["cl"].result_list
    assert [row.pk for row in second] == [row.pk for row in expected[5:10]]
