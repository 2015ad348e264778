"""An index on when each exposure was recorded: retention finds the old ones of ended canaries
without reading the whole table."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("fleet", "0003_webhookfailure"),
    ]

    operations = [
        migrations.AddIndex(
            model_name="exposure",
            index=models.Index(fields=["at"], name="exposure_at"),
        ),
    ]
