from django.core.management.base import BaseCommand, CommandError

from config.errors import ApplicationError
from fleet.models import Agent
from fleet.services import agent_create


class Command(BaseCommand):
    help = "Create an agent and print its API token once (it is stored hashed)."

    def add_arguments(self, parser):
        parser.add_argument("name", help="Unique agent name (letters, digits, '-', '_').")
        parser.add_argument("--template", help="Slug of the template the agent runs.")
        parser.add_argument("--kind", default=Agent.Kind.TASK_AGENT, choices=Agent.Kind.values)

    def handle(self, *args, name: str, template: str | None, kind: str, **options):
        try:
            agent, token = agent_create(name=name, template_slug=template, kind=kind)
        except ApplicationError as exc:
            raise CommandError(exc.message) from exc
        self.stderr.write(f"Created agent '{agent.name}'. Its token (shown once, store it now):")
        self.stdout.write(token)
