from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.errors import ApplicationError
from fleet.management.commands.load_templates import templates_loaded
from planner.config_docs import current_text, version_create


class Command(BaseCommand):
    help = (
        "Import templates.yaml, goals.yaml, actions.yaml, prices.yaml and cards/<agent>.yaml as new versions "
        "(unchanged documents are skipped)."
    )

    def add_arguments(self, parser):
        parser.add_argument("directory")
        parser.add_argument("--reason", default="import_config")

    def handle(self, *args, directory: str, reason: str, **options):
        root = Path(directory)
        if not root.is_dir():
            raise CommandError(f"{directory}: no such directory")
        self.import_templates(root / "templates.yaml")
        files = [(n, root / f"{n}.yaml") for n in ("goals", "actions", "prices")]
        files += [(f"card:{p.stem}", p) for p in sorted((root / "cards").glob("*.yaml"))]
        for name, path in files:
            if not path.exists():
                continue
            text = path.read_text(encoding="utf-8")
            if text == current_text(name):
                self.stdout.write(f"{name}: unchanged")
                continue
            try:
                version = version_create(  # a card applies to its agent as it lands
                    name=name, text=text, reason=reason, provenance={"source": str(path)}, source=str(path)
                )
            except ApplicationError as exc:
                raise CommandError(exc.message) from exc
            self.stdout.write(f"{name}: v{version.number}")

    def import_templates(self, path: Path) -> None:
        if path.exists():
            templates_loaded(self, path, label="template ")
