"""The fleet's models, taken over from the telemetry app in the migration state only: their tables
(`telemetry_*`) were created by telemetry's migrations and keep their names and rows."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    initial = True

    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="AgentTemplate",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("slug", models.SlugField(max_length=100, unique=True)),
                        ("name", models.CharField(max_length=200)),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("task_agent", "Task Agent"),
                                    ("template_improver", "Template Improver"),
                                    ("meta_improver", "Meta Improver"),
                                ],
                                default="task_agent",
                                max_length=32,
                            ),
                        ),
                        ("description", models.TextField(blank=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                    ],
                    options={
                        "db_table": "telemetry_agenttemplate",
                        "ordering": ["slug"],
                    },
                ),
                migrations.CreateModel(
                    name="PeriodicClaim",
                    fields=[
                        ("name", models.CharField(max_length=200, primary_key=True, serialize=False)),
                        ("last_started_at", models.DateTimeField()),
                        (
                            "last_error",
                            models.TextField(
                                blank=True,
                                db_default="",
                                help_text="Why the job's last run failed; empty once a run succeeds.",
                            ),
                        ),
                        (
                            "failed_at",
                            models.DateTimeField(blank=True, help_text="When it last failed.", null=True),
                        ),
                    ],
                    options={
                        "verbose_name": "periodic job",
                        "db_table": "telemetry_periodicclaim",
                    },
                ),
                migrations.CreateModel(
                    name="Agent",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.SlugField(max_length=100, unique=True)),
                        (
                            "kind",
                            models.CharField(
                                choices=[
                                    ("task_agent", "Task Agent"),
                                    ("template_improver", "Template Improver"),
                                    ("meta_improver", "Meta Improver"),
                                ],
                                default="task_agent",
                                max_length=32,
                            ),
                        ),
                        (
                            "card",
                            models.JSONField(
                                blank=True, default=dict, help_text="Declared skills and settings."
                            ),
                        ),
                        ("webhook_url", models.URLField(blank=True)),
                        ("is_active", models.BooleanField(default=True)),
                        ("last_seen_at", models.DateTimeField(blank=True, null=True)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "template",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.PROTECT,
                                related_name="agents",
                                to="fleet.agenttemplate",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "telemetry_agent",
                        "ordering": ["name"],
                    },
                ),
                migrations.CreateModel(
                    name="Document",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("name", models.CharField(max_length=150, unique=True)),
                        ("moved_at", models.DateTimeField(auto_now=True)),
                        (
                            "canary_agents",
                            models.JSONField(
                                blank=True, default=list, help_text="Agent ids served the candidate."
                            ),
                        ),
                        (
                            "candidate_share",
                            models.FloatField(
                                default=0, help_text="Share of agents created later that get it."
                            ),
                        ),
                        ("candidate_since", models.DateTimeField(blank=True, null=True)),
                        (
                            "moved_by",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "telemetry_document",
                        "ordering": ["name"],
                    },
                ),
                migrations.AddField(
                    model_name="agenttemplate",
                    name="document",
                    field=models.OneToOneField(
                        editable=False,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="template",
                        to="fleet.document",
                    ),
                ),
                migrations.CreateModel(
                    name="DocumentVersion",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("number", models.PositiveIntegerField()),
                        ("text", models.TextField()),
                        (
                            "author",
                            models.CharField(
                                choices=[("human", "Human"), ("improver", "Improver")],
                                default="human",
                                max_length=16,
                            ),
                        ),
                        ("reason", models.TextField(blank=True)),
                        (
                            "provenance",
                            models.JSONField(
                                blank=True,
                                default=dict,
                                help_text="Where the text came from: a proposal, a rollback, a file.",
                            ),
                        ),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        (
                            "author_user",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.SET_NULL,
                                related_name="+",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                        (
                            "document",
                            models.ForeignKey(
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="versions",
                                to="fleet.document",
                            ),
                        ),
                    ],
                    options={
                        "db_table": "telemetry_documentversion",
                        "ordering": ["document", "-number"],
                    },
                ),
                migrations.AddField(
                    model_name="document",
                    name="candidate",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="fleet.documentversion",
                    ),
                ),
                migrations.AddField(
                    model_name="document",
                    name="head",
                    field=models.ForeignKey(
                        blank=True,
                        null=True,
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="+",
                        to="fleet.documentversion",
                    ),
                ),
                migrations.CreateModel(
                    name="ApiToken",
                    fields=[
                        (
                            "id",
                            models.BigAutoField(
                                auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                            ),
                        ),
                        ("prefix", models.CharField(max_length=16, unique=True)),
                        ("digest", models.CharField(max_length=64)),
                        ("label", models.CharField(blank=True, max_length=100)),
                        ("created_at", models.DateTimeField(auto_now_add=True)),
                        ("revoked_at", models.DateTimeField(blank=True, null=True)),
                        (
                            "agent",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="tokens",
                                to="fleet.agent",
                            ),
                        ),
                        (
                            "user",
                            models.ForeignKey(
                                blank=True,
                                null=True,
                                on_delete=django.db.models.deletion.CASCADE,
                                related_name="kaizen_tokens",
                                to=settings.AUTH_USER_MODEL,
                            ),
                        ),
                    ],
                    options={
                        "db_table": "telemetry_apitoken",
                        "permissions": [
                            ("issue_token", "Can issue and rotate API tokens (and see the new secret)")
                        ],
                        "constraints": [
                            models.CheckConstraint(
                                condition=models.Q(
                                    models.Q(("agent__isnull", False), ("user__isnull", True)),
                                    models.Q(("agent__isnull", True), ("user__isnull", False)),
                                    _connector="OR",
                                ),
                                name="token_has_exactly_one_owner",
                            )
                        ],
                    },
                ),
                migrations.AddConstraint(
                    model_name="documentversion",
                    constraint=models.UniqueConstraint(
                        fields=("document", "number"), name="document_version_unique"
                    ),
                ),
            ],
        ),
    ]
