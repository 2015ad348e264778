"""Bearer-token authentication: one scheme for agent tokens and staff tool tokens."""

import base64
import hmac
from dataclasses import dataclass

from django.db import connection
from rest_framework import authentication, exceptions

from telemetry import hot_cache, tokens
from telemetry.arms import served_version_id
from telemetry.bulk import fast_cursor
from telemetry.models import Agent, AgentTemplate, ApiToken, Document

DOC_CANARY = Document._meta.get_field("canary_agents")
DOC_SINCE = Document._meta.get_field("candidate_since")


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


def _convert(field, value):
    """Apply the backend's and the field's from-database converters (what the ORM would do)."""
    col = field.get_col(field.model._meta.db_table)
    for converter in connection.ops.get_db_converters(col) + field.get_db_converters(connection):
        value = converter(value, col, connection)
    return value


def token_by_prefix(prefix: str) -> ApiToken | None:
    """The token with `prefix`, its agent and the version that agent is served, in one query.

    This runs on every agent request, so it is a single hand-written join rather than an ORM
    select_related chain (whose compilation costs more than the query itself).
    """
    agent_fields = list(Agent._meta.concrete_fields)
    columns = ", ".join(f'a."{f.column}"' for f in agent_fields)
    sql = (
        f'SELECT t."id", t."digest", t."agent_id", t."user_id", t."revoked_at", d."head_id", '
        f'd."candidate_id", d."canary_agents", d."candidate_share", d."candidate_since", '
        f"{columns} FROM {ApiToken._meta.db_table} t "
        f"LEFT JOIN {Agent._meta.db_table} a ON a.id = t.agent_id "
        f"LEFT JOIN {AgentTemplate._meta.db_table} tt ON tt.id = a.template_id "
        f"LEFT JOIN {Document._meta.db_table} d ON d.id = tt.document_id "
        "WHERE t.prefix = %s"
    )
    with fast_cursor() as cursor:
        cursor.execute(sql, [prefix])
        row = cursor.fetchone()
    if row is None:
        return None
    token_id, digest, agent_id, user_id, revoked_at, head_id, *rest = row
    candidate_id, canary, share, since, *agent_row = rest
    token = ApiToken(
        id=token_id,
        prefix=prefix,
        digest=digest,
        agent_id=agent_id,
        user_id=user_id,
        revoked_at=revoked_at,
    )
    if agent_id is not None:
        values = [_convert(f, v) for f, v in zip(agent_fields, agent_row, strict=True)]
        agent = Agent.from_db(connection.alias, [f.attname for f in agent_fields], values)
        agent.current_version_id = served_version_id(
            agent_id=agent.pk,
            agent_created_at=agent.created_at,
            head_id=head_id,
            candidate_id=candidate_id,
            canary_agents=_convert(DOC_CANARY, canary) or [],
            share=share or 0.0,
            since=_convert(DOC_SINCE, since),
        )
        token.agent = agent
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
        return self.authenticate_token(raw)

    def authenticate_token(self, raw: str):
        digest = tokens.digest(raw)
        token = hot_cache.token_get(digest)
        if token is None:
            prefix = tokens.split_prefix(raw)
            token = token_by_prefix(prefix) if prefix else None
            if token is None or not hmac.compare_digest(digest, token.digest):
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
        return self.authenticate_token(secret)

    def authenticate_header(self, request) -> str:
        return 'Basic realm="kaizen"'
