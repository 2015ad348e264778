import os

import pytest
from rest_framework.test import APIClient

from tests.factories import UserFactory, agent_with_token, approver


@pytest.fixture
def api() -> APIClient:
    return APIClient()


@pytest.fixture
def agent_client(db):
    """(agent, client authenticated with the agent's bearer token)."""
    agent, token = agent_with_token(name="alice")
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return agent, client


@pytest.fixture
def approver_user(db):
    return approver()


@pytest.fixture
def approver_client(approver_user):
    client = APIClient()
    client.force_login(approver_user)
    return client


@pytest.fixture
def staff_client(db):
    """A staff user without the approve permission."""
    client = APIClient()
    client.force_login(UserFactory(username="viewer"))
    return client


def on_ci() -> bool:
    return bool(os.environ.get("CI"))
