"""How far retention has retired each event type, for the session digests derived after a prune."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("telemetry", "0025_failure_index_sessions"),
    ]

    operations = [
        migrations.CreateModel(
            name="RetentionHorizon",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("event_type", models.CharField(max_length=32, unique=True)),
                ("retired_before", models.DateTimeField()),
            ],
        ),
    ]
