"""Event tables keep their agent and version keys without database constraints: each cost a
trigger query per stored event at commit. The ORM still protects agents and clears versions on
delete. Tool invocations and skill outcomes also lose the version key's own index: their
(template_version, received_at) index serves every lookup by version. Dropping a constraint
re-validates nothing."""

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
VERSION_INDEX_IN_COMPOSITE = {"skilloutcome", "toolinvocation"}


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
        ("telemetry", "0011_derived_work_in_its_own_table"),
    ]

    operations = [
        operation
        for name in EVENT_TABLES
        for operation in (
            migrations.AlterField(model_name=name, name="agent", field=_agent()),
            migrations.AlterField(model_name=name, name="template_version", field=_version(name)),
        )
    ]
