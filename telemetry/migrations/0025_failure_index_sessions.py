"""The failures' index carries each failure's session (PostgreSQL's INCLUDE): the maintenance
pass counts the failures and sessions of every (tool, failure mode) over its window from this
index alone, without reading the events."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("telemetry", "0024_fleet_handover"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="toolinvocation",
            name="toolinv_failures",
        ),
        migrations.AddIndex(
            model_name="toolinvocation",
            index=models.Index(
                condition=models.Q(("outcome", "success"), _negated=True),
                fields=["tool", "failure_mode", "occurred_at"],
                include=("session_id",),
                name="toolinv_failures",
            ),
        ),
    ]
