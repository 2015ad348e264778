from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from config.yamldoc import YamlDocError
from fleet.templates import templates_load


class Command(BaseCommand):
    help = "Create or update agent templates from a YAML file (new directives make a new version)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="Path of the templates YAML file.")

    def handle(self, *args, file: str, **options):
        path = Path(file)
        if not path.is_file():
            raise CommandError(f"{file}: no such file")
        try:
            loaded = templates_load(path)
        except YamlDocError as exc:
            raise CommandError(str(exc)) from exc
        for template, outcome in loaded:
            self.stdout.write(f"{template.slug}: {outcome}")
        self.stdout.write(self.style.SUCCESS(f"{len(loaded)} template(s) loaded from {path}"))
