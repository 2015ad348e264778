"""Every event a proposal's evidence names under `cites` becomes a Citation row (retention keeps
what Citation rows name, and nothing else): proposals made before every maker stored them."""

from django.db import migrations


def backfill(apps, schema_editor):
    Proposal = apps.get_model("governance", "Proposal")
    Citation = apps.get_model("governance", "Citation")
    rows = []
    for pk, evidence in Proposal.objects.values_list("pk", "evidence").iterator(chunk_size=500):
        cites = evidence.get("cites") if isinstance(evidence, dict) else None
        for event_type, ids in cites.items() if isinstance(cites, dict) else ():
            for value in ids if isinstance(ids, list) else ():
                try:
                    rows.append(Citation(proposal_id=pk, event_type=event_type, row_id=int(value)))
                except (TypeError, ValueError):
                    continue
        if len(rows) >= 5000:
            Citation.objects.bulk_create(rows, ignore_conflicts=True)
            rows = []
    Citation.objects.bulk_create(rows, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [("governance", "0004_proposal_citations")]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
