"""Feedback items belong to the learning app now (its migration 0006 took the model over in the
state): the improver drops it from its own state, the table and rows stay, and the content type
is renamed in place so permissions and admin log entries stay attached."""

from django.db import migrations


def content_type_move(apps, source: str, target: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label=target, model="feedbackitem").exists():
        ContentType.objects.filter(app_label=source, model="feedbackitem").update(app_label=target)


def to_learning(apps, schema_editor):
    content_type_move(apps, "improver", "learning")


def to_improver(apps, schema_editor):
    content_type_move(apps, "learning", "improver")


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("improver", "0014_rollout_to_experiments"),
        ("learning", "0006_feedback_item"),
    ]

    operations = [
        migrations.RunPython(to_learning, to_improver),
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="FeedbackItem")]),
    ]
