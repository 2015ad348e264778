"""Rollouts belong to the experiments app now (its migration 0003 took the model over in the
state): the improver drops it from its own state, the table and rows stay, and the content type
is renamed in place so permissions and admin log entries stay attached."""

from django.db import migrations


def content_type_move(apps, source: str, target: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label=target, model="rollout").exists():
        ContentType.objects.filter(app_label=source, model="rollout").update(app_label=target)


def to_experiments(apps, schema_editor):
    content_type_move(apps, "improver", "experiments")


def to_improver(apps, schema_editor):
    content_type_move(apps, "experiments", "improver")


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("improver", "0013_session_signal_to_learning"),
        ("experiments", "0003_rollout"),
    ]

    operations = [
        migrations.RunPython(to_experiments, to_improver),
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="Rollout")]),
    ]
