"""OTLP over gRPC: the trace service many OpenTelemetry setups export to by default (port 4317),
served beside the web process and feeding the same pipeline as `POST /v1/traces`.

An export authenticates with the agent's token in the `authorization` metadata
(`Bearer kz_…`), as OTLP/HTTP does in its header: `OTEL_EXPORTER_OTLP_HEADERS=authorization=Bearer
kz_…`. Each call runs on a worker thread with its own database connection; a bad token is
UNAUTHENTICATED, an export over `KAIZEN_OTLP_MAX_SPANS` RESOURCE_EXHAUSTED, a body that does not
decode INVALID_ARGUMENT, and the answer carries the same partial-success counts as OTLP/HTTP.
"""

from concurrent import futures

import grpc
from django.db import close_old_connections
from opentelemetry.proto.collector.trace.v1 import trace_service_pb2_grpc
from rest_framework import exceptions

from fleet.auth import BearerTokenAuthentication
from telemetry.intake import otlp_spans as otlp
from telemetry.intake.otlp_http import export, export_response, over_cap


class TraceService(trace_service_pb2_grpc.TraceServiceServicer):
    def Export(self, request, context):  # noqa: N802 - the generated service's name
        close_old_connections()
        try:
            agent = _agent(context)
            spans = otlp.spans_from_protobuf(request.SerializeToString())
            too_many = over_cap(spans)
            if too_many:
                context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, too_many)
            rejected, message, _ = export(agent, spans)
            return export_response(rejected, message)
        finally:
            close_old_connections()


def _agent(context):
    metadata = dict(context.invocation_metadata())
    words = (metadata.get("authorization") or "").split()
    if len(words) != 2 or words[0].lower() != "bearer":
        context.abort(
            grpc.StatusCode.UNAUTHENTICATED, "Send the agent's token: authorization=Bearer <token>."
        )
    try:
        principal, _ = BearerTokenAuthentication().authenticate_token(words[1])
    except exceptions.APIException as exc:
        context.abort(grpc.StatusCode.UNAUTHENTICATED, str(exc.detail))
    agent = getattr(principal, "agent", None)
    if agent is None:
        context.abort(grpc.StatusCode.PERMISSION_DENIED, "Only an agent's token may export traces.")
    return agent


def server(address: str, workers: int = 8) -> tuple[grpc.Server, int]:
    """A started gRPC server on `address` ("0.0.0.0:4317"; port 0 picks a free one) and the port
    it listens on; stop it with `.stop(grace)`."""
    serving = grpc.server(futures.ThreadPoolExecutor(max_workers=workers))
    trace_service_pb2_grpc.add_TraceServiceServicer_to_server(TraceService(), serving)
    port = serving.add_insecure_port(address)
    if port == 0:
        raise OSError(f"Cannot listen on {address}.")
    serving.start()
    return serving, port
