"""OTLP over gRPC: the trace service many OpenTelemetry setups export to by default (port 4317),
served beside the web process and feeding the same pipeline as `POST /v1/traces`.

An export authenticates with the agent's token in the `authorization` metadata
(`Bearer kz_…`), as OTLP/HTTP does in its header: `OTEL_EXPORTER_OTLP_HEADERS=authorization=Bearer
kz_…`. Each call runs on a worker thread with its own database connection; a bad token is
UNAUTHENTICATED, a message larger than `KAIZEN_INGEST_MAX_BODY_BYTES` (the limit OTLP/HTTP answers
413 over) or an export over `KAIZEN_OTLP_MAX_SPANS` RESOURCE_EXHAUSTED, a body that does not decode
INVALID_ARGUMENT, and the answer carries the same partial-success counts as OTLP/HTTP. An export
that fails while it is stored is UNAVAILABLE when the database is (retry later) and INTERNAL
otherwise, with a sentence of Kaizen's own: never the database's error text, which gRPC would
otherwise hand the client as an UNKNOWN's details.
"""

import logging
from concurrent import futures

import grpc
from django.conf import settings
from django.db import close_old_connections
from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceResponse
from rest_framework import exceptions

from config.error_views import database_unavailable
from fleet.auth import BearerTokenAuthentication
from telemetry.intake import otlp_spans as otlp
from telemetry.intake.otlp_http import export, export_response, over_cap

SERVICE = "opentelemetry.proto.collector.trace.v1.TraceService"
log = logging.getLogger(__name__)


class TraceService:
    def Export(self, request: bytes, context):  # noqa: N802 - the OTLP service's method name
        """One export, handed over as the message's bytes: they are decoded here, where a body
        that is not an ExportTraceServiceRequest can be answered INVALID_ARGUMENT (gRPC answers
        a request its own decoding step fails on with a bare INTERNAL or UNKNOWN)."""
        close_old_connections()
        try:
            agent = _agent(context)
            try:
                spans = otlp.spans_from_protobuf(request)
            except Exception as exc:  # noqa: BLE001 - any decode error is the client's
                context.abort(
                    grpc.StatusCode.INVALID_ARGUMENT, f"Could not decode the OTLP protobuf message: {exc}"
                )
            too_many = over_cap(spans)
            if too_many:
                context.abort(grpc.StatusCode.RESOURCE_EXHAUSTED, too_many)
            try:
                rejected, message, _ = export(agent, spans)
            except Exception as exc:  # noqa: BLE001 - answered below, the cause logged, not sent
                down = database_unavailable(exc)
                log.exception("OTLP/gRPC export from %s could not be stored", agent)
                context.abort(
                    grpc.StatusCode.UNAVAILABLE if down else grpc.StatusCode.INTERNAL,
                    "The database is unavailable: retry later."
                    if down
                    else "The export could not be stored (the server's log says why).",
                )
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
    it listens on; stop it with `.stop(grace)`.

    It receives messages up to `KAIZEN_INGEST_MAX_BODY_BYTES` (after gzip, as OTLP/HTTP measures
    its bodies), read when the server starts; gRPC itself answers a larger one RESOURCE_EXHAUSTED
    before it reaches the service."""
    limit = settings.KAIZEN["INGEST_MAX_BODY_BYTES"]
    serving = grpc.server(
        futures.ThreadPoolExecutor(max_workers=workers),
        options=[("grpc.max_receive_message_length", limit)],
    )
    handler = grpc.unary_unary_rpc_method_handler(
        TraceService().Export,
        request_deserializer=None,  # the bytes as sent; Export decodes them
        response_serializer=ExportTraceServiceResponse.SerializeToString,
    )
    serving.add_generic_rpc_handlers((grpc.method_handlers_generic_handler(SERVICE, {"Export": handler}),))
    port = serving.add_insecure_port(address)
    if port == 0:
        raise OSError(f"Cannot listen on {address}.")
    serving.start()
    return serving, port
