"""The per-type event schemas of the ingest API, for drf-spectacular, from the ingest contract."""

from django.conf import settings

from telemetry.contract import FAILURE_MODE_RE, ID_PATTERN, MAX_ID, SCHEMAS


def _field_schema(rule) -> dict:  # noqa: C901  (one branch per kind of field in the contract's table)
    """The JSON schema of one body field, from the same rule the server validates with."""
    kind = rule.kind
    if kind == "id":
        schema = {"type": "string", "minLength": 1, "maxLength": rule.max_len, "pattern": f"^{ID_PATTERN}$"}
        return {**schema, "description": rule.help} if rule.help else schema
    if kind in ("str", "text", "failure_mode"):
        schema = {
            "type": "string",
            "maxLength": settings.KAIZEN["INGEST_MAX_TEXT_CHARS"] if kind == "text" else rule.max_len,
        }
        if rule.required or rule.min_len:
            schema["minLength"] = max(1, rule.min_len)
        if rule.min_len:
            schema["pattern"] = r"\S"
        if kind == "failure_mode":
            schema["pattern"] = FAILURE_MODE_RE.pattern
        if rule.help:
            schema["description"] = rule.help
        return schema
    if kind == "enum":
        return {"type": "string", "enum": list(rule.choices)}
    if kind == "bool":
        return {"type": "boolean"}
    if kind in ("int", "number"):
        schema = {"type": "integer" if kind == "int" else "number"}
        if rule.lo is not None:
            schema["minimum"] = rule.lo
        if rule.hi is not None:
            schema["maximum"] = rule.hi
        return schema
    if kind == "object":
        limit = settings.KAIZEN["INGEST_MAX_ARGS_BYTES"] if rule.max_bytes == -1 else rule.max_bytes
        said = f"Any JSON object of at most {limit:,} bytes as JSON." if limit else "Any JSON object."
        return {"type": "object", "additionalProperties": True, "description": said}
    if kind == "str_list":
        item = {"type": "string", "minLength": 1, "maxLength": rule.max_len}
        return {"type": "array", "items": item, "maxItems": rule.max_items}
    raise AssertionError(kind)


# A body field whose object has keys of its own: what a session's reflection may say.
_SAID = {"type": "array", "maxItems": 50, "items": {"type": "string"}}
OWN_SHAPES = {
    ("session_end", "reflection"): {
        "type": "object",
        "description": "What the agent made of its session: what went well, what failed, and lines it "
        "proposes for its directives, each with the evidence behind it.",
        "properties": {
            "successes": _SAID,
            "failures": _SAID,
            "proposals": {
                "type": "array",
                "maxItems": 50,
                "items": {
                    "type": "object",
                    "properties": {"text": {"type": "string"}, "evidence": {"type": "array"}},
                    "required": ["text"],
                },
            },
        },
        "additionalProperties": False,
    }
}


def event_schemas(result, generator, request, public):
    """Postprocessing hook: the ingest request as one schema per event type, discriminated on
    `type`, each body with its fields, bounds and `additionalProperties: false`."""
    components = result.setdefault("components", {}).setdefault("schemas", {})
    refs = {}
    for event_type, rules in SCHEMAS.items():
        name = "".join(part.title() for part in event_type.split("_")) + "Event"
        body = {
            "type": "object",
            "properties": {
                field: OWN_SHAPES.get((event_type, field)) or _field_schema(rule)
                for field, rule in rules.items()
            },
            "additionalProperties": False,
        }
        required = [field for field, rule in rules.items() if rule.required]
        if required:
            body["required"] = required
        components[name] = {
            "type": "object",
            "properties": {
                "id": {
                    "type": "string",
                    "minLength": 1,
                    "maxLength": MAX_ID,
                    "description": "Client id; optional.",
                },
                "type": {"type": "string", "enum": [event_type]},
                "timestamp": {"type": "string", "format": "date-time"},
                "body": body,
            },
            "required": ["type", "timestamp", "body"],
            "additionalProperties": False,
        }
        refs[event_type] = f"#/components/schemas/{name}"
    ingest = {
        "type": "object",
        "properties": {
            "batch": {
                "type": "array",
                "minItems": 1,
                "maxItems": settings.KAIZEN["INGEST_MAX_EVENTS"],
                "items": {
                    "oneOf": [{"$ref": ref} for ref in refs.values()],
                    "discriminator": {"propertyName": "type", "mapping": refs},
                },
            }
        },
        "required": ["batch"],
        "additionalProperties": False,
    }
    for name in ("IngestInput", "IngestInputRequest"):  # the request component (split or not)
        if name in components:
            components[name] = ingest
    for name in ("Event", "EventRequest"):
        components.pop(name, None)
    return result
