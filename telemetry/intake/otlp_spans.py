"""OpenTelemetry spans → Kaizen events (pure), following the instrumentations agents really use.

A span's kind comes from the first attribute family it carries: the GenAI semantic conventions
(`gen_ai.operation.name`: openai-v2, pydantic-ai/logfire, MLflow's GenAI mode), OpenInference
(`openinference.span.kind`: Phoenix, openai-agents, LangChain/LangGraph), OpenLLMetry
(`traceloop.span.kind`: `@workflow`, `@agent`, `@task`, `@tool`), MLflow tracing
(`mlflow.spanType`) and Langfuse (`langfuse.observation.type`); a span with none is unmapped and
reported with its reason.

A tool span is a tool invocation (an error status or an exception event gives the failure and
its text). One agent run is one outcome: the outermost agent span of a trace (an agent or
workflow span with no agent above it, or a root container span) becomes the skill outcome;
agent spans nested in it are context. The tokens, cost and model of every LLM call below it add
up on it, unless it reports its own totals. A conversation or session id on an ancestor applies
to its descendants; so does an end user's id (`enduser.id`, `user.id`: whom the run was for),
and a user named anywhere in a trace is the user of its spans that name none. The session a
run was handed from (`kaizen.parent_session_id` or `session.parent_id`, or a span link to
another trace: the linked span's `session.id` or the like, else its trace id, which is the
upstream run's session when it names none) is found the same way, and carried as the events'
`parent_session_id`. `settled` names
the traces whose spans are all here (their root came): the outcomes of other traces wait until
they are (see telemetry/intake/otel_traces.py), their tools do not.

A span is never refused for what an attribute holds: as a token count that is not a number is
not read, a session, user or hand-off id that breaks the rule for an id (telemetry.contract.
id_problem, the rule REST events follow: nothing is cut or converted) is left out of the span, as
if it had not been said, and text the database cannot hold (a NUL, an unpaired surrogate) is
cleaned from its name, messages and attributes; `checked` says which spans were changed and how,
for the export's answer (a partial success that rejects nothing: a warning).
"""

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime

from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest

from config.untrusted import text_problem
from telemetry.contract import id_problem
from telemetry.failure_modes import derive

STATUS_ERROR = 2
SESSION_KEYS = (
    "gen_ai.conversation.id",
    "session.id",
    "langfuse.session.id",
    "traceloop.association.properties.session_id",
    "mlflow.trace.session",
    "mlflow.traceTag.session_id",
    "mlflow.traceTag.session.id",
)
# The session this one was handed from (another agent's session_id): said on a span of the run,
# or by a span link to the upstream agent's span (see `_linked_parent`).
PARENT_SESSION_KEYS = ("kaizen.parent_session_id", "session.parent_id")
USER_KEYS = (
    "enduser.id",
    "user.id",
    "langfuse.user.id",
    "traceloop.association.properties.user_id",
)
GENAI = {
    "execute_tool": "tool",
    "retrieval": "tool",
    "invoke_agent": "agent",
    "invoke_workflow": "agent",
    "create_agent": "agent",
    "chat": "llm",
    "text_completion": "llm",
    "generate_content": "llm",
    "embeddings": "llm",
}
OPENINFERENCE = {
    "TOOL": "tool",
    "RETRIEVER": "tool",
    "RERANKER": "tool",
    "AGENT": "agent",
    "LLM": "llm",
    "EMBEDDING": "llm",
    "CHAIN": "chain",
    "GUARDRAIL": "chain",
    "EVALUATOR": "chain",
    "PROMPT": "chain",
}
TRACELOOP = {"workflow": "agent", "agent": "agent", "tool": "tool", "task": "chain"}
MLFLOW = {
    "AGENT": "agent",
    "TOOL": "tool",
    "RETRIEVER": "tool",
    "LLM": "llm",
    "CHAT_MODEL": "llm",
    "EMBEDDING": "llm",
}  # any other MLflow span type (CHAIN, PARSER, RERANKER, UNKNOWN …) is a container
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
NAME_SUFFIXES = (".tool", ".agent", ".workflow", ".task")
NAME_PREFIXES = ("execute_tool ", "invoke_agent ", "invoke_workflow ")


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
    exception: str = ""  # the message of an `exception` event, when the span recorded one

    @property
    def key(self) -> tuple[str, str]:
        return self.trace_id, self.span_id


