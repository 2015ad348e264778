"""A database made before the learning app existed keeps its facts, their sightings, its friction
events, the permissions granted on them and the admin history about them when it migrates: the
models change app in the migration state only. The derived work a loop still owed (an entry
naming its handler, `telemetry.loops.*` then) is owed to the same handler under its new name."""

import os
from datetime import UTC, datetime

import pytest
from django.contrib.admin.models import CHANGE, LogEntry
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission
from django.contrib.contenttypes.models import ContentType
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from learning.models import FactSighting, FrictionEvent, LearnedFact
from telemetry import hooks
from telemetry.models import PendingDerivation

BEFORE = [("telemetry", "0028_session_link"), ("learning", None)]
MOVED = ("learnedfact", "factsighting", "frictionevent")
AT = datetime(2030, 5, 17, 12, 0, tzinfo=UTC)


def _old_rows(old) -> dict:
    """One of each moved model, as telemetry's models stored them, and the derived work owed."""
    document = old.get_model("fleet", "Document").objects.create(name="template:coder")
    template = old.get_model("fleet", "AgentTemplate").objects.create(
        slug="coder", name="Coder", document=document
    )
    agent = old.get_model("fleet", "Agent").objects.create(name="alice", template=template)
    correction = old.get_model("telemetry", "Correction").objects.create(
        agent=agent,
        dedup_key="c1",
        sha256="0" * 64,
        occurred_at=AT,
        received_at=AT,
        user_message="No, use pnpm for deps.",
        session_id="s1",
    )
    fact = old.get_model("telemetry", "LearnedFact").objects.create(
        template=template,
        agent=agent,
        correction_id=correction.pk,
        content="Use pnpm for deps.",
        content_key="k" * 64,
        subject="deps",
        confidence=1.0,
        source="user-stated",
        reach="template",
        created_at=AT,
        served_at=AT,
    )
    old.get_model("telemetry", "FactSighting").objects.create(
        fact=fact, agent=agent, session_id="s1", seen_at=AT
    )
    friction = old.get_model("telemetry", "FrictionEvent").objects.create(
        agent=agent,
        template=template,
        session_id="s1",
        tool="bash",
        failure_mode="TIMEOUT",
        count=3,
        evidence=[1, 2, 3],
        occurred_at=AT,
    )
    owed = old.get_model("telemetry", "PendingDerivation")
    for row_id, handler in [(1, "telemetry.loops.friction_detect"), (2, ""), (3, "planner.stores.other")]:
        owed.objects.create(
            event_type="tool_invocation", row_id=row_id, received_at=AT, agent_id=agent.pk, handler=handler
        )
    return {"fact": fact.pk, "friction": friction.pk, "correction": correction.pk, "agent": agent.pk}


def _old_content_types() -> tuple[dict, object]:
    """What a database of that time had: the models' content types under telemetry, a permission
    on each granted to an operator, and an admin log entry about the fact."""
    ContentType.objects.clear_cache()
    ContentType.objects.filter(app_label="learning").delete()
    types = {
        model: ContentType.objects.get_or_create(app_label="telemetry", model=model)[0] for model in MOVED
    }
    operator = get_user_model().objects.create(username="operator", is_staff=True)
    for model, content_type in types.items():
        permission, _ = Permission.objects.get_or_create(
            content_type=content_type, codename=f"change_{model}", defaults={"name": f"Can change {model}"}
        )
        operator.user_permissions.add(permission)
    return {model: t.pk for model, t in types.items()}, operator


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(bool(os.environ.get("KAIZEN_TEST_NOW")), reason="reads no clock: once is enough")
def test_an_existing_database_keeps_its_facts_friction_permissions_and_history():
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state([BEFORE[0]]).apps
    rows = _old_rows(old)
    type_ids, operator = _old_content_types()
    LogEntry.objects.create(
        user=operator,
        content_type_id=type_ids["learnedfact"],
        object_id=str(rows["fact"]),
        object_repr="Use pnpm for deps.",
        action_flag=CHANGE,
        change_message="Edited: content",
    )

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
    ContentType.objects.clear_cache()

    fact = LearnedFact.objects.get()
    assert (fact.pk, fact.content, fact.reach, fact.correction_id) == (
        rows["fact"],
        "Use pnpm for deps.",
        "template",
        rows["correction"],
    )
    assert fact.correction.user_message == "No, use pnpm for deps."
    assert FactSighting.objects.get().fact == fact and fact.sightings.count() == 1
    friction = FrictionEvent.objects.get()
    assert (friction.pk, friction.agent_id, friction.count, friction.evidence) == (
        rows["friction"],
        rows["agent"],
        3,
        [1, 2, 3],
    )
    # the same content type rows, now learning's: nothing granted on them or logged about them lost
    for model, moved in [
        ("learnedfact", LearnedFact),
        ("factsighting", FactSighting),
        ("frictionevent", FrictionEvent),
    ]:
        content_type = ContentType.objects.get_for_model(moved)
        assert (content_type.pk, content_type.app_label) == (type_ids[model], "learning")
    assert not ContentType.objects.filter(app_label="telemetry", model__in=MOVED).exists()
    operator = get_user_model().objects.get(pk=operator.pk)
    assert all(operator.has_perm(f"learning.change_{model}") for model in MOVED)
    entry = LogEntry.objects.get(object_id=str(rows["fact"]))
    assert entry.get_edited_object() == fact
    assert entry.get_admin_url() == f"/admin/learning/learnedfact/{fact.pk}/change/"
    # the entry owed to the friction loop names it as the running handler is named now
    handlers = set(PendingDerivation.objects.values_list("handler", flat=True))
    assert handlers == {"learning.loops.friction_detect", "", "planner.stores.other"}
    assert "learning.loops.friction_detect" in {r.name for r in hooks.registrations("tool_invocation")}
