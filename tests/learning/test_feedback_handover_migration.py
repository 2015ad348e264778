"""A database whose feedback items the improver app held keeps them when it migrates: the model
changes app in the migration state only, its content type is renamed in place (the permissions
granted on it stay attached), and the derived work the improver's handlers of session signals
and feedback still owed is owed to the same handlers under learning's modules."""

import os
from datetime import UTC, datetime

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from learning.models import FeedbackItem
from telemetry import hooks
from telemetry.models import PendingDerivation

BEFORE = [("improver", "0014_rollout_to_experiments"), ("learning", "0005_fact_on_trial")]
AT = datetime(2030, 5, 17, 12, 0, tzinfo=UTC)
OWED = {  # as stored before → as named now
    "improver.services.session_signals.tool_failures": "learning.session_signals.tool_failures",
    "improver.services.feedback.ratings_classified": "learning.feedback.ratings_classified",
    "improver.services.maintenance.friction_to_proposal": "improver.services.maintenance.friction_to_proposal",
    "": "",
}


def _old_rows(old) -> int:
    """A feedback item as the improver's model stored it, and the derived work owed."""
    document = old.get_model("fleet", "Document").objects.create(name="template:coder")
    template = old.get_model("fleet", "AgentTemplate").objects.create(
        slug="coder", name="Coder", document=document
    )
    agent = old.get_model("fleet", "Agent").objects.create(name="alice", template=template)
    item = old.get_model("improver", "FeedbackItem").objects.create(
        template=template,
        agent=agent,
        source_type="observation",
        source_id="1",
        sentiment="negative",
        category="communication",
        confidence=0.9,
        detail="Too verbose.",
        occurred_at=AT,
    )
    owed = old.get_model("telemetry", "PendingDerivation")
    for row_id, handler in enumerate(OWED, start=1):
        owed.objects.create(
            event_type="observation", row_id=row_id, received_at=AT, agent_id=agent.pk, handler=handler
        )
    return item.pk


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(bool(os.environ.get("KAIZEN_TEST_NOW")), reason="reads no clock: once is enough")
def test_an_existing_database_keeps_its_feedback_permissions_and_owed_work():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    pk = _old_rows(old)
    ContentType.objects.clear_cache()
    ContentType.objects.filter(app_label="learning", model="feedbackitem").delete()
    content_type, _ = ContentType.objects.get_or_create(app_label="improver", model="feedbackitem")
    permission, _ = Permission.objects.get_or_create(
        content_type=content_type, codename="view_feedbackitem", defaults={"name": "Can view feedback item"}
    )
    operator = get_user_model().objects.create(username="operator", is_staff=True)
    operator.user_permissions.add(permission)

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()

    item = FeedbackItem.objects.get()
    assert (item.pk, item.template.slug, item.detail) == (pk, "coder", "Too verbose.")
    assert item.template.feedback.get() == item
    moved = ContentType.objects.get_for_model(FeedbackItem)
    assert (moved.pk, moved.app_label) == (content_type.pk, "learning")
    assert get_user_model().objects.get(pk=operator.pk).has_perm("learning.view_feedbackitem")
    assert set(PendingDerivation.objects.values_list("handler", flat=True)) == set(OWED.values())
    registered = {
        r.name for event_type in ("tool_invocation", "wake_run") for r in hooks.registrations(event_type)
    }
    assert {"learning.session_signals.tool_failures", "learning.feedback.ratings_classified"} <= registered
