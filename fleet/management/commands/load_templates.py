from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.yamldoc import YamlDocError
from fleet.templates import templates_load


def templates_loaded(command: BaseCommand, path: Path, label: str = "") -> int:
    """Create or update the templates of `path`, writing what became of each to the command's
    output (`label` before its slug); a YAML error stops the command. Returns how many were read."""
    try:
        loaded = templates_load(path)
    except YamlDocError as exc:
        raise CommandError(str(exc)) from exc
    for template, outcome in loaded:
        command.stdout.write(f"{label}{template.slug}: {outcome}")
    return len(loaded)


class Command(BaseCommand):
    help = "Create or update agent templates from a YAML file (new directives make a new version)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="Path of the templates YAML file.")

    def handle(self, *args, file: str, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"{file}: no such file")
        count = templates_loaded(self, path)
        self.stdout.write(self.style.SUCCESS(f"{count} template(s) loaded from {path}"))
