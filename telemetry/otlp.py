"""OpenTelemetry spans → Kaizen events (pure), following the instrumentations agents really use.

Three attribute families are understood: the GenAI semantic conventions (`gen_ai.operation.name`,
`gen_ai.tool.name`, `gen_ai.agent.name`, `gen_ai.usage.*`, `gen_ai.conversation.id`),
OpenInference (`openinference.span.kind` LLM / TOOL / AGENT / CHAIN / EMBEDDING, `tool.name`,
`llm.token_count.*`, `llm.model_name`, `session.id`) and Langfuse (`langfuse.observation.type`,
`langfuse.session.id`, `session.id`, `langfuse.observation.usage_details` and `cost_details`).
Tool spans become tool invocations and agent spans skill outcomes. An LLM call is not a skill:
its tokens, cost and model roll up into the agent span that contains it or, with none in the
batch, into an outcome of the skill `session`. A conversation or session id set on an ancestor
applies to its descendants. Container spans (chains, plain Langfuse spans) carry context only;
anything else is unmapped and reported with its reason.
"""

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime

from telemetry.failure_modes import derive

STATUS_ERROR = 2
SESSION_KEYS = ("gen_ai.conversation.id", "session.id", "langfuse.session.id")
GENAI = {
    "execute_tool": "tool",
    "invoke_agent": "agent",
    "create_agent": "agent",
    "chat": "llm",
    "text_completion": "llm",
    "generate_content": "llm",
    "embeddings": "llm",
}
OPENINFERENCE = {"TOOL": "tool", "AGENT": "agent", "LLM": "llm", "EMBEDDING": "llm", "CHAIN": "chain"}
LANGFUSE = {
    "tool": "tool",
    "agent": "agent",
    "generation": "llm",
    "embedding": "llm",
    "chain": "chain",
    "span": "chain",
    "event": "context",
    "retriever": "tool",
}


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
    parent_id: str = ""


@dataclass
class Mapped:
    events: list[dict] = field(default_factory=list)
    unmapped: list[tuple[str, str]] = field(default_factory=list)  # (span name, reason)
    context: int = 0  # container spans: no event of their own, nothing lost
    sessions: dict[str, str] = field(default_factory=dict)  # trace id → session id seen in it


def kind_of(span: SpanView) -> str | None:
    a = span.attributes
    op = a.get("gen_ai.operation.name")
    if op in GENAI:
        return GENAI[op]
    oi = str(a.get("openinference.span.kind") or "").upper()
    if oi in OPENINFERENCE:
        return OPENINFERENCE[oi]
    lf = str(a.get("langfuse.observation.type") or "").lower()
    if lf in LANGFUSE:
        return LANGFUSE[lf]
    if not op and span.name.split(" ")[0] in GENAI:  # older instrumentations: only the span name
        return GENAI[span.name.split(" ")[0]]
    return None


def failure_mode(error_type: str, message: str) -> str:
    return derive(f"{error_type} {message}") or "RUNTIME"


def _ts(ns: int) -> str:
    return datetime.fromtimestamp(ns / 1e9, tz=UTC).isoformat()


def _int(value) -> int | None:
    try:
        return int(value) if value is not None else None
    except (TypeError, ValueError):
        return None


def _langfuse_usage(a: dict) -> dict:
    """Langfuse's `usage_details` is a JSON object: {"input", "output"} or OpenAI's own names."""
    raw = a.get("langfuse.observation.usage_details")
    try:
        usage = json.loads(raw) if isinstance(raw, str) else {}
    except ValueError:
        return {}
    if not isinstance(usage, dict):
        return {}
    return {
        "input": usage.get("input", usage.get("prompt_tokens", usage.get("input_tokens"))),
        "output": usage.get("output", usage.get("completion_tokens", usage.get("output_tokens"))),
    }


