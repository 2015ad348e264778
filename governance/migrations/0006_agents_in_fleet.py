"""Agents, templates and documents now belong to the fleet app: the relations follow them in the
migration state only (the tables keep their names, nothing in the database changes)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0001_initial"),
        ("governance", "0005_citations_backfill"),
    ]
    run_before = [("telemetry", "0024_fleet_handover")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="boardtask",
                    name="assignee",
                    field=models.ForeignKey(
                        blank=True,
                        help_text="The agent working on this task; it may read and update it.",
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="fleet.agent",
                    ),
                ),
                migrations.AlterField(
                    model_name="boardtask",
                    name="created_by_agent",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="fleet.agent",
                    ),
                ),
                migrations.AlterField(
                    model_name="proposal",
                    name="created_by_agent",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="fleet.agent",
                    ),
                ),
            ],
        ),
    ]
