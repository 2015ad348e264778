from django.apps import AppConfig


class ImproverConfig(AppConfig):
    name = "improver"
    verbose_name = "Improver"