def _cost(a: dict) -> float | None:
    """Langfuse's `cost_details` (USD): its `total`, else the sum of its parts; None when absent."""
    raw = a.get("langfuse.observation.cost_details")
    try:
        cost = json.loads(raw) if isinstance(raw, str) else None
    except ValueError:
        return None
    if not isinstance(cost, dict):
        return None
    parts = [v for v in cost.values() if isinstance(v, int | float) and not isinstance(v, bool) and v >= 0]
    total = cost.get("total")
    if isinstance(total, int | float) and not isinstance(total, bool) and total >= 0:
        return float(total)
    return float(sum(parts)) if parts else None


def _tokens(a: dict) -> tuple[int | None, int | None]:
    usage = _langfuse_usage(a)
    inp = a.get(
        "gen_ai.usage.input_tokens",
        a.get("gen_ai.usage.prompt_tokens", a.get("llm.token_count.prompt", usage.get("input"))),
    )
    out = a.get(
        "gen_ai.usage.output_tokens",
        a.get("gen_ai.usage.completion_tokens", a.get("llm.token_count.completion", usage.get("output"))),
    )
    return _int(inp), _int(out)


def _model(a: dict) -> str:
    return str(
        a.get("gen_ai.response.model")
        or a.get("gen_ai.request.model")
        or a.get("llm.model_name")
        or a.get("langfuse.observation.model.name")
        or ""
    )[:200]


