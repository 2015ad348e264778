from django.apps import AppConfig


class GovernanceConfig(AppConfig):
    name = "governance"
    verbose_name = "Governance"

    def ready(self) -> None:
        from governance.board import services, tasks  # noqa: F401  (approved work → tasks; board tasks)
        from governance.selectors import events_cited_by_proposals
        from telemetry.retention import register_keeper

        register_keeper(events_cited_by_proposals)  # retention keeps what a proposal cites
