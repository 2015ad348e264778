"""The admin pages of a model that moved app keep their old addresses as permanent redirects:
links in notes, mails and bookmarks still lead to the page they named."""

import pytest
from django.test import Client


@pytest.mark.parametrize(
    ("old", "new"),
    [
        ("/admin/improver/rollout/", "/admin/experiments/rollout/"),
        ("/admin/improver/rollout/7/change/", "/admin/experiments/rollout/7/change/"),
        (
            "/admin/improver/rollout/?status__exact=needs_human",
            "/admin/experiments/rollout/?status__exact=needs_human",
        ),
        (
            "/admin/improver/feedbackitem/?sentiment__exact=negative&q=verbose",
            "/admin/learning/feedbackitem/?sentiment__exact=negative&q=verbose",
        ),
    ],
)
def test_an_old_address_leads_to_the_page_under_the_models_app(old, new):
    response = Client().get(old)
    assert (response.status_code, response["Location"]) == (301, new)


def test_the_improvers_other_pages_are_not_redirected(admin_client):
    assert admin_client.get("/admin/improver/improveragent/").status_code == 200
