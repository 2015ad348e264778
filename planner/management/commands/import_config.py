from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.errors import ApplicationError
from planner.config_docs import current_text, version_create


class Command(BaseCommand):
    help = "Import goals.yaml, actions.yaml and cards/<agent>.yaml as new versions (unchanged: skipped)."

    def add_arguments(self, parser):
        parser.add_argument("directory")
        parser.add_argument("--reason", default="import_config")

    def handle(self, *args, directory: str, reason: str, **options):
        root = Path(directory)
        if not root.is_dir():
            raise CommandError(f"{directory}: no such directory")
        files = [(n, root / f"{n}.yaml") for n in ("goals", "actions")]
        files += [(f"card:{p.stem}", p) for p in sorted((root / "cards").glob("*.yaml"))]
        for name, path in files:
            if not path.exists():
                continue
            text = path.read_text(encoding="utf-8")
            if text == current_text(name):
                self.stdout.write(f"{name}: unchanged")
                continue
            try:
                version = version_create(
                    name=name, text=text, author="import_config", reason=reason, source=str(path)
                )
            except ApplicationError as exc:
                raise CommandError(exc.message) from exc
            if name.startswith("card:"):
                from planner.config_docs import apply_card

                apply_card(name, text)
            self.stdout.write(f"{name}: v{version.number}")