@dataclass
class Mapped:
    events: list[dict] = field(default_factory=list)
    unmapped: list[tuple[str, str, tuple]] = field(default_factory=list)  # (span name, reason, key)
    context: int = 0  # container spans: no event of their own, nothing lost
    sessions: dict[str, str] = field(default_factory=dict)  # trace id → session id seen in it
    users: dict[str, str] = field(default_factory=dict)  # trace id → the end user named in it


def _plain(value) -> str:
    """An attribute as text: MLflow stores strings JSON-encoded ('"TOOL"')."""
    text = str(value or "")
    if len(text) >= 2 and text[0] == text[-1] == '"':
        try:
            return str(json.loads(text))
        except ValueError:
            return text
    return text


def kind_of(span: SpanView) -> str | None:
    a = span.attributes
    op = a.get("gen_ai.operation.name")
    if op in GENAI:
        return GENAI[op]
    oi = str(a.get("openinference.span.kind") or "").upper()
    if oi in OPENINFERENCE:
        return OPENINFERENCE[oi]
    tl = str(a.get("traceloop.span.kind") or "").lower()
    if tl in TRACELOOP:
        return TRACELOOP[tl]
    if a.get("mlflow.spanType"):
        return MLFLOW.get(_plain(a["mlflow.spanType"]).upper(), "chain")
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


def _json_object(raw) -> dict:
    try:
        value = json.loads(raw) if isinstance(raw, str) else raw
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def _usage(a: dict) -> dict:
    """Token counts given as one JSON object: Langfuse's `usage_details` ({"input", "output"} or
    OpenAI's own names) or MLflow's `mlflow.chat.tokenUsage`."""
    usage = _json_object(a.get("langfuse.observation.usage_details")) or _json_object(
        a.get("mlflow.chat.tokenUsage")
    )
    return {
        "input": usage.get("input", usage.get("prompt_tokens", usage.get("input_tokens"))),
        "output": usage.get("output", usage.get("completion_tokens", usage.get("output_tokens"))),
    }


def _cost(a: dict) -> float | None:
    """Langfuse's `cost_details` (USD): its `total`, else the sum of its parts; None when absent."""
    cost = _json_object(a.get("langfuse.observation.cost_details"))
    if not cost:
        return None

    def number(v) -> bool:
        return isinstance(v, int | float) and not isinstance(v, bool) and v >= 0

    if number(cost.get("total")):
        return float(cost["total"])
    parts = [v for v in cost.values() if number(v)]
    return float(sum(parts)) if parts else None


def _tokens(a: dict) -> tuple[int | None, int | None]:
    usage = _usage(a)
    inp = next(
        (
            a[k]
            for k in (
                "gen_ai.usage.input_tokens",
                "gen_ai.usage.prompt_tokens",
                "gen_ai.aggregated_usage.input_tokens",
                "llm.token_count.prompt",
            )
            if a.get(k) is not None
        ),
        usage.get("input"),
    )
    out = next(
        (
            a[k]
            for k in (
                "gen_ai.usage.output_tokens",
                "gen_ai.usage.completion_tokens",
                "gen_ai.aggregated_usage.output_tokens",
                "llm.token_count.completion",
            )
            if a.get(k) is not None
        ),
        usage.get("output"),
    )
    return _int(inp), _int(out)


def _model(a: dict) -> str:
    return _plain(
        a.get("gen_ai.response.model")
        or a.get("gen_ai.request.model")
        or a.get("llm.model_name")
        or a.get("langfuse.observation.model.name")
        or a.get("mlflow.llm.model")
        or ""
    )[:200]


def _named(span: SpanView, *keys: str) -> str:
    """The name an instrumentation gave the tool or agent, else the span's own name without the
    conventions' prefixes and suffixes ('execute_tool refund', 'refund.tool' → 'refund')."""
    for key in keys:
        if span.attributes.get(key):
            return _plain(span.attributes[key])[:200]
    name = span.name
    for prefix in NAME_PREFIXES:
        name = name.removeprefix(prefix)
    for suffix in NAME_SUFFIXES:
        name = name.removesuffix(suffix)
    return name.strip()[:200]


TOOL_NAMES = ("gen_ai.tool.name", "tool.name", "traceloop.entity.name", "mlflow.spanFunctionName")
AGENT_NAMES = ("gen_ai.agent.name", "agent.name", "traceloop.entity.name", "mlflow.spanFunctionName")


