from django.apps import AppConfig


class ImproverConfig(AppConfig):
    name = "improver"
    verbose_name = "Improver"

    def ready(self) -> None:
        from improver.wiring import register

        register(self)
