import json as _json

from django.core.management.base import BaseCommand, CommandError

from config.progress import Progress
from improver.services.maintenance import maintenance_pass

MAX_WINDOW_DAYS = 36_500  # a century: further back the window starts before the year 1


class Command(BaseCommand):
    help = "Run the loop 4 maintenance pass now: recurring failure patterns become maintenance proposals."

    def add_arguments(self, parser):
        parser.add_argument("--window-days", type=int, default=30)
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, window_days: int, json: bool = False, **options):
        if not 1 <= window_days <= MAX_WINDOW_DAYS:
            raise CommandError(f"--window-days {window_days}: must be between 1 and {MAX_WINDOW_DAYS}.")
        bar: dict = {}

        def progress(done: int, total: int) -> None:
            if not json:
                bar.setdefault("p", Progress(self.stdout, total, "failure patterns")).advance()

        proposals = maintenance_pass(window_days=window_days, progress=progress)
        if "p" in bar:
            bar["p"].finish()
        if json:
            self.stdout.write(
                _json.dumps(
                    [{"id": p.pk, "title": p.title, "type": p.payload["maintenance_type"]} for p in proposals]
                )
            )
            return
        for p in proposals:
            self.stdout.write(f"#{p.pk} {p.title}")
        self.stdout.write(f"{len(proposals)} maintenance proposal(s) created")
