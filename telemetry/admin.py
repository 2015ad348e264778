from datetime import timedelta

from django.contrib import admin

from config import clock
from config.admin_rights import NoAdd, NoChange
from config.paginators import BoundedChangeList, BoundedCountPaginator
from config.readable import clipped
from fleet.admin import AgentAdmin
from fleet.models import Agent
from telemetry import selectors
from telemetry.admin_operations import PendingDerivationAdmin
from telemetry.models import (
    Correction,
    Decision,
    HitlEscalation,
    Observation,
    PendingDerivation,
    SessionEnd,
    SkillOutcome,
    ToolInvocation,
    UnmappedSpan,
    WakeRun,
)

SEARCH_WINDOW = timedelta(days=1)


class EventAdmin(NoAdd, NoChange, admin.ModelAdmin):
    """Raw events are append-only: visible, never edited here. Their lists stay cheap however
    many rows the table holds: the count is bounded, the table is never counted twice, no date
    hierarchy scans it for its dates, and the agent is a raw id rather than a list of them all."""

    list_filter = ["occurred_at"]
    list_select_related = ["agent"]
    raw_id_fields = ["agent"]
    list_per_page = 40  # a page of events is about two screens at 1280 px, not five
    paginator = BoundedCountPaginator
    show_full_result_count = False
    search_help_text = (
        "Searches the events of the last 24 hours; pick a date on the right to search another period."
    )

    def get_changelist(self, request, **kwargs):
        return BoundedChangeList

    def get_search_results(self, request, queryset, search_term):
        """A text search reads every row it covers: without a date chosen it covers the last day
        (on PostgreSQL the newest time partitions), not the whole history."""
        results, may_have_duplicates = super().get_search_results(request, queryset, search_term)
        if search_term and not any(key.startswith("occurred_at__") for key in request.GET):
            results = results.filter(occurred_at__gte=clock.now() - SEARCH_WINDOW)
        return results, may_have_duplicates


@admin.register(ToolInvocation)
class ToolInvocationAdmin(EventAdmin):
    list_display = [
        "occurred_at",
        "agent",
        "session_id",
        "tool",
        "outcome",
        "failure_mode",
        "duration_ms",
    ]
    list_filter = ["outcome", "occurred_at"]
    search_fields = ["tool", "session_id", "failure_mode"]


@admin.register(SkillOutcome)
class SkillOutcomeAdmin(EventAdmin):
    list_display = [
        "occurred_at",
        "agent",
        "skill",
        "success",
        "duration_ms",
        "cost_usd",
        "correlation",
    ]
    list_filter = ["success", "occurred_at"]
    search_fields = ["skill", "correlation_id", "failure_reason"]

    @admin.display(description="correlation id", ordering="correlation_id")
    def correlation(self, obj: SkillOutcome):
        return clipped(obj.correlation_id, 28)


@admin.register(Observation)
class ObservationAdmin(EventAdmin):
    list_display = ["occurred_at", "agent", "category", "sentiment", "text"]
    list_per_page = 30  # each row's text may wrap to two lines
    search_fields = ["text"]


@admin.register(Correction)
class CorrectionAdmin(EventAdmin):
    list_display = ["occurred_at", "agent", "session_id", "user_message"]
    search_fields = ["user_message"]


@admin.register(Decision)
class DecisionAdmin(EventAdmin):
    list_display = ["occurred_at", "agent", "subject", "verdict", "reason"]
    list_filter = ["verdict", "occurred_at"]
    search_fields = ["subject", "reason"]


@admin.register(SessionEnd)
class SessionEndAdmin(EventAdmin):
    list_display = ["occurred_at", "agent", "session_id"]
    search_fields = ["session_id"]


@admin.register(WakeRun)
class WakeRunAdmin(EventAdmin):
    list_display = ["occurred_at", "agent", "status", "duration_ms", "user_rating"]
    list_filter = ["status", "occurred_at"]


@admin.register(HitlEscalation)
class HitlEscalationAdmin(EventAdmin):
    """Decisions agents handed to a human: three of one target in the window raise a goal proposal."""

    list_display = ["occurred_at", "agent", "target", "skill", "reason"]
    search_fields = ["target", "reason"]


@admin.register(UnmappedSpan)
class UnmappedSpanAdmin(NoAdd, admin.ModelAdmin):
    """OpenTelemetry spans that mapped to no event, per agent and reason."""

    list_display = ["agent", "reason", "count", "sample", "last_seen_at"]
    list_filter = ["reason"]
    readonly_fields = ["agent", "reason", "count", "example", "last_seen_at"]

    @admin.display(description="example")
    def sample(self, obj: UnmappedSpan):
        return clipped(obj.example, 90)


admin.site.unregister(Agent)


@admin.register(Agent)
class AgentActivityAdmin(AgentAdmin):
    """The fleet's agent page with what the agent's events say about it."""

    readonly_fields = ["sessionless_outcomes"]

    @admin.display(description="Outcomes without a session (last 7 days)")
    def sessionless_outcomes(self, obj) -> str:
        """How much of the agent's work reaches the canary only by guesswork: an outcome or decision
        sent without `session_id` counts in the session the agent had open, or in none."""
        if obj is None or obj.pk is None:
            return "—"
        share = selectors.sessionless_share(agent_id=obj.pk, since=clock.now() - timedelta(days=7))
        if share is None:
            return "no outcomes or decisions in the last 7 days"
        text = f"{share:.0%} of its outcomes and decisions"
        if share > 0:
            text += (
                " — they are counted in the session the agent had open at the time, or in none, which "
                "weakens its canaries: send session_id with every event"
            )
        return text


admin.site.register(PendingDerivation, PendingDerivationAdmin)
