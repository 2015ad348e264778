"""Pattern feedback is folded into its pattern's stats after the derived batch that stored it
commits. Existing rows are already in their stats: the column is added as false (no rewrite on
PostgreSQL), and the partial index holds only the rows still waiting."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0001_initial"),
        ("planner", "0007_agents_in_fleet"),
    ]

    operations = [
        migrations.AddField(
            model_name="patternfeedback",
            name="awaiting_fold",
            field=models.BooleanField(default=False, help_text="Stored, not yet in its pattern's stats."),
        ),
        migrations.AddIndex(
            model_name="patternfeedback",
            index=models.Index(
                condition=models.Q(("awaiting_fold", True)), fields=["pattern"], name="feedback_to_fold"
            ),
        ),
    ]
