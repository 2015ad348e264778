"""`/mcp`: the MCP server over streamable HTTP, behind Django like every endpoint (its middleware,
body limits and agent-token authentication), answered in JSON without server-held sessions so
that any web process can answer any request. The request is handed to the SDK's own ASGI app."""

import anyio
from asgiref.sync import async_to_sync
from django.http import HttpResponse, JsonResponse
from drf_spectacular.utils import extend_schema
from mcp.server.transport_security import TransportSecuritySettings
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.views import APIView

from config.permissions import IsAgent, request_agent
from telemetry.intake.mcp import current_agent, server
from telemetry.intake.otlp_http import RawParser

# Django has checked the Host header against ALLOWED_HOSTS already.
SECURITY = TransportSecuritySettings(enable_dns_rebinding_protection=False)
ANSWER_WITHIN_S = 30  # an exchange that has not answered by then ends with what it has (or 500)


async def _answer(method: str, headers: list[tuple[bytes, bytes]], body: bytes) -> tuple[int, list, bytes]:
    """One HTTP exchange with the SDK's streamable HTTP app, run for this request alone."""
    app = server.streamable_http_app(
        streamable_http_path="/mcp", json_response=True, stateless_http=True, transport_security=SECURITY
    )
    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": method,
        "scheme": "http",
        "path": "/mcp",
        "raw_path": b"/mcp",
        "query_string": b"",
        "root_path": "",
        "headers": headers,
        "client": ("127.0.0.1", 0),
        "server": ("127.0.0.1", 80),
    }
    pending = [{"type": "http.request", "body": body, "more_body": False}]
    answer = {"status": 500, "headers": [], "body": b""}

    async def receive():
        if pending:
            return pending.pop()
        await anyio.Event().wait()  # the client stays connected until the answer is sent

    async def send(message):
        if message["type"] == "http.response.start":
            answer["status"], answer["headers"] = message["status"], message.get("headers", [])
        elif message["type"] == "http.response.body":
            answer["body"] += message.get("body", b"")

    with anyio.move_on_after(ANSWER_WITHIN_S):  # no exchange holds a web worker for longer
        async with app.router.lifespan_context(app):
            await app(scope, receive, send)
    return answer["status"], answer["headers"], answer["body"]


class AnyAccept(BaseContentNegotiation):
    """The SDK answers for itself: DRF's own answers (401, 405) are JSON whatever the Accept."""

    def select_parser(self, request, parsers):
        return parsers[0]

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class McpApi(APIView):
    """The MCP endpoint (streamable HTTP, JSON answers): a prompt, resources and tools for the
    agent whose token is sent. See telemetry/intake/mcp.py for what it offers."""

    permission_classes = [IsAgent]
    parser_classes = [RawParser]  # the SDK's app reads the body itself
    content_negotiation_class = AnyAccept
    # What the Allow header of every answer lists (DRF sets it from this): only the methods that
    # work. GET opens no stream (405 below) and DELETE ends no session (none is held: the SDK
    # answers 405), so neither is listed, nor HEAD.
    allowed_methods = ["POST", "OPTIONS"]

    @extend_schema(exclude=True)
    def post(self, request):
        return self._bridge(request)

    @extend_schema(exclude=True)
    def get(self, request):
        """No stream for the server to push on (every answer is JSON, no session is held): 405, as
        the transport allows, for any Accept, instead of a stream that never ends."""
        return JsonResponse(
            {"message": "GET /mcp opens no stream here: send JSON-RPC requests with POST."},
            status=405,
            headers={"Allow": ", ".join(self.allowed_methods)},
        )

    @extend_schema(exclude=True)
    def delete(self, request):
        return self._bridge(request)

    def _bridge(self, request) -> HttpResponse:
        accept = request.META.get("HTTP_ACCEPT", "")
        if accept in ("", "*/*"):  # curl and plain HTTP clients: the answer is JSON either way
            accept = "application/json, text/event-stream"
        headers = [
            (b"content-type", request.content_type.encode() or b"application/json"),
            (b"accept", accept.encode()),
        ]
        for name in ("HTTP_MCP_PROTOCOL_VERSION", "HTTP_MCP_SESSION_ID", "HTTP_LAST_EVENT_ID"):
            if name in request.META:
                headers.append((name[5:].lower().replace("_", "-").encode(), request.META[name].encode()))
        token = current_agent.set(request_agent(request))
        try:
            status, answer_headers, body = async_to_sync(_answer)(request.method, headers, request.body)
        finally:
            current_agent.reset(token)
        response = HttpResponse(body, status=status)
        for name, value in answer_headers:
            if name.lower() not in (b"content-length", b"transfer-encoding", b"connection"):
                response[name.decode()] = value.decode()
        return response
