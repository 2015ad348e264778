from django.conf import settings
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import field_error
from config.permissions import IsAgent, request_agent
from config.untrusted import BatchJSONParser
from telemetry.ingest import events_ingest
from telemetry.serializers import ErrorSerializer, IngestInputSerializer, IngestOutputSerializer


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
        data = request.data
        if not isinstance(data, dict):
            raise field_error("batch", 'Body must be an object: {"batch": [...]}.')
        unknown = sorted(set(data) - {"batch"})
        if unknown:
            raise field_error(unknown[0], "Unknown field.")
        batch = data.get("batch")
        limit = settings.KAIZEN["INGEST_MAX_EVENTS"]
        if not isinstance(batch, list):
            raise field_error("batch", "This field is required and must be a list of events.")
        if not 1 <= len(batch) <= limit:
            raise field_error("batch", f"Must hold 1 to {limit} events; got {len(batch)}.")
        results = events_ingest(agent=request_agent(request), batch=batch)
        return Response({"results": [r.as_dict() for r in results]}, status=207)
