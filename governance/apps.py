from django.apps import AppConfig


class GovernanceConfig(AppConfig):
    name = "governance"
    verbose_name = "Governance"

    def ready(self) -> None:
        from governance.board import tasks  # noqa: F401  (the board's Celery tasks)
        from governance.wiring import register

        register()
