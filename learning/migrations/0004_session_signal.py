"""Sessions' failure signals, taken over from the improver app in the migration state only: the
table `improver_sessionsignal` was created by the improver's migrations and keeps its name and
rows (the improver's next migration drops the model from its own state and moves its content
type here)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0004_exposure_at"),
        ("learning", "0003_fact_waiting_on"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="SessionSignal",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("session_id", models.CharField(max_length=200)),
                        (
                            "signal",
                            models.CharField(
                                help_text="tool_failure, tool:<tool>:<mode>, negative:<category>, …",
                                max_length=300,
                            ),
                        ),
                        (
                            "received_at",
                            models.DateTimeField(help_text="When the first event showing it arrived."),
                        ),
                        (
                            "agent",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="fleet.agent",
                            ),
                        ),
                        (
                            "template_version",
                            models.ForeignKey(
                                blank=True,
                                db_index=False,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="fleet.documentversion",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "improver_sessionsignal",
                        "indexes": [
                            models.Index(
                                fields=["template_version", "signal", "received_at"],
                                name="session_signal_arm",
                            )
                        ],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("agent", "session_id", "signal"), name="session_signal_once"
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
