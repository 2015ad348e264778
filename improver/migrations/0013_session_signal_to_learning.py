"""Sessions' failure signals belong to the learning app now (its migration 0004 took the model
over in the state): the improver drops it from its own state, the table and rows stay, and the
content type is renamed in place so permissions and admin log entries stay attached."""

from django.db import migrations


def content_type_move(apps, source: str, target: str) -> None:
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label=target, model="sessionsignal").exists():
        ContentType.objects.filter(app_label=source, model="sessionsignal").update(app_label=target)


def to_learning(apps, schema_editor):
    content_type_move(apps, "improver", "learning")


def to_improver(apps, schema_editor):
    content_type_move(apps, "learning", "improver")


class Migration(migrations.Migration):
    dependencies = [
        ("contenttypes", "0002_remove_content_type_name"),
        ("improver", "0012_feedback_source_choices"),
        ("learning", "0004_session_signal"),
    ]

    operations = [
        migrations.RunPython(to_learning, to_improver),
        migrations.SeparateDatabaseAndState(state_operations=[migrations.DeleteModel(name="SessionSignal")]),
    ]