def _handled_error(a: dict) -> str:
    """The text of a tool error the framework caught and handed back to the model (LangChain's
    ToolMessage with status "error"); '' when the call did not fail."""
    output = _json_object(a.get("output.value"))
    data = output.get("data") if isinstance(output.get("data"), dict) else output
    if isinstance(data, dict) and data.get("status") == "error":
        return str(data.get("content") or "error")
    return ""


class _Batch:
    """The spans of one batch, read together: each span's kind, and what it inherits from the
    spans above it (its session, its end user, the session its run was handed from, the agent
    run it belongs to). `settled`: the traces whose outcomes may be decided now (None: all)."""

    def __init__(self, spans: list[SpanView], settled: set[str] | None):
        self.spans, self.settled = spans, settled
        self.by_id = {s.key: s for s in spans}
        self.kinds = {s.key: kind_of(s) for s in spans}
        self.sessions = _Nearest(self.by_id, _own_session)
        self.users = _Nearest(self.by_id, _own_user)
        self.trace_users = _first_per_trace(spans, _own_user)
        self.parents = _Nearest(self.by_id, _own_parent)
        self.trace_parents = _first_per_trace(spans, _own_parent)
        self.agents_above = _Nearest(self.by_id, lambda p: p.key if self.agent_like(p) else None)

    def is_settled(self, span: SpanView) -> bool:
        return self.settled is None or span.trace_id in self.settled

    def agent_like(self, span: SpanView) -> bool:
        """An agent span, or a root container span (a run with no agent span of its own)."""
        kind = self.kinds[span.key]
        return kind == "agent" or (kind == "chain" and not span.parent_id)

    def session_of(self, span: SpanView) -> str:
        return self.sessions.of(span.key) or span.trace_id

    def user_of(self, span: SpanView) -> str | None:
        return self.users.of(span.key) or self.trace_users.get(span.trace_id)

    def parent_of(self, span: SpanView, session: str) -> str | None:
        parent = self.parents.of(span.key) or self.trace_parents.get(span.trace_id)
        return parent if parent != session else None

    def outermost(self, key: tuple) -> tuple | None:
        """The outermost agent-like span at or above `key` (None: there is none)."""
        found, seen = None, set()
        while key is not None and key not in seen:
            seen.add(key)
            found = self.agents_above.of(key)
            if found is None:
                break
            parent = self.by_id[found].parent_id
            above = self.agents_above.of((found[0], parent)) if parent else None
            if above is None:
                return found
            key = above
        return found


def _own_session(span: SpanView) -> str | None:
    """The conversation or session id a span names, if it names one."""
    return _first_id(span.attributes, SESSION_KEYS)


def _id_of(value) -> str | None:
    """An attribute as an id: the text it holds when that text follows the rule for an id (a
    string, MLflow's JSON-encoded ones decoded first), else None (not said, or not an id)."""
    text = _as_id(value)
    return None if value is None or id_problem(text) else text


def _as_id(value):
    """An attribute's value as the id it says: a string as text (MLflow's JSON-encoded ones
    decoded), anything else as it is (and not an id)."""
    return _plain(value) if isinstance(value, str) else value


def _first_id(attributes: dict, keys: tuple) -> str | None:
    """The first of `keys` whose attribute is an id (see `_id_of`)."""
    for key in keys:
        found = _id_of(attributes.get(key))
        if found is not None:
            return found
    return None


def _first_per_trace(spans: list[SpanView], own) -> dict[str, str]:
    """Trace id → the first value `own` finds on any span of the trace: a user or a hand-off named
    anywhere in a trace holds for the whole run."""
    found: dict[str, str] = {}
    for span in spans:
        if span.trace_id not in found and own(span):
            found[span.trace_id] = own(span)
    return found


def to_events(spans: list[SpanView], settled: set[str] | None = None) -> Mapped:
    """Map spans; ancestors present lend their session id and collect the tokens of the LLM
    calls beneath them. `settled`: the traces whose outcomes may be decided now (None: all)."""
    batch = _Batch(spans, settled)
    out, outcomes = Mapped(users=batch.trace_users), {}
    for span in spans:
        session = batch.session_of(span)
        if session != span.trace_id:
            out.sessions[span.trace_id] = session
        _map_span(batch, span, session, out, outcomes)
    _name_generic_outcomes(batch, outcomes)
    _add_up_llm_calls(batch, out, outcomes)
    for event in out.events:
        _finish_body(event)
    return out


