from django.apps import AppConfig


class PlannerConfig(AppConfig):
    name = "planner"
    verbose_name = "Planner"

    def ready(self) -> None:
        from planner import stores  # noqa: F401  (ingest hooks: skill_outcome, hitl_escalation)
        from planner.wiring import register

        register(self)
