"""An evolution proposal cites the events behind the feedback items it reviewed (retention keeps
what Citation rows name): the rows for evolutions proposed before they did."""

from django.db import migrations

SOURCES = {
    "observation": "observation",
    "decision": "decision",
    "correction": "correction",
    "wake_rating": "wake_run",
}


def backfill(apps, schema_editor):
    Proposal = apps.get_model("governance", "Proposal")
    Citation = apps.get_model("governance", "Citation")
    FeedbackItem = apps.get_model("improver", "FeedbackItem")
    evolutions = Proposal.objects.filter(type="template_evolution").values_list("pk", "evidence")
    for pk, evidence in evolutions.iterator(chunk_size=200):
        items = evidence.get("feedback_items") if isinstance(evidence, dict) else None
        ids = [i for i in items if isinstance(i, int)] if isinstance(items, list) else []
        rows = []
        for source_type, source_id in FeedbackItem.objects.filter(pk__in=ids).values_list(
            "source_type", "source_id"
        ):
            if source_type in SOURCES and str(source_id).isdigit():
                rows.append(Citation(proposal_id=pk, event_type=SOURCES[source_type], row_id=int(source_id)))
        Citation.objects.bulk_create(rows, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [("improver", "0005_session_signals"), ("governance", "0005_citations_backfill")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