def _map_span(batch: _Batch, span: SpanView, session: str, out: Mapped, outcomes: dict) -> None:
    """What one span yields: a tool call, the outcome of an agent run, nothing of its own (a
    container, or an agent inside another run), or a note that it could not be read."""
    kind = batch.kinds[span.key]
    if kind == "tool":
        out.events.append(_tool_event(batch, span, session))
    elif batch.agent_like(span):
        if not batch.is_settled(span):
            return
        if batch.outermost(span.key) != span.key:
            out.context += 1  # an agent inside another: part of that run
            return
        event = _outcome_event(batch, span, session)
        outcomes[span.key] = event
        out.events.append(event)
    elif kind in ("chain", "context"):
        out.context += 1
    elif kind is None:
        out.unmapped.append(
            (span.name, "no GenAI, OpenInference, OpenLLMetry, MLflow or Langfuse kind", span.key)
        )


@dataclass(frozen=True)
class _SpanFacts:
    """What every event read from a span starts with: its id and time, how long it took, the error
    type it names and the text of its failure (status message, else an exception's message)."""

    base: dict
    duration: int
    error: str
    text: str


def _facts(span: SpanView) -> _SpanFacts:
    a = span.attributes
    return _SpanFacts(
        base={"id": f"otel:{span.trace_id}:{span.span_id}", "timestamp": _ts(span.start_ns)},
        duration=max(0, (span.end_ns - span.start_ns) // 1_000_000),
        error=_plain(a.get("error.type") or a.get("exception.type") or ""),
        text=span.status_message or span.exception,
    )


def _tool_event(batch: _Batch, span: SpanView, session: str) -> dict:
    """A tool span as a tool invocation: failed when its status is an error or the framework
    handed an error back to the model, timed out when the failure says so."""
    facts = _facts(span)
    handled = _handled_error(span.attributes)
    failed = span.status_code == STATUS_ERROR or bool(handled)
    body = {
        "session_id": session,
        "parent_session_id": batch.parent_of(span, session),
        "user_id": batch.user_of(span),
        "tool": _named(span, *TOOL_NAMES) or "unknown_tool",
        "duration_ms": facts.duration,
        "outcome": "success",
    }
    if failed:
        said = facts.text or handled or facts.error
        mode = failure_mode(facts.error, said)
        body.update(outcome="timeout" if mode == "TIMEOUT" else "failure", failure_mode=mode)
        body["error"] = said[:2000]
    return {**facts.base, "type": "tool_invocation", "body": body}


def _outcome_event(batch: _Batch, span: SpanView, session: str) -> dict:
    """The outermost agent span of a run as its skill outcome, with the totals it reports itself
    (the LLM calls beneath it are added later)."""
    facts, a = _facts(span), span.attributes
    inp, outp = _tokens(a)
    body = {
        "skill": _named(span, *AGENT_NAMES) or "agent",
        "success": span.status_code != STATUS_ERROR,
        "duration_ms": facts.duration,
        "input_tokens": inp,
        "output_tokens": outp,
        "model": _model(a) or None,
        "cost_usd": _cost(a),
        "correlation_id": span.span_id[:128],
        "session_id": session,
        "parent_session_id": batch.parent_of(span, session),
        "user_id": batch.user_of(span),
    }
    if body["success"] is False:
        body["failure_reason"] = (facts.text or facts.error or "error")[:2000]
    return {**facts.base, "type": "skill_outcome", "body": body}


def _add_up_llm_calls(batch: _Batch, out: Mapped, outcomes: dict) -> None:
    """LLM calls (and nested agents' totals) add up on the run's outcome; an LLM call with no run
    above it stands for its session's outcome."""
    for span in batch.spans:
        kind = batch.kinds[span.key]
        if not batch.is_settled(span) or kind not in ("llm", "agent", "chain") or span.key in outcomes:
            continue
        if kind != "llm" and not batch.agent_like(span):
            continue
        owner_key = batch.outermost((span.trace_id, span.parent_id)) if span.parent_id else None
        owner = outcomes.get(owner_key)
        if kind != "llm":
            _add_inner_agent(owner, span) if owner else None
            continue
        if owner is None:
            owner = _session_outcome(span, batch.session_of(span), batch.user_of(span))
            owner["body"]["parent_session_id"] = batch.parent_of(span, batch.session_of(span))
            out.events.append(owner)
        _add_llm(owner, span)


def _finish_body(event: dict) -> None:
    """An event's body as sent: nested agents' totals when no LLM call was seen, and without the
    bookkeeping keys (leading '_') or the fields nothing said."""
    body = event["body"]
    if body.get("_llm_calls") is None and body.get("_inner"):  # no LLM call seen: inner totals
        body["input_tokens"], body["output_tokens"] = body["_inner"]
    event["body"] = {k: v for k, v in body.items() if v is not None and not k.startswith("_")}


def _name_generic_outcomes(batch: _Batch, outcomes: dict) -> None:
    """An outermost span with no agent name of its own ('Agent workflow') takes the name of the
    first named agent inside it."""
    for span in batch.spans:
        if batch.kinds[span.key] != "agent" or span.key in outcomes:
            continue
        top = batch.outermost(span.key)
        owner = outcomes.get(top)
        if owner is None or owner["body"].get("_named"):
            continue
        name = next((_plain(span.attributes[k]) for k in AGENT_NAMES if span.attributes.get(k)), "")
        if name and not any(batch.by_id[top].attributes.get(k) for k in AGENT_NAMES):
            owner["body"]["skill"] = name[:200]
            owner["body"]["_named"] = True


def _own_user(span: SpanView) -> str | None:
    """The end user a span names (whom its work was for), if it names one."""
    return _first_id(span.attributes, USER_KEYS)


def _own_parent(span: SpanView) -> str | None:
    """The session a span says its run was handed from, if it says one."""
    return _first_id(span.attributes, PARENT_SESSION_KEYS)


def _linked_parent(trace_id: str, links: list[tuple[str, dict]]) -> str | None:
    """The session a span's links name as the one its run was handed from: the first link to
    another trace, by the session its attributes name (`session.id` and the like, or
    `kaizen.parent_session_id`), else by its trace id (the session of a run that names none)."""
    for linked_trace, attributes in links:
        if not linked_trace or linked_trace == trace_id:
            continue
        return _first_id(attributes, (*PARENT_SESSION_KEYS, *SESSION_KEYS)) or linked_trace
    return None


def _with_link(attributes: dict, trace_id: str, links: list[tuple[str, dict]]) -> dict:
    """A span's attributes, with the session its links hand it from under
    `kaizen.parent_session_id` when it names no parent itself (kept with the span)."""
    if links and not any(attributes.get(k) for k in PARENT_SESSION_KEYS):
        parent = _linked_parent(trace_id, links)
        if parent:
            attributes[PARENT_SESSION_KEYS[0]] = parent
    return attributes


def _session_outcome(span: SpanView, session: str, user: str | None) -> dict:
    """An LLM call with no agent run above it stands for its session."""
    body = {
        "skill": "session",
        "success": span.status_code != STATUS_ERROR,
        "duration_ms": max(0, (span.end_ns - span.start_ns) // 1_000_000),
        "correlation_id": session,
        "session_id": session,
        "user_id": user,
    }
    if span.status_code == STATUS_ERROR:
        body["failure_reason"] = (span.status_message or span.exception or "LLM call failed")[:2000]
    return {
        "id": f"otel:{span.trace_id}:{span.span_id}",
        "timestamp": _ts(span.start_ns),
        "type": "skill_outcome",
        "body": body,
    }


def _add_llm(owner: dict, span: SpanView) -> None:
    body = owner["body"]
    own = body.setdefault(
        "_own_tokens", body.get("input_tokens") is not None or body.get("output_tokens") is not None
    )
    own_cost = body.setdefault("_own_cost", body.get("cost_usd") is not None)
    body["_llm_calls"] = (body.get("_llm_calls") or 0) + 1
    inp, outp = _tokens(span.attributes)
    if not own:  # a run that reports its own totals is not counted twice
        body["input_tokens"] = (body.get("input_tokens") or 0) + (inp or 0)
        body["output_tokens"] = (body.get("output_tokens") or 0) + (outp or 0)
    cost = _cost(span.attributes)
    if cost is not None and not own_cost:  # a cost the instrumentation was given is kept
        body["cost_usd"] = (body.get("cost_usd") or 0.0) + cost
    body["model"] = body.get("model") or _model(span.attributes) or None


def _add_inner_agent(owner: dict, span: SpanView) -> None:
    """A nested agent's own totals count only when no LLM call of the run was seen."""
    body = owner["body"]
    if body.get("input_tokens") is not None or body.get("output_tokens") is not None:
        return
    inp, outp = _tokens(span.attributes)
    if inp is None and outp is None:
        return
    before = body.get("_inner") or (0, 0)
    body["_inner"] = (before[0] + (inp or 0), before[1] + (outp or 0))
    body["model"] = body.get("model") or _model(span.attributes) or None


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
    try:
        nanos = int(value)
    except (TypeError, ValueError):
        said = str(value)[:40]
        raise ValueError(f"{field} must be an integer of nanoseconds since 1970, not {said!r}") from None
    if not 0 <= nanos <= MAX_NANOS:
        raise ValueError(f"{field} {nanos} is out of range (0 to {MAX_NANOS} nanoseconds since 1970)")
    return nanos


def _status_code(value, field: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int | str) or not str(value).lstrip("-").isdigit():
        raise ValueError(f"{field} must be an integer (0 unset, 1 ok, 2 error), not {str(value)[:40]!r}")
    return int(value)


def _any_value(value: dict):
    for key in ("stringValue", "intValue", "doubleValue", "boolValue"):
        if key in value:
            return int(value[key]) if key == "intValue" else value[key]
    return None


def _objects(holder: dict, key: str, where: str) -> list[dict]:
    """`holder[key]`, a list of objects (none when absent); else a ValueError naming where it is."""
    items = holder.get(key, [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise ValueError(f"{where}{key} must be a list of objects")
    return items


def _attributes(holder: dict, where: str) -> dict:
    said = {}
    for kv in _objects(holder, "attributes", where):
        if not isinstance(kv.get("key"), str) or not isinstance(kv.get("value", {}), dict):
            raise ValueError(f'{where}attributes must be a list of {{"key": "...", "value": {{...}}}}')
        try:
            said[kv["key"]] = _any_value(kv.get("value", {}))
        except (TypeError, ValueError):
            raise ValueError(f"{where}attributes[{kv['key']!r}].intValue must be an integer") from None
    return said


def spans_from_json(data: dict) -> list[SpanView]:
    """OTLP/JSON (lowerCamelCase keys, hex ids, 64-bit integers as strings). A body of another
    shape is a ValueError naming the field at fault (`resourceSpans[0].scopeSpans`)."""
    if not isinstance(data, dict):
        raise ValueError("the body must be an ExportTraceServiceRequest object")
    spans = []
    for r, resource in enumerate(_objects(data, "resourceSpans", "")):
        for c, scope in enumerate(_objects(resource, "scopeSpans", f"resourceSpans[{r}].")):
            for i, s in enumerate(_objects(scope, "spans", f"resourceSpans[{r}].scopeSpans[{c}].")):
                where = f"resourceSpans[{r}].scopeSpans[{c}].spans[{i}]."
                attrs = _attributes(s, where)
                status = s.get("status", {})
                if not isinstance(status, dict):
                    raise ValueError(f"{where}status must be an object")
                exception = ""
                for e, event in enumerate(_objects(s, "events", where)):
                    if event.get("name") == "exception":
                        said = _attributes(event, f"{where}events[{e}].")
                        exception = str(said.get("exception.message") or said.get("exception.type") or "")
                links = [
                    (str(link.get("traceId", "")), _attributes(link, f"{where}links[{k}]."))
                    for k, link in enumerate(_objects(s, "links", where))
                ]
                attrs = _with_link(attrs, str(s.get("traceId", "")), links)
                spans.append(
                    SpanView(
                        str(s.get("traceId", "")),
                        str(s.get("spanId", "")),
                        str(s.get("name", "")),
                        _nanos(s.get("startTimeUnixNano", 0), f"{where}startTimeUnixNano"),
                        _nanos(s.get("endTimeUnixNano", 0), f"{where}endTimeUnixNano"),
                        _status_code(status.get("code", 0), f"{where}status.code"),
                        str(status.get("message", "")),
                        attrs,
                        str(s.get("parentSpanId", "")),
                        exception[:2000],
                    )
                )
    return spans


def _pb_value(value):
    """An OTLP AnyValue as plain JSON: arrays as lists, key-value lists as objects, bytes as hex."""
    kind = value.WhichOneof("value")
    if kind is None:
        return None
    if kind == "array_value":
        return [_pb_value(v) for v in value.array_value.values]
    if kind == "kvlist_value":
        return {kv.key: _pb_value(kv.value) for kv in value.kvlist_value.values}
    if kind == "bytes_value":
        return value.bytes_value.hex()
    return getattr(value, kind)


def kept_attributes(attributes: dict) -> dict:
    """The attributes the mapping reads, for a span kept until its trace is mapped (message
    contents and inputs stay out of the database)."""
    return {k: v for k, v in attributes.items() if k in READ_KEYS or k.startswith(READ_PREFIXES)}


READ_KEYS = {
    *SESSION_KEYS,
    *PARENT_SESSION_KEYS,
    *USER_KEYS,
    *TOOL_NAMES,
    *AGENT_NAMES,
    "gen_ai.operation.name",
    "openinference.span.kind",
    "traceloop.span.kind",
    "mlflow.spanType",
    "langfuse.observation.type",
    "langfuse.observation.model.name",
    "gen_ai.request.model",
    "gen_ai.response.model",
    "llm.model_name",
    "mlflow.llm.model",
    "error.type",
    "exception.type",
}
READ_PREFIXES = (
    "gen_ai.usage.",
    "gen_ai.aggregated_usage.",
    "llm.token_count.",
    "langfuse.observation.usage_details",
    "langfuse.observation.cost_details",
    "mlflow.chat.tokenUsage",
)


def spans_from_protobuf(payload: bytes) -> list[SpanView]:
    request = ExportTraceServiceRequest()
    request.ParseFromString(payload)
    spans = []
    for resource in request.resource_spans:
        for scope in resource.scope_spans:
            for s in scope.spans:
                attrs = {kv.key: _pb_value(kv.value) for kv in s.attributes}
                exception = ""
                for event in s.events:
                    if event.name == "exception":
                        said = {kv.key: kv.value.string_value for kv in event.attributes}
                        exception = said.get("exception.message") or said.get("exception.type") or ""
                links = [
                    (link.trace_id.hex(), {kv.key: _pb_value(kv.value) for kv in link.attributes})
                    for link in s.links
                ]
                attrs = _with_link(attrs, s.trace_id.hex(), links)
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
                        exception[:2000],
                    )
                )
    return spans


ID_KEYS = (*SESSION_KEYS, *PARENT_SESSION_KEYS, *USER_KEYS)


def checked(spans: list[SpanView]) -> tuple[list[SpanView], list[str]]:
    """The spans of an export as the mapping may read them and the database hold them: each id
    attribute that breaks the rule for an id left out (an empty one is simply not said), and NUL
    characters and unpaired surrogates cleaned from every text of the span (removed; replaced by
    U+FFFD). Returns the spans and, for each span changed, what was changed (no value quoted)."""
    out, notes = [], []
    for span in spans:
        attributes, said = dict(span.attributes), []
        for key in ID_KEYS:
            value = attributes.get(key)
            problem = None if value is None or value == "" else id_problem(_as_id(value))
            if problem:
                said.append(f"{key} left out: {problem}")
                del attributes[key]
        texts, cleaned = _cleaned(
            [span.trace_id, span.span_id, span.parent_id, span.name, span.status_message, span.exception]
        )
        attributes, cleaned_attributes = _cleaned(attributes)
        if cleaned or cleaned_attributes:
            said.append("NUL or unpaired surrogate characters cleaned from its text")
        if said:
            trace, span_id, parent, name, status, exception = texts
            fields = (span.start_ns, span.end_ns, span.status_code)
            span = SpanView(trace, span_id, name, *fields, status, attributes, parent, exception)
            notes.append(f"span {span_id or '(no id)'}: {'; '.join(said)}")
        out.append(span)
    return out, notes


def _cleaned(value) -> tuple:
    """(`value` with NUL removed and unpaired surrogates replaced in every string, keys too,
    whether anything was changed), for text and the JSON-like values of attributes."""
    if isinstance(value, str):
        if text_problem(value) is None:
            return value, False
        return value.replace("\x00", "").encode("utf-8", "surrogatepass").decode("utf-8", "replace"), True
    if isinstance(value, list):
        pairs = [_cleaned(item) for item in value]
        return [item for item, _ in pairs], any(changed for _, changed in pairs)
    if isinstance(value, dict):
        pairs = [(_cleaned(k), _cleaned(v)) for k, v in value.items()]
        return {k: v for (k, _), (v, _) in pairs}, any(a or b for (_, a), (_, b) in pairs)
    return value, False
