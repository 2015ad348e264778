from django.apps import AppConfig


class DemoConfig(AppConfig):
    """`manage.py kaizen_demo`: a simulated fleet driven through the whole loop."""

    name = "demo"
    verbose_name = "Demo"
