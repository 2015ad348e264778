"""Tool invocations and skill outcomes lose the index of their template_version foreign key: their
(template_version, received_at) index serves every lookup by version, and every INSERT paid for
both. Only the index is dropped (the constraint is left as it is, not re-validated over the table)."""

import django.db.models.deletion
from django.db import migrations, models

INDEXES = {  # the names Django gave them, on every backend
    "telemetry_toolinvocation": "telemetry_toolinvocation_template_version_id_0245c132",
    "telemetry_skilloutcome": "telemetry_skilloutcome_template_version_id_c3b831ea",
}


def _field():
    return models.ForeignKey(
        blank=True,
        db_index=False,
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
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(model_name="skilloutcome", name="template_version", field=_field()),
                migrations.AlterField(model_name="toolinvocation", name="template_version", field=_field()),
            ],
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{index}"',
                    reverse_sql=f'CREATE INDEX IF NOT EXISTS "{index}" ON "{table}" ("template_version_id")',
                )
                for table, index in INDEXES.items()
            ],
        ),
    ]
