from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError

from config.errors import ApplicationError
from fleet.services import token_issue


class Command(BaseCommand):
    help = "Print a new API token for a staff user once (it is stored hashed)."

    def add_arguments(self, parser):
        parser.add_argument("username")
        parser.add_argument("--label", default="cli")

    def handle(self, *args, username: str, label: str, **options):
        user = get_user_model().objects.filter(username=username).first()
        if user is None:
            raise CommandError(f"No user '{username}'.")
        try:
            _, token = token_issue(user=user, label=label)
        except ApplicationError as exc:
            raise CommandError(exc.message) from exc
        self.stderr.write(f"Staff token for '{username}' (shown once, store it now):")
        self.stdout.write(token)
