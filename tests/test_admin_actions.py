"""Every admin action is guarded like the API: a view-only staff user can run none of them, and
a token's secret is shown only to whoever may hold it."""

import re

import pytest
from django.contrib import admin
from django.contrib.auth.models import Permission
from django.test import Client, RequestFactory
from django.urls import reverse

from fleet.models import ApiToken
from fleet.services import token_issue
from tests.factories import AgentFactory, UserFactory

TOKEN_SHOWN = re.compile(r"kz_[A-Za-z0-9]+_[A-Za-z0-9_-]{8,}")


def _viewer():
    """Staff with every view permission and nothing else."""
    user = UserFactory(username="viewer")
    user.user_permissions.add(*Permission.objects.filter(codename__startswith="view_"))
    return user


def _actions_of(user):
    request = RequestFactory().get("/admin/")
    request.user = user
    for model, model_admin in admin.site._registry.items():
        for name in model_admin.get_actions(request):
            yield model, name


@pytest.mark.django_db
def test_a_view_only_staff_user_can_run_no_admin_action():
    viewer = _viewer()
    client = Client()
    client.force_login(viewer)
    actions = list(_actions_of(UserFactory(username="root", is_superuser=True)))
    assert len(actions) >= 20  # every app's actions were found

    assert list(_actions_of(viewer)) == []
    for model, name in actions:
        url = reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_changelist")
        response = client.post(url, {"action": name, "_selected_action": ["1"]}, follow=True)
        shown = [str(m) for m in response.context["messages"]] if response.context else []
        assert response.status_code in (200, 403), (model, name)
        assert shown in ([], ["No action selected."]), (model.__name__, name, shown)


@pytest.mark.django_db
def test_a_viewer_gets_no_agent_token():
    agent = AgentFactory()
    client = Client()
    client.force_login(_viewer())
    response = client.post(
        reverse("admin:fleet_agent_changelist"),
        {"action": "issue_token", "_selected_action": [agent.pk]},
        follow=True,
    )
    assert not TOKEN_SHOWN.search(response.content.decode())
    assert not ApiToken.objects.filter(agent=agent).exists()


@pytest.mark.django_db
def test_only_the_owner_or_a_superuser_sees_a_rotated_staff_token():
    owner = UserFactory(username="owner", is_superuser=True)
    token, _ = token_issue(user=owner, label="owner's")
    operator = UserFactory(username="operator")
    operator.user_permissions.add(
        *Permission.objects.filter(codename__in=["view_apitoken", "change_apitoken", "issue_token"])
    )
    client = Client()
    client.force_login(operator)
    url = reverse("admin:fleet_apitoken_changelist")

    response = client.post(url, {"action": "rotate", "_selected_action": [token.pk]}, follow=True)

    assert "only its owner or a superuser" in response.content.decode()
    assert not TOKEN_SHOWN.search(response.content.decode())
    token.refresh_from_db()
    assert token.revoked_at is None

    client.force_login(owner)
    response = client.post(url, {"action": "rotate", "_selected_action": [token.pk]}, follow=True)
    assert TOKEN_SHOWN.search(response.content.decode())
    token.refresh_from_db()
    assert token.revoked_at is not None


@pytest.mark.django_db
def test_an_operator_with_the_permission_issues_an_agent_token():
    agent = AgentFactory()
    operator = UserFactory(username="operator")
    operator.user_permissions.add(*Permission.objects.filter(codename__in=["view_agent", "issue_token"]))
    client = Client()
    client.force_login(operator)
    response = client.post(
        reverse("admin:fleet_agent_changelist"),
        {"action": "issue_token", "_selected_action": [agent.pk]},
        follow=True,
    )
    assert TOKEN_SHOWN.search(response.content.decode())
    assert ApiToken.objects.filter(agent=agent).count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["abc", "999999"])
def test_an_id_typed_in_the_address_that_names_nothing_goes_back_to_the_admin_with_a_message(typed):
    client = Client()
    client.force_login(UserFactory(username="root", is_superuser=True))
    pages = 0
    for model in admin.site._registry:
        opts = model._meta
        url = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[typed])
        response = client.get(url, follow=True)
        shown = [str(m) for m in response.context["messages"]] if response.context else []
        assert response.status_code == 200 and response.redirect_chain, (url, response.status_code)
        assert any(f"ID “{typed}” doesn’t exist" in m for m in shown), (url, shown)
        pages += 1
    assert pages >= 40  # every app's pages were visited
