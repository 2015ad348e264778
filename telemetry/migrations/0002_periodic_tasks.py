"""Data migration: one django-celery-beat row per entry of config/schedule.py (editable in the admin)."""

from django.db import migrations

from config.schedule import remove_periodic_tasks, sync_periodic_tasks


def create_rows(apps, schema_editor):
    sync_periodic_tasks(apps=apps)


class Migration(migrations.Migration):
    dependencies = [
        ("telemetry", "0001_initial"),
        ("django_celery_beat", "0019_alter_periodictasks_options"),
    ]

    operations = [migrations.RunPython(create_rows, remove_periodic_tasks)]
