import os

from django.core.management.base import BaseCommand, CommandError
from rest_framework.exceptions import AuthenticationFailed

from fleet.auth import AgentPrincipal, BearerTokenAuthentication
from telemetry.intake.mcp import current_agent, server


class Command(BaseCommand):
    help = (
        "Serve Kaizen's MCP server over stdio for one agent (its token from --token or "
        "KAIZEN_AGENT_TOKEN): the directives prompt, learned facts and anti-patterns, and tools to "
        "report tool calls, outcomes, corrections and feedback and to submit proposals."
    )

    def add_arguments(self, parser):
        parser.add_argument(
            "--token", default=os.environ.get("KAIZEN_AGENT_TOKEN", ""), help="The agent's token."
        )

    def handle(self, *args, token: str, **options):
        if not token:
            raise CommandError("no agent token: pass --token kz_… or set KAIZEN_AGENT_TOKEN")
        try:
            principal, _ = BearerTokenAuthentication().authenticate_token(token)
        except AuthenticationFailed as exc:
            raise CommandError(f"the token was refused: {exc.detail}") from exc
        if not isinstance(principal, AgentPrincipal):
            raise CommandError("the token was refused: it is a staff token; the MCP server needs an agent's")
        current_agent.set(principal.agent)
        server.run("stdio")
