from django.apps import AppConfig


class PlannerConfig(AppConfig):
    name = "planner"
    verbose_name = "Planner"

    def ready(self) -> None:
        from planner import stores  # noqa: F401  (registers the skill_outcome ingest hook)
