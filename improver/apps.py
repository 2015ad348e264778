from django.apps import AppConfig


class ImproverConfig(AppConfig):
    name = "improver"
    verbose_name = "Improver"

    def ready(self) -> None:
        from improver.services import (
            maintenance,  # noqa: F401  (friction → new_tool proposals)
            session_signals,  # noqa: F401  (each session's failure signals)
        )
        from improver.services.evolution import register

        register()  # what approving, rejecting and refining a template evolution does
