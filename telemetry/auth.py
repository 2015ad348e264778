"""Bearer-token authentication for agents and staff tools (one scheme, SPEC §6)."""

from dataclasses import dataclass

from rest_framework import authentication, exceptions

from telemetry import tokens
from telemetry.models import Agent, ApiToken


@dataclass
class AgentPrincipal:
    """Stands in for request.user when an agent token authenticated the request."""

    agent: Agent
    is_authenticated: bool = True
    is_active: bool = True
    is_staff: bool = False
    is_superuser: bool = False
    pk = None

    @property
    def username(self) -> str:
        return f"agent:{self.agent.name}"

    def has_perm(self, perm: str, obj=None) -> bool:
        return False

    def __str__(self) -> str:
        return self.username


class BearerTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(
                "Malformed Authorization header: use 'Bearer <token>'."
            )
        try:
            raw = header[1].decode()
        except UnicodeError as exc:
            raise exceptions.AuthenticationFailed("Malformed token.") from exc
        return self.authenticate_token(raw)

    def authenticate_token(self, raw: str):
        prefix = tokens.split_prefix(raw)
        token = (
            ApiToken.objects.select_related("agent", "user").filter(prefix=prefix).first()
            if prefix
            else None
        )
        if token is None or not tokens.matches(raw, token.digest):
            raise exceptions.AuthenticationFailed("Invalid token.")
        if token.revoked_at is not None:
            raise exceptions.AuthenticationFailed("This token has been revoked.")
        if token.agent_id is not None:
            if not token.agent.is_active:
                raise exceptions.AuthenticationFailed("This agent is deactivated.")
            return AgentPrincipal(agent=token.agent), token
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("This user is deactivated.")
        return token.user, token

    def authenticate_header(self, request) -> str:
        return f'{self.keyword} realm="kaizen"'
