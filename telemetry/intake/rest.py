from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import field_error
from config.permissions import IsAgent, request_agent
from config.untrusted import BatchJSONParser, strings_are_safe
from telemetry import typed_batch
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


class IngestApi(APIView):
    """Batched telemetry from one agent; answers 207 with a result per event."""

    permission_classes = [IsAgent]
    parser_classes = [BatchJSONParser]

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
        agent, raw = request_agent(request), request.body
        # A JSON batch whose raw text is free of NUL and unpaired surrogates and whose events are
        # all valid is decoded and checked whole in C (telemetry.typed_batch, built from the
        # contract's rule table); any other is parsed and checked event by event, so each invalid
        # event gets its own field errors.
        json_body = request.content_type.split(";")[0].strip() == "application/json"
        safe = json_body and strings_are_safe(raw)
        cleaned = typed_batch.decode(raw, limits(), settings.KAIZEN["INGEST_MAX_EVENTS"]) if safe else None
        if cleaned is not None:
            results = cleaned_ingest(agent=agent, events=cleaned)
        else:
            results = events_ingest(agent=agent, batch=batch_of(request.data), strings_checked=safe)
        return Response({"results": [r.as_dict() for r in results]}, status=207)
