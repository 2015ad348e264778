"""The sessions a canary assigned to its arms (Exposure). Its references carry no database
constraint: the tables they point at are created by the events app's migrations, which a fleet
migration cannot wait for."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0001_initial"),
    ]

    operations = [
        migrations.CreateModel(
            name="Exposure",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("session_key", models.CharField(max_length=200)),
                ("at", models.DateTimeField(help_text="When the session was assigned.")),
                (
                    "agent",
                    models.ForeignKey(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="fleet.agent",
                    ),
                ),
                (
                    "candidate",
                    models.ForeignKey(
                        db_constraint=False,
                        db_index=False,
                        help_text="The candidate that was running when the session was assigned.",
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="fleet.documentversion",
                    ),
                ),
                (
                    "version",
                    models.ForeignKey(
                        db_constraint=False,
                        help_text="The version the session was served: the candidate or the head.",
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="fleet.documentversion",
                    ),
                ),
            ],
            options={
                "constraints": [
                    models.UniqueConstraint(
                        fields=("candidate", "agent", "session_key"), name="exposure_once"
                    )
                ],
            },
        ),
    ]
