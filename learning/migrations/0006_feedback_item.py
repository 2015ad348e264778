"""Feedback items, taken over from the improver app in the migration state only: the table
`improver_feedbackitem` was created by the improver's migrations and keeps its name and rows (the
improver's next migration drops the model from its own state and moves its content type here).

The handlers that derive session signals and feedback items from stored events moved here too,
from improver.services.session_signals and improver.services.feedback: a derived-work entry that
names one of them by its old module (a handler that failed on a row and owes it a retry) is
renamed to the module it runs from now, or it would name a handler no longer there."""

import django.db.models.deletion
from django.db import migrations, models

HANDLERS = {
    "session_signals": (
        "tool_failures",
        "skill_failures",
        "skill_failures_withdrawn",
        "signals_renamed",
        "negative_feedback",
        "corrections",
        "rejected_decisions",
        "reflected_failures",
        "escalations",
    ),
    "feedback": (
        "observations_classified",
        "decisions_classified",
        "corrections_classified",
        "ratings_classified",
    ),
}
OLD, NEW = "improver.services", "learning"


def handlers_move(apps, source: str, target: str) -> None:
    PendingDerivation = apps.get_model("telemetry", "PendingDerivation")
    for module, names in HANDLERS.items():
        for name in names:
            PendingDerivation.objects.filter(handler=f"{source}.{module}.{name}").update(
                handler=f"{target}.{module}.{name}"
            )


def to_learning(apps, schema_editor):
    handlers_move(apps, OLD, NEW)


def to_improver(apps, schema_editor):
    handlers_move(apps, NEW, OLD)


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0005_agent_names_sessions"),
        ("learning", "0005_fact_on_trial"),
        ("telemetry", "0030_session_link_parent"),
    ]

    operations = [
        migrations.RunPython(to_learning, to_improver),
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="FeedbackItem",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        (
                            "source_type",
                            models.CharField(
                                choices=[
                                    ("observation", "observation"),
                                    ("decision", "decision"),
                                    ("correction", "correction"),
                                    ("wake_rating", "wake rating"),
                                    ("confidence_trend", "confidence trend"),
                                    ("anti_pattern", "anti pattern"),
                                    ("chronic_failure", "chronic failure"),
                                    ("session_verdict", "session verdict"),
                                    ("directive_churn", "directive churn"),
                                    ("evolution_delta", "evolution delta"),
                                ],
                                max_length=32,
                            ),
                        ),
                        ("source_id", models.CharField(max_length=200)),
                        (
                            "sentiment",
                            models.CharField(
                                choices=[
                                    ("positive", "Positive"),
                                    ("negative", "Negative"),
                                    ("neutral", "Neutral"),
                                ],
                                max_length=8,
                            ),
                        ),
                        (
                            "category",
                            models.CharField(
                                choices=[
                                    ("accuracy", "Accuracy"),
                                    ("communication", "Communication"),
                                    ("prioritization", "Prioritization"),
                                    ("tooling", "Tooling"),
                                    ("timeliness", "Timeliness"),
                                    ("general", "General"),
                                ],
                                max_length=16,
                            ),
                        ),
                        ("confidence", models.FloatField()),
                        ("detail", models.TextField()),
                        ("classifier", models.CharField(default="rules", max_length=20)),
                        ("occurred_at", models.DateTimeField()),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
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
                            "template",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="feedback",
                                to="fleet.agenttemplate",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "improver_feedbackitem",
                        "ordering": ["-occurred_at"],
                        "indexes": [
                            models.Index(fields=["template", "created_at"], name="feedback_template_created"),
                            models.Index(fields=["template", "occurred_at"], name="feedback_template_time"),
                            models.Index(fields=["-occurred_at", "-id"], name="feedback_newest"),
                            models.Index(fields=["sentiment", "category"], name="feedback_axes"),
                        ],
                        "constraints": [
                            models.UniqueConstraint(
                                fields=("template", "source_type", "source_id"),
                                name="feedback_once_per_source",
                            )
                        ],
                    },
                ),
            ],
        ),
    ]
