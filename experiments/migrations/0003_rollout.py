"""Rollouts, taken over from the improver app in the migration state only: the table
`improver_rollout` was created by the improver's migrations and keeps its name and rows (the
improver's next migration drops the model from its own state and moves its content type here)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("experiments", "0002_facts_on_trial"),
        ("fleet", "0005_agent_names_sessions"),
        ("governance", "0006_agents_in_fleet"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="Rollout",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("share", models.FloatField()),
                        ("canary_agents", models.JSONField(default=list)),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("running", "Running"),
                                    ("pinned", "Pinned"),
                                    ("needs_human", "Needs Human"),
                                    ("promoted", "Promoted"),
                                    ("rolled_back", "Rolled Back"),
                                    ("aborted", "Aborted"),
                                ],
                                default="running",
                                max_length=16,
                            ),
                        ),
                        ("started_at", models.DateTimeField()),
                        ("decided_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "decided_by",
                            models.CharField(
                                blank=True,
                                help_text="system (the test), or the user who decided.",
                                max_length=150,
                            ),
                        ),
                        ("reason", models.TextField(blank=True)),
                        (
                            "targets",
                            models.JSONField(
                                blank=True,
                                default=list,
                                help_text="The failure signals the change should lower; all others are guarded.",
                            ),
                        ),
                        (
                            "removes_only",
                            models.BooleanField(
                                default=False,
                                help_text="The change only removes lines: promoted once every signal is "
                                "shown within its margin.",
                            ),
                        ),
                        (
                            "last_check",
                            models.JSONField(
                                blank=True, default=dict, help_text="Arms, intervals and verdict."
                            ),
                        ),
                        (
                            "history",
                            models.JSONField(
                                blank=True, default=list, help_text="Each check, for the charts."
                            ),
                        ),
                        (
                            "candidate",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="fleet.documentversion",
                            ),
                        ),
                        (
                            "champion",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="+",
                                to="fleet.documentversion",
                            ),
                        ),
                        (
                            "proposal",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="governance.proposal",
                            ),
                        ),
                        (
                            "template",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="rollouts",
                                to="fleet.agenttemplate",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "improver_rollout",
                        "ordering": ["-started_at"],
                        "constraints": [
                            models.UniqueConstraint(
                                condition=models.Q(("status__in", ["running", "pinned", "needs_human"])),
                                fields=("template",),
                                name="one_open_rollout_per_template",
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
