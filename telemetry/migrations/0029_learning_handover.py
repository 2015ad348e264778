"""Hand learned facts, their sightings and friction events over to the learning app: telemetry's
copies leave the migration state (learning/migrations/0001_initial.py takes them up). No table is
renamed and no row moves; the content types (and so the permissions granted on them and the admin
log entries about them) move with the models in learning's migration."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("telemetry", "0028_session_link"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.RemoveField(model_name="frictionevent", name="agent"),
                migrations.RemoveField(model_name="frictionevent", name="template"),
                migrations.RemoveField(model_name="learnedfact", name="agent"),
                migrations.RemoveField(model_name="learnedfact", name="correction"),
                migrations.RemoveField(model_name="learnedfact", name="superseded_by"),
                migrations.RemoveField(model_name="learnedfact", name="template"),
                migrations.DeleteModel(name="FactSighting"),
                migrations.DeleteModel(name="FrictionEvent"),
                migrations.DeleteModel(name="LearnedFact"),
            ],
        ),
    ]
