from django.apps import AppConfig


class ImproverConfig(AppConfig):
    name = "improver"
    verbose_name = "Improver"

    def ready(self) -> None:
        from improver import mcp_server  # noqa: F401  (the directives, resources and proposals it serves)
        from improver.services import (
            feedback,  # noqa: F401  (feedback classified as it arrives)
            maintenance,  # noqa: F401  (friction → new_tool proposals)
            session_signals,  # noqa: F401  (each session's failure signals)
        )
        from improver.wiring import register

        register()  # what approving, rejecting and refining a template evolution does