def to_events(spans: list[SpanView]) -> Mapped:
    """Map a batch of spans; ancestors in the same batch lend their session id and collect
    the tokens of the LLM calls beneath them."""
    by_id = {(s.trace_id, s.span_id): s for s in spans}
    kinds = {(s.trace_id, s.span_id): kind_of(s) for s in spans}

    def own_session(span: SpanView) -> str | None:
        for key in SESSION_KEYS:
            if span.attributes.get(key):
                return str(span.attributes[key])[:128]
        return None

    sessions = _Nearest(by_id, own_session)

    def session_of(span: SpanView) -> str:
        return sessions.of((span.trace_id, span.span_id)) or span.trace_id

    out, agents = Mapped(), {}
    for span in spans:
        session = session_of(span)
        if session != span.trace_id:
            out.sessions[span.trace_id] = session
        kind, a = kinds[(span.trace_id, span.span_id)], span.attributes
        duration = max(0, (span.end_ns - span.start_ns) // 1_000_000)
        failed = span.status_code == STATUS_ERROR
        error = str(a.get("error.type") or a.get("exception.type") or "")
        base = {"id": f"otel:{span.trace_id}:{span.span_id}", "timestamp": _ts(span.start_ns)}
        if kind == "tool":
            tool = (
                a.get("gen_ai.tool.name")
                or a.get("tool.name")
                or span.name.removeprefix("execute_tool").strip()
            )
            body = {"session_id": session, "tool": str(tool or "unknown_tool")[:200], "duration_ms": duration}
            body["outcome"] = "success"
            if failed:
                mode = failure_mode(error, span.status_message)
                body.update(outcome="timeout" if mode == "TIMEOUT" else "failure", failure_mode=mode)
                body["error"] = (span.status_message or error)[:2000]
            out.events.append({**base, "type": "tool_invocation", "body": body})
        elif kind == "agent" or (kind == "chain" and not span.parent_id):
            skill = (
                a.get("gen_ai.agent.name")
                or a.get("agent.name")
                or span.name.removeprefix("invoke_agent").strip()
            )
            inp, outp = _tokens(a)
            body = {
                "skill": str(skill or span.name or "agent")[:200],
                "success": not failed,
                "duration_ms": duration,
                "input_tokens": inp,
                "output_tokens": outp,
                "model": _model(a) or None,
                "cost_usd": _cost(a),
                "correlation_id": span.span_id[:128],
                "session_id": session,
            }
            if failed:
                body["failure_reason"] = (span.status_message or error or "error")[:2000]
            event = {**base, "type": "skill_outcome", "body": body}
            agents[(span.trace_id, span.span_id)] = event
            out.events.append(event)
        elif kind in ("chain", "context"):
            out.context += 1
        elif kind != "llm":
            out.unmapped.append((span.name, "no GenAI, OpenInference or Langfuse kind"))
    owners = _Nearest(by_id, lambda p: agents.get((p.trace_id, p.span_id)))
    for span in spans:  # LLM calls roll up into the agent above them, or stand for the session
        if kinds[(span.trace_id, span.span_id)] != "llm":
            continue
        inp, outp = _tokens(span.attributes)
        owner = owners.of((span.trace_id, span.parent_id))
        if owner is None:
            owner = {
                "id": f"otel:{span.trace_id}:{span.span_id}",
                "timestamp": _ts(span.start_ns),
                "type": "skill_outcome",
                "body": {
                    "skill": "session",
                    "success": span.status_code != STATUS_ERROR,
                    "duration_ms": max(0, (span.end_ns - span.start_ns) // 1_000_000),
                    "correlation_id": session_of(span),
                    "session_id": session_of(span),
                },
            }
            if span.status_code == STATUS_ERROR:
                owner["body"]["failure_reason"] = (span.status_message or "LLM call failed")[:2000]
            out.events.append(owner)
        body = owner["body"]
        own = body.get(
            "_own_tokens", body.get("input_tokens") is not None or body.get("output_tokens") is not None
        )
        body["_own_tokens"] = own
        if not own:  # an agent that reports its own totals is not counted twice
            body["input_tokens"] = (body.get("input_tokens") or 0) + (inp or 0)
            body["output_tokens"] = (body.get("output_tokens") or 0) + (outp or 0)
        body["model"] = body.get("model") or _model(span.attributes) or None
        own_cost = body.get("_own_cost", body.get("cost_usd") is not None)
        body["_own_cost"] = own_cost
        cost = _cost(span.attributes)
        if cost is not None and not own_cost:  # a cost Langfuse was given is kept, not re-priced
            body["cost_usd"] = (body.get("cost_usd") or 0.0) + cost
    for event in out.events:
        event["body"] = {k: v for k, v in event["body"].items() if v is not None and not k.startswith("_")}
    return out


class _Nearest:
    """For a span, the value `own` finds on it or on its nearest ancestor in the batch (None:
    none has one). Each span is walked once whatever the depth of its chain: a path's answers
    are remembered for every span on it, so a batch costs time linear in its spans."""

    def __init__(self, by_id: dict, own):
        self.by_id, self.own, self.memo = by_id, own, {}

    def of(self, key: tuple):
        path, found, seen = [], None, set()
        while key in self.by_id and key not in seen:
            if key in self.memo:
                found = self.memo[key]
                break
            seen.add(key)
            span = self.by_id[key]
            found = self.own(span)
            if found is not None:
                self.memo[key] = found
                break
            path.append(key)
            key = (span.trace_id, span.parent_id)
        for walked in path:
            self.memo[walked] = found
        return found


MAX_NANOS = 253_402_300_799 * 10**9  # 9999-12-31T23:59:59Z


def _nanos(value, field: str) -> int:
    """A span time in nanoseconds since the epoch, within what a timestamp can hold."""
    nanos = int(value)
    if not 0 <= nanos <= MAX_NANOS:
        raise ValueError(f"{field} {nanos} is out of range (0 to {MAX_NANOS} nanoseconds since 1970)")
    return nanos


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
                        _nanos(s.get("startTimeUnixNano", 0), "startTimeUnixNano"),
                        _nanos(s.get("endTimeUnixNano", 0), "endTimeUnixNano"),
                        int(status.get("code", 0)),
                        str(status.get("message", "")),
                        attrs,
                        str(s.get("parentSpanId", "")),
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
                        _nanos(s.start_time_unix_nano, "startTimeUnixNano"),
                        _nanos(s.end_time_unix_nano, "endTimeUnixNano"),
                        s.status.code,
                        s.status.message,
                        attrs,
                        s.parent_span_id.hex(),
                    )
                )
    return spans
