from django.apps import AppConfig


class PlannerConfig(AppConfig):
    name = "planner"
    verbose_name = "Planner"

    def ready(self) -> None:
        from planner.wiring import register

        register(self)
