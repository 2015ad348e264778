"""Bearer-token authentication: one scheme for agent tokens and staff tool tokens."""

import base64
import hmac
from dataclasses import dataclass

from rest_framework import authentication, exceptions

from fleet import failed_auth, hot_cache, tokens
from fleet.arms import served_version_id
from fleet.models import Agent, ApiToken


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


def token_by_prefix(prefix: str) -> ApiToken | None:
    """The token with `prefix`, its agent, the version that agent is served and the candidate
    running for its template (`current_candidate_id`, None when none runs: ingest then needs no
    look-up of the sessions a canary assigned), in one query (verified tokens are then reused for
    KAIZEN_INGEST_CACHE_SECONDS: fleet.hot_cache)."""
    token = ApiToken.objects.select_related("agent__template__document", "user").filter(prefix=prefix).first()
    if token is not None and token.agent_id is not None:
        agent = token.agent
        document = agent.template.document if agent.template_id else None
        agent.current_version_id = served_version_id(
            agent_id=agent.pk,
            agent_created_at=agent.created_at,
            head_id=document.head_id if document else None,
            candidate_id=document.candidate_id if document else None,
            canary_agents=document.canary_agents if document else [],
            share=document.candidate_share if document else 0.0,
            since=document.candidate_since if document else None,
        )
        agent.current_candidate_id = document.candidate_id if document else None
    return token


class BearerTokenAuthentication(authentication.BaseAuthentication):
    keyword = "Bearer"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        if len(header) != 2:
            raise exceptions.AuthenticationFailed("Malformed Authorization header: use 'Bearer <token>'.")
        try:
            raw = header[1].decode()
        except UnicodeError as exc:
            raise exceptions.AuthenticationFailed("Malformed token.") from exc
        return self.authenticate_token(raw, request)

    def authenticate_token(self, raw: str, request=None):
        digest = tokens.digest(raw)
        token = hot_cache.token_get(digest)
        if token is None:
            # The token is checked first: a valid one passes even from an address over its limit
            # of failures (an agent behind the same address as a client guessing tokens).
            prefix = tokens.split_prefix(raw)
            token = token_by_prefix(prefix) if prefix else None
            if token is None or not hmac.compare_digest(digest, token.digest):
                client = failed_auth.client_of(request)
                wait = failed_auth.blocked_for(client)
                if wait:
                    raise exceptions.Throttled(wait, "Too many failed authentications from this address.")
                failed_auth.record(client)
                raise exceptions.AuthenticationFailed("Invalid token.")
            if token.agent_id is not None and token.revoked_at is None and token.agent.is_active:
                hot_cache.token_put(digest, token)  # only agent tokens that authenticate
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


class BasicTokenAuthentication(BearerTokenAuthentication):
    """`Authorization: Basic base64(anything:token)`: the token as the password (what Langfuse's
    SDK sends, with the agent token as its secret key)."""

    keyword = "Basic"

    def authenticate(self, request):
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != b"basic":
            return None
        try:
            _, _, secret = base64.b64decode(header[1]).decode().partition(":")
        except (IndexError, ValueError, UnicodeError) as exc:
            raise exceptions.AuthenticationFailed("Malformed Basic credentials.") from exc
        return self.authenticate_token(secret, request)

    def authenticate_header(self, request) -> str:
        return 'Basic realm="kaizen"'
