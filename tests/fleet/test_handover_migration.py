"""A database made before the fleet app existed keeps its agents, tokens and permissions when
it migrates: the models change app in the migration state only."""

import os

import pytest
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from fleet.models import Agent, ApiToken

BEFORE = [
    ("telemetry", "0023_fact_active_once"),
    ("governance", "0005_citations_backfill"),
    ("planner", "0006_dispatch_plural"),
    ("improver", "0008_decided_by_help"),
    ("fleet", None),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(bool(os.environ.get("KAIZEN_TEST_NOW")), reason="reads no clock: once is enough")
def test_an_existing_database_keeps_its_agents_tokens_and_permissions():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state([node for node in BEFORE if node[1]]).apps
    template = old.get_model("telemetry", "AgentTemplate").objects.create(
        slug="coder",
        name="Coder",
        document=old.get_model("telemetry", "Document").objects.create(name="template:coder"),
    )
    agent = old.get_model("telemetry", "Agent").objects.create(name="alice", template=template)
    old.get_model("telemetry", "ApiToken").objects.create(prefix="abcd1234", digest="0" * 64, agent=agent)
    # what a database of that time had: the token permission on telemetry's content type
    ContentType.objects.filter(app_label="fleet").delete()
    apitoken, _ = ContentType.objects.get_or_create(app_label="telemetry", model="apitoken")
    Permission.objects.get_or_create(
        content_type=apitoken, codename="issue_token", defaults={"name": "issue"}
    )

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    alice = Agent.objects.get(name="alice")
    assert alice.template.slug == "coder" and ApiToken.objects.get().agent == alice
    assert Permission.objects.get(codename="issue_token").content_type.app_label == "fleet"
