"""How the OpenAPI schema describes Kaizen's token schemes. drf-spectacular learns the scheme of
an authentication class from a subclass of its OpenApiAuthenticationExtension, registered when
the subclass is created: `auth_scheme` creates one, and fleet/wiring.py calls it at start-up
for each of the classes below."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension

BEARER = {
    "type": "http",
    "scheme": "bearer",
    "bearerFormat": "kz_<prefix>_<secret>",
    "description": "Agent token (create_agent) or staff token (create_staff_token).",
}
BASIC = {
    "type": "http",
    "scheme": "basic",
    "description": "Langfuse-style: any user name, the agent token as the password.",
}


def dotted(target) -> str:
    """An extension's target class as its dotted path (drf-spectacular swaps the path it was
    given for the class itself once it has matched)."""
    return target if isinstance(target, str) else f"{target.__module__}.{target.__qualname__}"


def auth_scheme(target: str, scheme: str, definition: dict) -> type[OpenApiAuthenticationExtension]:
    """Describe the authentication class `target` (its dotted path) in the schema as the security
    scheme `scheme`. A class already described keeps the extension it has."""
    for known in OpenApiAuthenticationExtension._registry:
        if known.target_class is not None and dotted(known.target_class) == target:
            return known

    class Scheme(OpenApiAuthenticationExtension):  # its creation registers it
        target_class = target
        name = scheme

        def get_security_definition(self, auto_schema):
            return dict(definition)

    Scheme.__name__ = Scheme.__qualname__ = f"{scheme[0].upper()}{scheme[1:]}Scheme"
    return Scheme
