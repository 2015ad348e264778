import hashlib

from django.db import migrations, models


def fill_keys(apps, schema_editor):
    """The key of every stored fact, in batches (the same normalisation as corrections.fact_key)."""
    LearnedFact = apps.get_model("telemetry", "LearnedFact")
    todo = LearnedFact.objects.filter(content_key="").only("id", "content").order_by("id")
    while batch := list(todo[:2000]):
        for fact in batch:
            fact.content_key = hashlib.sha256(" ".join(fact.content.casefold().split()).encode()).hexdigest()
        LearnedFact.objects.bulk_update(batch, ["content_key"])


class Migration(migrations.Migration):
    dependencies = [("telemetry", "0014_derived_work_retries")]

    operations = [
        migrations.AddField(
            model_name="learnedfact",
            name="content_key",
            field=models.CharField(
                default="",
                editable=False,
                help_text="The content with case and spacing ignored, hashed (unique key).",
                max_length=64,
            ),
            preserve_default=False,
        ),
        migrations.RunPython(fill_keys, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="learnedfact",
            index=models.Index(fields=["template", "content_key"], name="fact_template_key"),
        ),
    ]
