from django.core.management.base import BaseCommand, CommandError

from config.errors import ApplicationError
from fleet.models import AgentTemplate
from improver.services.improvers import improver_create


class Command(BaseCommand):
    help = "Create the improver agent of a template (one per template); its first wake is one window away."

    def add_arguments(self, parser):
        parser.add_argument("--template", required=True, help="Slug of the template to evolve.")
        parser.add_argument("--window-days", type=int, default=7, help="Feedback window and ritual period.")

    def handle(self, *args, template: str, window_days: int, **options):
        found = AgentTemplate.objects.filter(slug=template).first()
        if found is None:
            raise CommandError(f"No template '{template}'.")
        try:
            improver = improver_create(template=found, window_days=window_days)
        except ApplicationError as exc:
            raise CommandError(exc.message) from exc
        self.stdout.write(
            f"Created {improver.agent.name} for {found.slug}; first wake "
            f"{improver.scheduled_wake_at:%Y-%m-%d %H:%M} UTC"
        )
