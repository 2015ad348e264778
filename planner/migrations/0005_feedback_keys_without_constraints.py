"""Pattern feedback (thousands of rows per derived batch) keeps its pattern and agent keys
without database constraints, a trigger query per key and row; the ORM still cascades deletes.
The pattern key loses its own index too: the unique (pattern, outcome) index serves lookups by
pattern."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("planner", "0004_dispatch_hitl"),
        ("telemetry", "0012_event_keys_without_constraints"),
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
