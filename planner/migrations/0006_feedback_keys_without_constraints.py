"""Pattern feedback keeps its pattern and agent keys without database constraints (a trigger
query per key and row, thousands of rows per derived batch); the ORM still cascades deletes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("planner", "0005_feedback_pattern_index_in_unique"),
        ("telemetry", "0013_event_foreign_keys_without_constraints"),
    ]

    operations = [
        migrations.AlterField(
            model_name="patternfeedback",
            name="agent",
            field=models.ForeignKey(
                db_constraint=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="+",
                to="telemetry.agent",
            ),
        ),
        migrations.AlterField(
            model_name="patternfeedback",
            name="pattern",
            field=models.ForeignKey(
                db_constraint=False,
                db_index=False,
                on_delete=django.db.models.deletion.CASCADE,
                related_name="feedback",
                to="planner.patternstats",
            ),
        ),
    ]
