from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from fleet.models import Document
from fleet.templates import templates_document
from planner.config_docs import current_text, dump


class Command(BaseCommand):
    help = (
        "Write the current version of every versioned document as YAML files: templates (their head "
        "directives), goals, actions, the price table and cards."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "directory",
            help="Where to write templates.yaml, goals.yaml, actions.yaml, prices.yaml, cards/<agent>.yaml.",
        )

    def handle(self, *args, directory: str, **options):
        root = Path(directory)
        if root.exists() and not root.is_dir():
            raise CommandError(f"{directory} is a file: name a directory to write the YAML files into.")
        try:
            (root / "cards").mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise CommandError(f"cannot create {directory}: {exc.strerror or exc}") from None
        templates = root / "templates.yaml"
        templates.write_text(dump(templates_document()), encoding="utf-8")
        self.stdout.write(f"templates → {templates}")
        names = [
            "goals",
            "actions",
            "prices",
            *Document.objects.filter(name__startswith="card:")
            .order_by("name")
            .values_list("name", flat=True),
        ]
        for name in names:
            path = root / "cards" / f"{name[5:]}.yaml" if name.startswith("card:") else root / f"{name}.yaml"
            path.write_text(current_text(name) or "", encoding="utf-8")
            self.stdout.write(f"{name} → {path}")
