import json as _json

from django.core.management.base import BaseCommand, CommandError

from config import clock
from improver.models import ImproverAgent
from improver.services.ritual import ritual_run


class Command(BaseCommand):
    help = "Run the one-on-one ritual of a template's improver now."

    def add_arguments(self, parser):
        parser.add_argument("--template", required=True)
        parser.add_argument("--json", action="store_true", help="Print the result as JSON.")

    def handle(self, *args, template: str, json: bool = False, **options):
        improver = ImproverAgent.objects.filter(active_template__slug=template).first()
        if improver is None:
            raise CommandError(f"Template '{template}' has no improver; run create_improver first.")
        now = clock.now()
        run = ritual_run(improver=improver, period=f"manual:{now:%Y-%m-%dT%H:%M}", now=now)
        result = (
            {"outcome": "already-ran", "detail": "a ritual ran for this minute already"}
            if run is None
            else {"outcome": run.outcome, "detail": run.detail, "proposer": run.proposer}
        )
        report = getattr(run, "report", None) if run is not None else None
        result["considered"] = (report.provenance or {}).get("considered", []) if report else []
        if json:
            return self.stdout.write(_json.dumps(result))
        self.stdout.write(f"{result['outcome']}: {result['detail']}")
        for c in result["considered"]:  # what a run that proposed nothing left out, one a line
            self.stdout.write(
                f"  left out: {c['line']!r} ({c['sessions']} sessions, {c['people']} people): {c['why']}"
            )
