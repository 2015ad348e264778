"""Learned facts, their sightings and friction events, taken over from the telemetry app in the
migration state only: their tables (`telemetry_learnedfact`, `telemetry_factsighting`,
`telemetry_frictionevent`) were created by telemetry's migrations and keep their names and rows.

Two things stored under the old home follow the models: the content types (renamed in place, so
the permissions granted on them and the admin log entries about them stay attached), and the
derived-work entries that name a loop's handler by its module (`telemetry.loops.*`, a handler
that failed on a row and owes it a retry), which would otherwise name a handler no longer there."""

import django.db.models.deletion
from django.db import migrations, models

MOVED = ("learnedfact", "factsighting", "frictionevent")
HANDLERS = ("friction_detect", "learn_from_corrections", "digest_sessions")


def content_types_move(apps, source: str, target: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    taken = set(ContentType.objects.filter(app_label=target).values_list("model", flat=True))
    ContentType.objects.filter(app_label=source, model__in=[m for m in MOVED if m not in taken]).update(
        app_label=target
    )


def handlers_move(apps, source: str, target: str) -> None:
    PendingDerivation = apps.get_model("telemetry", "PendingDerivation")
    for name in HANDLERS:
        PendingDerivation.objects.filter(handler=f"{source}.loops.{name}").update(
            handler=f"{target}.loops.{name}"
        )


def to_learning(apps, schema_editor):
    content_types_move(apps, "telemetry", "learning")
    handlers_move(apps, "telemetry", "learning")


def to_telemetry(apps, schema_editor):
    content_types_move(apps, "learning", "telemetry")
    handlers_move(apps, "learning", "telemetry")


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("fleet", "0003_webhookfailure"),
        ("telemetry", "0029_learning_handover"),
    ]

    operations = [
        migrations.RunPython(to_learning, to_telemetry),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="LearnedFact",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "reach",
                            models.CharField(
                                choices=[
                                    ("agent", "the agent that was corrected"),
                                    ("template", "every agent of the template"),
                                ],
                                default="agent",
                                help_text="Who is served the fact: its agent, until it recurs across sessions and agents (or a human promotes it), then every agent of the template.",
                                max_length=8,
                            ),
                        ),
                        ("content", models.TextField()),
                        (
                            "content_key",
                            models.CharField(
                                editable=False,
                                help_text="The content with case and spacing ignored, hashed (unique key).",
                                max_length=64,
                            ),
                        ),
                        (
                            "subject",
                            models.CharField(
                                blank=True, help_text="What the fact is about (conflict key).", max_length=200
                            ),
                        ),
                        ("confidence", models.FloatField()),
                        ("scope", models.CharField(default="project", max_length=32)),
                        (
                            "source",
                            models.CharField(
                                choices=[
                                    ("user-stated", "User Stated"),
                                    ("inferred", "Inferred"),
                                    ("tool_override", "Tool Override"),
                                ],
                                max_length=16,
                            ),
                        ),
                        (
                            "status",
                            models.CharField(
                                choices=[
                                    ("active", "Active"),
                                    ("superseded", "Superseded"),
                                    ("retired", "Retired"),
                                ],
                                default="active",
                                max_length=12,
                            ),
                        ),
                        ("created_at", models.DateTimeField()),
                        (
                            "served_at",
                            models.DateTimeField(
                                blank=True,
                                help_text="When it reached every agent of the template (its effect is measured from then).",
                                null=True,
                            ),
                        ),
                        (
                            "agent",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="fleet.agent",
                            ),
                        ),
                        (
                            "correction",
                            models.ForeignKey(
                                blank=True,
                                db_constraint=False,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="telemetry.correction",
                            ),
                        ),
                        (
                            "superseded_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="learning.learnedfact",
                            ),
                        ),
                        (
                            "template",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="fleet.agenttemplate",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "telemetry_learnedfact",
                        "ordering": ["-confidence", "-created_at"],
                        "indexes": [
                            models.Index(
                                fields=["template", "status", "subject"], name="fact_template_status"
                            ),
                            models.Index(fields=["template", "content_key"], name="fact_template_key"),
                        ],
                        "constraints": [
                            models.UniqueConstraint(
                                condition=models.Q(("status", "active")),
                                fields=("template", "content_key"),
                                name="fact_active_once",
                            )
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="FactSighting",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("session_id", models.CharField(max_length=128)),
                        (
                            "seen_at",
                            models.DateTimeField(
                                blank=True, help_text="When the correction stating it was made.", null=True
                            ),
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
                            "fact",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="sightings",
                                to="learning.learnedfact",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "telemetry_factsighting",
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("fact", "agent", "session_id"), name="fact_sighting_once"
                            )
                        ],
                    },
                ),
                migrations.CreateModel(
                    name="FrictionEvent",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("session_id", models.CharField(max_length=128)),
                        ("tool", models.CharField(max_length=200)),
                        ("failure_mode", models.CharField(max_length=80)),
                        ("count", models.PositiveIntegerField()),
                        (
                            "evidence",
                            models.JSONField(default=list, help_text="ids of the failing tool invocations"),
                        ),
                        ("occurred_at", models.DateTimeField()),
                        (
                            "agent",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="+",
                                to="fleet.agent",
                            ),
                        ),
                        (
                            "template",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to="fleet.agenttemplate",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "telemetry_frictionevent",
                        "ordering": ["-occurred_at"],
                        "indexes": [
                            models.Index(
                                fields=["tool", "failure_mode", "occurred_at"], name="friction_pair_time"
                            )
                        ],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("agent", "session_id", "tool", "failure_mode"),
                                name="friction_once_per_session_pair",
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
