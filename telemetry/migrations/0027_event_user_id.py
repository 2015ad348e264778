"""Who gave the feedback, or whom the work was for (an end user's id), on observations,
corrections, skill outcomes and tool calls. A nullable column without a default: no row is
rewritten, on a partitioned table neither."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("telemetry", "0026_retention_horizon"),
    ]

    operations = [
        migrations.AddField(
            model_name="correction",
            name="user_id",
            field=models.CharField(
                blank=True, help_text="The end user's id, as the agent sent it.", max_length=128, null=True
            ),
        ),
        migrations.AddField(
            model_name="observation",
            name="user_id",
            field=models.CharField(
                blank=True, help_text="The end user's id, as the agent sent it.", max_length=128, null=True
            ),
        ),
        migrations.AddField(
            model_name="skilloutcome",
            name="user_id",
            field=models.CharField(
                blank=True, help_text="The end user's id, as the agent sent it.", max_length=128, null=True
            ),
        ),
        migrations.AddField(
            model_name="toolinvocation",
            name="user_id",
            field=models.CharField(
                blank=True, help_text="The end user's id, as the agent sent it.", max_length=128, null=True
            ),
        ),
    ]
