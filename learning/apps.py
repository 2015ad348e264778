from django.apps import AppConfig


class LearningConfig(AppConfig):
    name = "learning"
    verbose_name = "Learning"

    def ready(self) -> None:
        from learning import loops  # noqa: F401  (loops 1-3: their handlers of newly stored events)
        from learning.wiring import register

        register()  # retention keeps the corrections behind active facts
