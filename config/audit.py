"""Admin-side audit trail: every operator action lands in Django's admin log."""

from django.contrib.admin.models import CHANGE, LogEntry


def audit(user, obj, message: str) -> None:
    LogEntry.objects.log_actions(
        user_id=user.pk,
        queryset=[obj],
        action_flag=CHANGE,
        change_message=message,
        single_object=True,
    )
