"""The feedback list's order, newest first then by id, read off an index: derived work stores an
item for every feedback event, ten million at 50M events, and the admin's first page no longer
sorts them all."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0001_initial"),
        ("improver", "0010_sessions_showing_any_failure"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="feedbackitem",
            index=models.Index(fields=["-occurred_at", "-id"], name="feedback_newest"),
        ),
    ]
