import json as _json

from django.core.management.base import BaseCommand

from governance.board.scans import improve_cycle_run, reconcile_stale_running


class Command(BaseCommand):
    help = "Run one improve cycle now (the scans due on it) and the stale-running reconciler."

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true")

    def handle(self, *args, json, **options):
        moved = reconcile_stale_running()
        runs = improve_cycle_run()
        if json:
            self.stdout.write(
                _json.dumps(
                    {
                        "stale_moved_to_blocked": moved,
                        "scans": [
                            {
                                "cycle": r.cycle,
                                "scan": r.scan,
                                "status": r.status,
                                "counts": r.counts,
                                "detail": r.detail,
                            }
                            for r in runs
                        ],
                    }
                )
            )
            return
        self.stdout.write(f"{len(moved)} stale running task(s) moved to blocked")
        for r in runs:
            self.stdout.write(f"cycle {r.cycle} {r.scan}: {r.status} {r.counts} {r.detail}".rstrip())
        if not runs:
            self.stdout.write("no scan is due on this cycle")
