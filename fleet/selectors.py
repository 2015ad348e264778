"""Reads of the fleet that several apps share."""

from django.conf import settings

from fleet.models import Agent


def lines_tested(template_id: int) -> bool:
    """Whether what the template learns is tested line by line (each line and each fact that
    would reach every agent drawn per session): lines may be tested at once
    (KAIZEN_LINES_UNDER_TEST), a canary share is set, and most of its active agents that have read
    their directives named the session on their latest read (the draw is per session)."""
    k = settings.KAIZEN
    if k["LINES_UNDER_TEST"] <= 0 or k["CANARY_SHARE"] <= 0:
        return False
    agents = Agent.objects.filter(template_id=template_id, is_active=True, names_sessions__isnull=False)
    flags = list(agents.values_list("names_sessions", flat=True))
    return bool(flags) and 2 * sum(flags) > len(flags)
