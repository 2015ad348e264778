"""Sessions showing any failure get a signal row of their own ("any_failure"), and sessions known
only from a signal get their SessionSeen row, as derived work now writes them: counting either
becomes a COUNT over an index instead of a DISTINCT over a window. Written once for what is
already stored, in chunks, skipping what exists."""

from django.db import migrations
from django.db.models import Min

ANY = "any_failure"
CHUNK = 5000


def backfill(apps, schema_editor):
    SessionSignal = apps.get_model("improver", "SessionSignal")
    SessionSeen = apps.get_model("telemetry", "SessionSeen")
    sessions = (
        SessionSignal.objects.exclude(signal=ANY)
        .values("agent_id", "session_id", "template_version_id")
        .annotate(at=Min("received_at"))
        .order_by()
    )
    chunk = []
    for row in sessions.iterator(chunk_size=CHUNK):
        chunk.append(row)
        if len(chunk) == CHUNK:
            _store(SessionSignal, SessionSeen, chunk)
            chunk = []
    _store(SessionSignal, SessionSeen, chunk)


def _store(SessionSignal, SessionSeen, rows):
    SessionSignal.objects.bulk_create(
        [
            SessionSignal(
                agent_id=r["agent_id"],
                session_id=r["session_id"],
                signal=ANY,
                template_version_id=r["template_version_id"],
                received_at=r["at"],
            )
            for r in rows
        ],
        ignore_conflicts=True,
    )
    SessionSeen.objects.bulk_create(
        [
            SessionSeen(
                agent_id=r["agent_id"],
                session_key=r["session_id"],
                template_version_id=r["template_version_id"],
                first_received_at=r["at"],
            )
            for r in rows
            if r["template_version_id"] is not None
        ],
        ignore_conflicts=True,
    )


class Migration(migrations.Migration):
    dependencies = [
        ("improver", "0009_agents_in_fleet"),
        ("telemetry", "0024_fleet_handover"),
    ]

    operations = [migrations.RunPython(backfill, migrations.RunPython.noop)]
