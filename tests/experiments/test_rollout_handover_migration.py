"""A database whose rollouts the improver app held keeps them when it migrates: the model changes
app in the migration state only, and its content type is renamed in place, so the permissions
granted on rollouts and the admin history about them stay attached."""

import os
from datetime import UTC, datetime

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from experiments.models import Rollout

BEFORE = [("improver", "0013_session_signal_to_learning"), ("experiments", "0002_facts_on_trial")]
AT = datetime(2030, 5, 17, 12, 0, tzinfo=UTC)


def _old_rollout(old) -> int:
    """A rollout as the improver's model stored it."""
    document = old.get_model("fleet", "Document").objects.create(name="template:coder")
    template = old.get_model("fleet", "AgentTemplate").objects.create(
        slug="coder", name="Coder", document=document
    )
    versions = old.get_model("fleet", "DocumentVersion").objects
    champion = versions.create(document=document, number=1, text="a")
    candidate = versions.create(document=document, number=2, text="a\nb")
    rollout = old.get_model("improver", "Rollout").objects.create(
        template=template,
        champion=champion,
        candidate=candidate,
        share=0.2,
        canary_agents=[1],
        started_at=AT,
        targets=["correction"],
    )
    return rollout.pk


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(bool(os.environ.get("KAIZEN_TEST_NOW")), reason="reads no clock: once is enough")
def test_an_existing_database_keeps_its_rollouts_permissions_and_history():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    pk = _old_rollout(old)
    ContentType.objects.clear_cache()
    ContentType.objects.filter(app_label="experiments", model="rollout").delete()
    content_type, _ = ContentType.objects.get_or_create(app_label="improver", model="rollout")
    permission, _ = Permission.objects.get_or_create(
        content_type=content_type, codename="view_rollout", defaults={"name": "Can view rollout"}
    )
    operator = get_user_model().objects.create(username="operator", is_staff=True)
    operator.user_permissions.add(permission)
    LogEntry.objects.create(
        user=operator,
        content_type_id=content_type.pk,
        object_id=str(pk),
        object_repr="coder v2",
        action_flag=CHANGE,
        change_message="Rollout pin",
    )

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()

    rollout = Rollout.objects.get()
    assert (rollout.pk, rollout.template.slug, rollout.candidate.number, rollout.targets) == (
        pk,
        "coder",
        2,
        ["correction"],
    )
    moved = ContentType.objects.get_for_model(Rollout)
    assert (moved.pk, moved.app_label) == (content_type.pk, "experiments")
    assert not ContentType.objects.filter(app_label="improver", model="rollout").exists()
    assert get_user_model().objects.get(pk=operator.pk).has_perm("experiments.view_rollout")
    entry = LogEntry.objects.get(object_id=str(pk))
    assert entry.get_edited_object() == rollout
    assert entry.get_admin_url() == f"/admin/experiments/rollout/{pk}/change/"
