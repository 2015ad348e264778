"""Tell drf-spectacular how the bearer token scheme looks (imported by FleetConfig.ready)."""

from drf_spectacular.extensions import OpenApiAuthenticationExtension


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "fleet.auth.BearerTokenAuthentication"
    name = "bearerToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "kz_<prefix>_<secret>",
            "description": "Agent token (create_agent) or staff token (create_staff_token).",
        }


class BasicTokenScheme(OpenApiAuthenticationExtension):
    target_class = "fleet.auth.BasicTokenAuthentication"
    name = "basicToken"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "basic",
            "description": "Langfuse-style: any user name, the agent token as the password.",
        }
