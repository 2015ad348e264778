from django.core.management.base import BaseCommand

from dashboard.wiring_table import DOCS, docs_write, wiring_markdown


class Command(BaseCommand):
    help = (
        "Print the whole wiring between the apps (hooks, retention keepers, document validators, "
        "proposal types, signals, keyed tables) as Markdown, as this process registered it."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--write-docs",
            action="store_true",
            help=f"Write it into {DOCS.parent.name}/{DOCS.name} between its wiring-table markers instead.",
        )

    def handle(self, *args, write_docs: bool, **options):
        if not write_docs:
            self.stdout.write(wiring_markdown(), ending="")
        elif docs_write():
            self.stdout.write(f"{DOCS} now carries the wiring table.")
        else:
            self.stdout.write(f"{DOCS} already carries the wiring table.")
