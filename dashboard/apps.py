from django.apps import AppConfig


class DashboardConfig(AppConfig):
    """`/dashboard/`: charts and lists drawn from every floor (it reads, never writes)."""

    name = "dashboard"
    verbose_name = "Dashboard"
