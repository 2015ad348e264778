"""One active fact per wording and template, held by the database: two passes of derived work
learning the same fact at once insert it once, with no lock on the template. Any duplicates the
template lock let through before are superseded by the oldest first."""

from django.db import migrations, models
from django.db.models import Count


def supersede_duplicates(apps, schema_editor):
    LearnedFact = apps.get_model("telemetry", "LearnedFact")
    twice = (
        LearnedFact.objects.filter(status="active")
        .values("template_id", "content_key")
        .annotate(n=Count("id"))
        .filter(n__gt=1)
    )
    for group in twice.iterator():
        ids = list(
            LearnedFact.objects.filter(
                status="active", template_id=group["template_id"], content_key=group["content_key"]
            )
            .order_by("id")
            .values_list("id", flat=True)
        )
        LearnedFact.objects.filter(id__in=ids[1:]).update(status="superseded", superseded_by_id=ids[0])


class Migration(migrations.Migration):
    dependencies = [
        ("telemetry", "0022_periodic_job_failures"),
    ]

    operations = [
        migrations.RunPython(supersede_duplicates, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="learnedfact",
            constraint=models.UniqueConstraint(
                condition=models.Q(("status", "active")),
                fields=("template", "content_key"),
                name="fact_active_once",
            ),
        ),
    ]
