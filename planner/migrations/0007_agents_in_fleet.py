"""Agents, templates and documents now belong to the fleet app: the relations follow them in the
migration state only (the tables keep their names, nothing in the database changes)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0001_initial"),
        ("planner", "0006_dispatch_plural"),
    ]
    run_before = [("telemetry", "0024_fleet_handover")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="alert",
                    name="agent",
                    field=models.ForeignKey(
                        blank=True,
                        help_text="The agent the alert is about, when it is about one.",
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="fleet.agent",
                    ),
                ),
                migrations.AlterField(
                    model_name="declaredskill",
                    name="agent",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="declared_skills",
                        to="fleet.agent",
                    ),
                ),
                migrations.AlterField(
                    model_name="dispatch",
                    name="agent",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="dispatches",
                        to="fleet.agent",
                    ),
                ),
                migrations.AlterField(
                    model_name="patternfeedback",
                    name="agent",
                    field=models.ForeignKey(
                        db_constraint=False,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="fleet.agent",
                    ),
                ),
                migrations.AlterField(
                    model_name="patternstats",
                    name="template",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="+",
                        to="fleet.agenttemplate",
                    ),
                ),
                migrations.AlterField(
                    model_name="skillstats",
                    name="agent",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="skill_stats",
                        to="fleet.agent",
                    ),
                ),
            ],
        ),
    ]
