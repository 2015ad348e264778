import json
import logging

from django.conf import settings
from django.http import HttpResponse, JsonResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse
from rest_framework.parsers import BaseParser
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from config.errors import ApplicationError
from config.permissions import IsAgent, request_agent
from fleet.auth import BasicTokenAuthentication
from telemetry.intake import otlp_spans as otlp
from telemetry.intake.otel_traces import traces_ingest

log = logging.getLogger(__name__)


class RawParser(BaseParser):
    media_type = "*/*"

    def parse(self, stream, media_type=None, parser_context=None):
        return stream.read()


class OtlpTracesApi(APIView):
    """OTLP/HTTP traces (protobuf or JSON, optionally gzip) mapped to Kaizen events. Also served at
    Langfuse's path (`/api/public/otel/v1/traces`) with its Basic auth, the agent token as the
    secret key, so the Langfuse SDK works by changing only its host."""

    permission_classes = [IsAgent]
    authentication_classes = [*api_settings.DEFAULT_AUTHENTICATION_CLASSES, BasicTokenAuthentication]
    parser_classes = [RawParser]

    @extend_schema(
        request={"application/x-protobuf": bytes, "application/json": dict},
        responses={
            200: OpenApiResponse(
                description="ExportTraceServiceResponse (partial success counts unmapped and invalid "
                "spans; with none rejected, its message warns of spans kept with an id left out or "
                "their text cleaned)"
            )
        },
    )
    def post(self, request):
        raw = request.body  # a gzip body arrives inflated (config/middleware.py)
        is_json = request.content_type.startswith("application/json")
        try:
            if is_json:
                spans = otlp.spans_from_json(json.loads(raw or b"{}"))
            else:
                spans = otlp.spans_from_protobuf(raw)
        except Exception as exc:  # noqa: BLE001 - any decode error is the client's
            raise ApplicationError(
                f"Could not decode the OTLP {'JSON' if is_json else 'protobuf'} body: {exc}"
            ) from exc
        too_many = over_cap(spans)
        if too_many:
            return JsonResponse({"message": too_many, "extra": {}}, status=413)
        rejected, message, summary = export(request_agent(request), spans)
        if is_json:
            body = {"kaizen": summary}
            if message:  # rejecting nothing, a warning
                body["partialSuccess"] = {"rejectedSpans": str(rejected), "errorMessage": message}
            return JsonResponse(body)
        return HttpResponse(
            export_response(rejected, message).SerializeToString(), content_type="application/x-protobuf"
        )


def over_cap(spans: list) -> str:
    """Why an export is too large to take at once ('' when it is not)."""
    most = settings.KAIZEN["OTLP_MAX_SPANS"]
    if len(spans) > most:
        return f"The export holds {len(spans)} spans; at most {most} are accepted at once."
    return ""


def export(agent, spans: list) -> tuple[int, str, dict]:
    """One OTLP export of `agent`, whichever transport brought it (HTTP or gRPC), through the
    one span mapping and ingest writer: (spans rejected, why, a summary of what was stored).
    Spans kept with an id left out or their text cleaned (otlp_spans.checked) are no rejection:
    the answer says so as a warning (a partial success that rejects nothing)."""
    spans, changed = otlp.checked(spans)
    mapped, results, unmapped = traces_ingest(agent=agent, spans=spans)
    names = sorted({name for name, _, _ in mapped.unmapped})
    invalid = [r for r in results if r.status == 400]
    stored = sum(r.status == 201 for r in results)
    rejected = unmapped + len(invalid)
    said = []
    if unmapped:
        said.append(
            f"{unmapped} span(s) map to no event (no GenAI, OpenInference, OpenLLMetry, MLflow or "
            f"Langfuse kind): {', '.join(names[:10])}"
        )
    if invalid:
        said.append(f"{len(invalid)} span(s) failed validation: {invalid[0].errors}")
    if changed:
        said.append(f"{len(changed)} span(s) kept with changes: {'; '.join(changed[:3])}")
    message = "; ".join(said)
    if message:
        log.info("OTLP intake from %s: %s", agent, message)
    summary = {
        "spans": len(spans),
        "mapped": len(mapped.events),
        "stored": stored,
        "unmapped": unmapped,
        "context": mapped.context,
        "invalid": len(invalid),
        "changed": len(changed),
    }
    return rejected, message, summary


def export_response(rejected: int, message: str):
    response = ExportTraceServiceResponse()
    if message:  # with no span rejected, a warning
        response.partial_success.rejected_spans = rejected
        response.partial_success.error_message = message
    return response
