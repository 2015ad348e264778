"""Pattern feedback loses the index of its pattern foreign key: the unique (pattern, outcome)
index serves every lookup by pattern, and each derived batch inserts thousands of feedback rows.
Only the index is dropped (the constraint is not re-validated over the table)."""

import django.db.models.deletion
from django.db import migrations, models

INDEX = "planner_patternfeedback_pattern_id_c636267e"  # the name Django gave it, on every backend


class Migration(migrations.Migration):
    dependencies = [
        ("planner", "0004_dispatch_hitl"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="patternfeedback",
                    name="pattern",
                    field=models.ForeignKey(
                        db_index=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="feedback",
                        to="planner.patternstats",
                    ),
                ),
            ],
            database_operations=[
                migrations.RunSQL(
                    f'DROP INDEX IF EXISTS "{INDEX}"',
                    reverse_sql=f'CREATE INDEX IF NOT EXISTS "{INDEX}" ON "planner_patternfeedback" ("pattern_id")',
                )
            ],
        ),
    ]
