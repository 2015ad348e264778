from django.apps import AppConfig


class ExperimentsConfig(AppConfig):
    """Canaries of template changes: a version against the head, and lines tested as factors."""

    name = "experiments"
    verbose_name = "Experiments"

    def ready(self) -> None:
        from experiments.wiring import register

        register(self)
