"""The price table is edited in the admin by an approver: checked by its parser (a mistake names
its line and key and saves nothing), saved as a new version, and used at once to price outcomes."""

import re

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from fleet.models import Document, DocumentVersion
from telemetry.models import SkillOutcome
from tests.factories import UserFactory
from tests.telemetry.events import event

pytestmark = pytest.mark.django_db

CHEAP = """default: {input_per_mtok: 1.0, output_per_mtok: 2.0}
models:
  - {match: "gpt-4o-mini*", input_per_mtok: 0.1, output_per_mtok: 0.4}
"""


def _page(client, document):
    return client.get(f"/admin/fleet/document/{document.pk}/change/")


def _submit(client, document, **fields):
    """Post the change form as the browser would: its hidden inputs as rendered, plus `fields`."""
    page = _page(client, document).content.decode()
    hidden = dict(re.findall(r'<input type="hidden" name="([\w-]+)" value="([^"]*)"', page))
    hidden.pop("csrfmiddlewaretoken", None)
    return client.post(f"/admin/fleet/document/{document.pk}/change/", {**hidden, **fields})


def test_an_approver_edits_the_price_table_and_new_outcomes_use_it(approver_user, agent_client):
    client = Client()
    client.force_login(approver_user)
    prices = Document.objects.get(name="prices")  # the shipped table is v1 after migrate
    page = _page(client, prices)
    assert page.status_code == 200 and 'name="text"' in page.content.decode()
    response = _submit(client, prices, text=CHEAP, reason="negotiated rates")
    assert response.status_code == 302
    prices.refresh_from_db()
    assert (prices.head.number, prices.head.text, prices.head.reason) == (2, CHEAP, "negotiated rates")
    assert prices.head.author_user == approver_user

    _, api = agent_client
    body = event("skill_outcome", model="gpt-4o-mini", input_tokens=1_000_000, output_tokens=1_000_000)
    del body["body"]["cost_usd"]  # tokens but no cost: priced by the table
    response = api.post("/api/v1/ingest", {"batch": [body]}, format="json")
    assert response.json()["results"][0]["status"] == 201
    assert SkillOutcome.objects.get().cost_usd == pytest.approx(0.5)


def test_a_mistake_names_its_line_and_saves_nothing(approver_user):
    client = Client()
    client.force_login(approver_user)
    prices = Document.objects.get(name="prices")
    broken = CHEAP.replace("output_per_mtok: 0.4", "output_per_mtok: -1")
    response = _submit(client, prices, text=broken)
    assert response.status_code == 200
    assert "prices:3: models[0].output_per_mtok: must be a number ≥ 0" in response.content.decode()
    assert DocumentVersion.objects.filter(document=prices).count() == 1


def test_an_edit_made_against_an_older_head_is_refused(approver_user):
    client = Client()
    client.force_login(approver_user)
    prices = Document.objects.get(name="prices")
    stale = prices.head.number
    _submit(client, prices, text=CHEAP)
    response = _submit(client, prices, text=CHEAP + "\n", base=stale)
    assert "Someone saved a new version while you were editing" in response.content.decode()
    assert DocumentVersion.objects.filter(document=prices).count() == 2


def test_staff_without_approval_rights_only_read_it_and_directives_have_no_text_box(approver_user):
    viewer = Client()
    user = UserFactory(username="viewer")
    user.user_permissions.add(Permission.objects.get(codename="view_document"))
    viewer.force_login(user)
    prices = Document.objects.get(name="prices")
    assert 'name="text"' not in _page(viewer, prices).content.decode()
    response = viewer.post(f"/admin/fleet/document/{prices.pk}/change/", {"text": CHEAP})
    assert response.status_code == 403
    assert DocumentVersion.objects.filter(document=prices).count() == 1

    approver = Client()
    approver.force_login(approver_user)
    template = Document.objects.create(name="template:coder")
    assert 'name="text"' not in _page(approver, template).content.decode()
