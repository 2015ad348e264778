"""Event tables keep their agent and version keys without database constraints: each cost two
trigger queries per stored event. The ORM still protects agents and clears versions on delete."""

import django.db.models.deletion
from django.db import migrations, models

EVENT_TABLES = [
    "correction",
    "decision",
    "hitlescalation",
    "observation",
    "sessionend",
    "skilloutcome",
    "toolinvocation",
    "wakerun",
]
VERSION_INDEX_IN_COMPOSITE = {"skilloutcome", "toolinvocation"}  # see 0012


def _agent():
    return models.ForeignKey(
        db_constraint=False,
        db_index=False,
        on_delete=django.db.models.deletion.PROTECT,
        related_name="+",
        to="telemetry.agent",
    )


def _version(model_name: str):
    return models.ForeignKey(
        blank=True,
        db_constraint=False,
        db_index=model_name not in VERSION_INDEX_IN_COMPOSITE,
        null=True,
        on_delete=django.db.models.deletion.SET_NULL,
        related_name="+",
        to="telemetry.documentversion",
    )


class Migration(migrations.Migration):
    dependencies = [
        ("telemetry", "0012_event_version_index_in_composite"),
    ]

    operations = [
        operation
        for name in EVENT_TABLES
        for operation in (
            migrations.AlterField(model_name=name, name="agent", field=_agent()),
            migrations.AlterField(model_name=name, name="template_version", field=_version(name)),
        )
    ]
