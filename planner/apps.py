from django.apps import AppConfig


class PlannerConfig(AppConfig):
    name = "planner"
    verbose_name = "Planner"

    def ready(self) -> None:
        from django.db.models.signals import post_migrate

        from planner import proposals, stores  # noqa: F401  (ingest hooks: skill_outcome, hitl_escalation)
        from planner.config_docs import ensure_defaults, register

        register()
        proposals.register_types()  # what approving a goal, action or config change does
        post_migrate.connect(ensure_defaults, sender=self, dispatch_uid="kaizen-config-defaults")
