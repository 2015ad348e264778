"""OpenAPI postprocessing: every operation documents the errors it can answer, in the one error
shape every error has (`{"message": ..., "extra": {...}}`)."""

ERROR = {
    "type": "object",
    "properties": {"message": {"type": "string"}, "extra": {"type": "object", "additionalProperties": True}},
    "required": ["message", "extra"],
}
WHY = {
    "400": "Invalid input; `extra.fields` names each field at fault.",
    "401": "Missing or invalid token.",
    "403": "Authenticated but not allowed; the message says why.",
    "404": "No such endpoint or object.",
    "405": "Method not allowed on this path.",
    "409": "Conflict with the current state (nothing was changed).",
    "413": "Body too large.",
    "429": "Over a per-client limit (failed authentications from one address, an agent's directives "
    "reads); retry after `Retry-After` seconds.",
    "503": "Database unavailable; retry after `Retry-After` seconds.",
}


def document_errors(result, generator, request, public):
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas["Error"] = ERROR
    for name, schema in schemas.items():  # request bodies: unknown keys are refused (400)
        if name.endswith("Request") and schema.get("type") == "object":
            schema.setdefault("additionalProperties", False)
    ref = {"$ref": "#/components/schemas/Error"}
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            if method not in ("get", "post", "put", "patch", "delete"):
                continue
            responses = operation.setdefault("responses", {})
            for status, why in WHY.items():
                if status == "413" and method in ("get", "delete"):
                    continue
                responses.setdefault(
                    status, {"description": why, "content": {"application/json": {"schema": ref}}}
                )
    return result
