from django.conf import settings
from django.http import HttpResponse
from drf_spectacular.utils import extend_schema
from rest_framework.exceptions import APIException
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import ApplicationError, field_error
from config.permissions import IsAgent, request_agent
from config.untrusted import BatchJSONParser, loads, strings_are_safe
from telemetry import typed_batch
from telemetry.auth import AgentPrincipal, BearerTokenAuthentication
from telemetry.ingest import cleaned_ingest, events_ingest, limits
from telemetry.serializers import ErrorSerializer, IngestInputSerializer, IngestOutputSerializer


def batch_of(data) -> list:
    """The events of an ingest body, or a 400 naming what is wrong with it."""
    if not isinstance(data, dict):
        raise field_error("batch", 'Body must be an object: {"batch": [...]}.')
    unknown = sorted(set(data) - {"batch"})
    if "batch" not in data and {"type", "body"} <= set(data):
        raise field_error("batch", 'This is one event; send it as {"batch": [<event>]}.')
    if unknown:
        raise field_error(unknown[0], "Unknown field.")
    batch = data.get("batch")
    limit = settings.KAIZEN["INGEST_MAX_EVENTS"]
    if not isinstance(batch, list):
        raise field_error("batch", "This field is required and must be a list of events.")
    if not 1 <= len(batch) <= limit:
        raise field_error("batch", f"Must hold 1 to {limit} events; got {len(batch)}.")
    return batch


def plain_batch(request) -> HttpResponse | None:
    """The plain case of an ingest request, answered without DRF's request wrapping, content
    negotiation and rendering: a JSON POST with a valid agent token and a well-formed batch.
    None for anything else (nothing read or written yet): the full path says what is wrong,
    exactly as every other endpoint does. Served by the view and, in front of Django, as the
    `ingest` hot route (config.hotpath)."""
    if request.method != "POST" or request.content_type != "application/json":
        return None
    try:
        principal = BearerTokenAuthentication().authenticate(request)
        if principal is None or not isinstance(principal[0], AgentPrincipal):
            return None
        agent, raw = principal[0].agent, request.body
        safe = strings_are_safe(raw)
        # A batch of valid events is decoded and checked whole in C; any other is parsed and
        # checked event by event, so that each invalid one gets its own errors.
        cleaned = typed_batch.decode(raw, limits(), settings.KAIZEN["INGEST_MAX_EVENTS"]) if safe else None
        batch = None if cleaned is not None else batch_of(loads(raw))
    except (APIException, ApplicationError):
        return None
    if cleaned is not None:
        results = cleaned_ingest(agent=agent, events=cleaned)
    else:
        results = events_ingest(agent=agent, batch=batch, strings_checked=safe)
    body = JSONRenderer().render({"results": [r.as_dict() for r in results]})
    return HttpResponse(body, status=207, content_type="application/json", headers={"Vary": "Accept"})


class IngestApi(APIView):
    """Batched telemetry from one agent; answers 207 with a result per event."""

    permission_classes = [IsAgent]
    parser_classes = [BatchJSONParser]

    def dispatch(self, request, *args, **kwargs):
        return plain_batch(request) or super().dispatch(request, *args, **kwargs)

    @extend_schema(
        request=IngestInputSerializer,
        responses={
            207: IngestOutputSerializer,
            400: ErrorSerializer,
            401: ErrorSerializer,
            413: ErrorSerializer,
        },
    )
    def post(self, request):
        results = events_ingest(agent=request_agent(request), batch=batch_of(request.data))
        return Response({"results": [r.as_dict() for r in results]}, status=207)
