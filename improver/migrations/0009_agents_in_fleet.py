"""Agents, templates and documents now belong to the fleet app: the relations follow them in the
migration state only (the tables keep their names, nothing in the database changes)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0001_initial"),
        ("improver", "0008_decided_by_help"),
    ]
    run_before = [("telemetry", "0024_fleet_handover")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.AlterField(
                    model_name="evolutionsession",
                    name="base_version",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="fleet.documentversion",
                    ),
                ),
                migrations.AlterField(
                    model_name="evolutionsession",
                    name="new_version",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="fleet.documentversion",
                    ),
                ),
                migrations.AlterField(
                    model_name="evolutionsession",
                    name="template",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="sessions",
                        to="fleet.agenttemplate",
                    ),
                ),
                migrations.AlterField(
                    model_name="feedbackitem",
                    name="agent",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="fleet.agent",
                    ),
                ),
                migrations.AlterField(
                    model_name="feedbackitem",
                    name="template",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="feedback",
                        to="fleet.agenttemplate",
                    ),
                ),
                migrations.AlterField(
                    model_name="improveragent",
                    name="active_template",
                    field=models.OneToOneField(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="improver",
                        to="fleet.agenttemplate",
                    ),
                ),
                migrations.AlterField(
                    model_name="improveragent",
                    name="agent",
                    field=models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE, related_name="improver", to="fleet.agent"
                    ),
                ),
                migrations.AlterField(
                    model_name="rollout",
                    name="candidate",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="fleet.documentversion",
                    ),
                ),
                migrations.AlterField(
                    model_name="rollout",
                    name="champion",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="fleet.documentversion",
                    ),
                ),
                migrations.AlterField(
                    model_name="rollout",
                    name="template",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="rollouts",
                        to="fleet.agenttemplate",
                    ),
                ),
                migrations.AlterField(
                    model_name="sessionsignal",
                    name="agent",
                    field=models.ForeignKey(
                        on_delete=django.db.models.deletion.CASCADE, related_name="+", to="fleet.agent"
                    ),
                ),
                migrations.AlterField(
                    model_name="sessionsignal",
                    name="template_version",
                    field=models.ForeignKey(
                        blank=True,
                        db_index=False,
                        null=True,
                        on_delete=django.db.models.deletion.SET_NULL,
                        related_name="+",
                        to="fleet.documentversion",
                    ),
                ),
            ],
        ),
    ]
