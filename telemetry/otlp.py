"""OpenTelemetry GenAI spans → Kaizen events (pure).

`execute_tool` spans become tool invocations; `invoke_agent` and `chat` spans become skill
outcomes with their `gen_ai.usage.*` tokens; `gen_ai.conversation.id` is the session id.
Anything else is counted as unmapped and reported back to the exporter.
"""

from dataclasses import dataclass, field
from datetime import UTC, datetime

STATUS_ERROR = 2


@dataclass(frozen=True)
class SpanView:
    trace_id: str
    span_id: str
    name: str
    start_ns: int
    end_ns: int
    status_code: int
    status_message: str = ""
    attributes: dict = field(default_factory=dict)


def _operation(span: SpanView) -> str:
    return str(span.attributes.get("gen_ai.operation.name") or span.name.split(" ")[0])


def failure_mode(error_type: str, message: str) -> str:
    text = f"{error_type} {message}".lower()
    if "timeout" in text or "timed out" in text:
        return "TIMEOUT"
    if any(w in text for w in ("not_found", "notfound", "not found", "404")):
        return "NOTFOUND"
    if any(w in text for w in ("permission", "forbidden", "401", "403", "unauthori")):
        return "PERM"
    if any(w in text for w in ("argument", "invalid_param", "validation")):
        return "ARGS"
    if any(w in text for w in ("connection", "network", "dns")):
        return "NETWORK"
    return "RUNTIME"


def _ts(ns: int) -> str:
    return datetime.fromtimestamp(ns / 1e9, tz=UTC).isoformat()


def _int(value) -> int | None:
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def to_event(span: SpanView) -> dict | None:
    """The Kaizen event of one span, or None when the span has no GenAI mapping."""
    op, a = _operation(span), span.attributes
    duration = max(0, (span.end_ns - span.start_ns) // 1_000_000)
    failed = span.status_code == STATUS_ERROR
    base = {"id": f"otel:{span.trace_id}:{span.span_id}", "timestamp": _ts(span.start_ns)}
    session = str(a.get("gen_ai.conversation.id") or span.trace_id)
    error_type = str(a.get("error.type") or "")
    if op == "execute_tool":
        tool = a.get("gen_ai.tool.name") or span.name.removeprefix("execute_tool").strip() or "unknown_tool"
        body = {
            "session_id": session[:128],
            "tool": str(tool)[:200],
            "duration_ms": duration,
            "outcome": "success",
            "args": {k: a[k] for k in ("gen_ai.tool.call.id",) if k in a},
        }
        if failed:
            mode = failure_mode(error_type, span.status_message)
            body.update(outcome="timeout" if mode == "TIMEOUT" else "failure", failure_mode=mode)
        return {**base, "type": "tool_invocation", "body": body}
    if op in ("invoke_agent", "chat"):
        skill = a.get("gen_ai.agent.name") if op == "invoke_agent" else None
        skill = skill or f"{op}:{a.get('gen_ai.request.model') or a.get('gen_ai.response.model') or 'model'}"
        body = {
            "skill": str(skill)[:200],
            "success": not failed,
            "duration_ms": duration,
            "input_tokens": _int(a.get("gen_ai.usage.input_tokens")),
            "output_tokens": _int(a.get("gen_ai.usage.output_tokens")),
            "correlation_id": span.span_id,
        }
        if failed:
            body["failure_reason"] = (span.status_message or error_type or "error")[:2000]
        return {**base, "type": "skill_outcome", "body": {k: v for k, v in body.items() if v is not None}}
    return None


def _any_value(value: dict):
    for key in ("stringValue", "intValue", "doubleValue", "boolValue"):
        if key in value:
            return int(value[key]) if key == "intValue" else value[key]
    return None


def spans_from_json(data: dict) -> list[SpanView]:
    """OTLP/JSON (lowerCamelCase keys, hex ids, 64-bit integers as strings)."""
    spans = []
    for resource in data.get("resourceSpans", []):
        for scope in resource.get("scopeSpans", []):
            for s in scope.get("spans", []):
                attrs = {kv["key"]: _any_value(kv.get("value", {})) for kv in s.get("attributes", [])}
                status = s.get("status", {})
                spans.append(
                    SpanView(
                        str(s.get("traceId", "")),
                        str(s.get("spanId", "")),
                        str(s.get("name", "")),
                        int(s.get("startTimeUnixNano", 0)),
                        int(s.get("endTimeUnixNano", 0)),
                        int(status.get("code", 0)),
                        str(status.get("message", "")),
                        attrs,
                    )
                )
    return spans


def spans_from_protobuf(payload: bytes) -> list[SpanView]:
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

    request = ExportTraceServiceRequest()
    request.ParseFromString(payload)
    spans = []
    for resource in request.resource_spans:
        for scope in resource.scope_spans:
            for s in scope.spans:
                attrs = {}
                for kv in s.attributes:
                    kind = kv.value.WhichOneof("value")
                    attrs[kv.key] = getattr(kv.value, kind) if kind else None
                spans.append(
                    SpanView(
                        s.trace_id.hex(),
                        s.span_id.hex(),
                        s.name,
                        s.start_time_unix_nano,
                        s.end_time_unix_nano,
                        s.status.code,
                        s.status.message,
                        attrs,
                    )
                )
    return spans
