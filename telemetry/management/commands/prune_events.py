import json as _json

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError

from config.exclusive import Busy, exclusive
from config.progress import Progress
from telemetry.retention import prune_events

MAX_DAYS = 36_500  # further back than this the cutoff date is before the year 1


class Command(BaseCommand):
    help = (
        "Retire raw telemetry events older than N days, keeping proposal evidence: on PostgreSQL "
        "whole time partitions are dropped, other rows are deleted in bounded batches; the spans of "
        "mapped traces and the exposures of ended canaries past the same age go too."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--older-than",
            type=int,
            default=None,
            metavar="DAYS",
            help="Age in days (default: KAIZEN_RETENTION_DAYS).",
        )
        parser.add_argument("--batch-size", type=int, default=5000)
        parser.add_argument("--dry-run", action="store_true", help="Count what would go; delete nothing.")
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, older_than, batch_size, dry_run, json, **options):
        days = older_than if older_than is not None else settings.KAIZEN["RETENTION_DAYS"]
        if days < 1 or batch_size < 1:
            raise CommandError("--older-than and --batch-size must be at least 1.")
        if days > MAX_DAYS:
            raise CommandError(f"--older-than {days}: at most {MAX_DAYS} days (a century).")

        bars: dict[str, Progress] = {}

        def progress(event_type: str, done: int, total: int) -> None:
            if json:
                return
            bar = bars.setdefault(event_type, Progress(self.stdout, total, f"pruning {event_type}"))
            bar.advance(done - bar.done)

        try:
            with exclusive("prune_events"):
                result = prune_events(
                    older_than_days=days, batch_size=batch_size, dry_run=dry_run, progress=progress
                )
        except Busy:
            raise CommandError(
                "a prune is running (the daily one, or another command): try again when it ends"
            ) from None
        for bar in bars.values():
            bar.finish()
        failed = result["failed"]
        if json:
            self.stdout.write(_json.dumps({"older_than_days": days, "dry_run": dry_run, **result}))
        else:
            verb = "would delete" if dry_run else "deleted"
            dropped = result.pop("partitions")
            for event_type, n in result.items():
                if event_type not in ("kept_as_evidence", "kept", "failed", "retired_before"):
                    whole = dropped.get(event_type)
                    how = f" ({len(whole)} partition(s) whole: {', '.join(whole)})" if whole else ""
                    self.stdout.write(f"{event_type}: {verb} {n}{how}")
            if not dry_run:
                self.stdout.write(
                    f"{result['kept_as_evidence']} old event(s) kept: cited by proposals or facts, "
                    "or waiting for their derived work"
                )
                self.stdout.write(
                    f"events dated before {result['retired_before']} are retired: a session digest "
                    "derived from now on that may miss some says so"
                )
        if failed:
            raise CommandError(
                "retention failed for "
                + "; ".join(f"{t} ({why})" for t, why in failed.items())
                + " — the other event types were pruned"
            )
