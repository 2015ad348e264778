from django.contrib import admin, messages
from django.utils.html import format_html

from config.audit import audit
from config.errors import ApplicationError
from planner import selectors, services
from planner.hitl import SEVERITY_COLOURS
from planner.models import (
    Alert,
    DeclaredSkill,
    Dispatch,
    FleetSnapshot,
    GoalState,
    PatternStats,
    SkillStats,
)


@admin.register(DeclaredSkill)
class DeclaredSkillAdmin(admin.ModelAdmin):
    list_display = ["agent", "skill", "confidence", "blast_radius", "hitl_mode", "updated_at"]
    list_filter = ["blast_radius", "hitl_mode", "skill"]
    search_fields = ["agent__name", "skill"]
    list_editable = ["confidence", "blast_radius", "hitl_mode"]

    def save_model(self, request, obj, form, change):
        """An operator's edit becomes the agent's card and a new card version, like any other."""
        super().save_model(request, obj, form, change)
        skills = list(
            DeclaredSkill.objects.filter(agent=obj.agent)
            .order_by("skill")
            .values("skill", "confidence", "blast_radius", "hitl_mode")
        )
        services.agent_card_update(agent=obj.agent, skills=[{"name": s.pop("skill"), **s} for s in skills])
        audit(request.user, obj.agent, f"Card edited in the admin ({obj.skill})")


@admin.register(SkillStats)
class SkillStatsAdmin(admin.ModelAdmin):
    list_display = [
        "agent",
        "skill",
        "samples",
        "success_rate",
        "avg_confidence_on_success",
        "avg_wall_ms",
        "avg_cost_usd",
        "total_samples",
        "last_sample_at",
    ]
    list_filter = ["skill"]
    search_fields = ["agent__name", "skill"]
    exclude = ["window"]
    readonly_fields = [f.name for f in SkillStats._meta.fields if f.name != "window"]


@admin.register(FleetSnapshot)
class FleetSnapshotAdmin(admin.ModelAdmin):
    list_display = [
        "minute",
        "max_failure_rate_1h",
        "total_cost_usd_1d",
        "orphaned_skill_count",
        "fleet_success_rate",
        "fleet_p95_latency_ms",
        "total_outcomes",
    ]
    date_hierarchy = "minute"

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(GoalState)
class GoalStateAdmin(admin.ModelAdmin):
    list_display = [
        "goal_id",
        "last_violated_at",
        "last_value",
        "last_success_at",
        "paused_until",
        "last_skip_reason",
    ]


@admin.register(Dispatch)
class DispatchAdmin(admin.ModelAdmin):
    list_display = [
        "created_at",
        "goal_id",
        "action_id",
        "agent",
        "status",
        "hitl_mode",
        "severity",
        "release_at",
        "delivery_attempts",
        "closed_at",
    ]
    list_filter = ["status", "hitl_mode", "blast_radius", "goal_id"]
    search_fields = ["correlation_id", "agent__name"]
    actions = ["approve", "veto"]

    @admin.display(description="blast radius", ordering="blast_radius")
    def severity(self, obj: Dispatch):
        return format_html(
            '<span style="color:{}">{}</span>',
            SEVERITY_COLOURS.get(obj.blast_radius, "#555"),
            obj.blast_radius,
        )

    def has_approve_permission(self, request) -> bool:
        return request.user.has_perm("governance.approve_proposal")

    def _decide(self, request, queryset, approve: bool, label: str):
        for dispatch in queryset:
            try:
                services.dispatch_decide(dispatch=dispatch, approve=approve, actor=request.user.username)
                audit(request.user, dispatch, label)
                self.message_user(request, f"Dispatch {dispatch.pk}: {label.lower()}.", messages.SUCCESS)
            except ApplicationError as exc:
                self.message_user(request, exc.message, messages.ERROR)

    @admin.action(description="Approve: send the selected dispatches now", permissions=["approve"])
    def approve(self, request, queryset):
        self._decide(request, queryset, True, "Approved")

    @admin.action(description="Veto: stop the selected dispatches", permissions=["approve"])
    def veto(self, request, queryset):
        self._decide(request, queryset, False, "Vetoed")


@admin.register(Alert)
class AlertAdmin(admin.ModelAdmin):
    list_display = ["created_at", "kind", "key", "message"]
    list_filter = ["kind", "created_at"]
    search_fields = ["key", "message"]


@admin.register(PatternStats)
class PatternStatsAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "template",
        "current_state",
        "uses",
        "failures",
        "helpful",
        "harmful",
        "manual_state",
        "promoted_at",
        "deprecated_at",
        "last_validated_at",
    ]
    list_filter = ["template", "manual_state"]
    search_fields = ["name"]
    readonly_fields = [
        "template",
        "name",
        "uses",
        "failures",
        "helpful",
        "neutral",
        "harmful",
        "decayed_helpful",
        "decayed_harmful",
        "decayed_helpful_score",
        "decayed_harmful_score",
        "decayed_at",
        "manual_state",
        "manual_reason",
        "promoted_at",
        "deprecated_at",
        "last_validated_at",
    ]
    actions = ["promote", "deprecate", "reset"]

    @admin.display(description="state")
    def current_state(self, obj: PatternStats) -> str:
        return selectors.pattern_view(obj)["state"]

    def _set(self, request, queryset, state: str, label: str):
        for pattern in queryset:
            try:
                services.pattern_set_state(pattern=pattern, state=state, reason=f"{label} by {request.user}")
                audit(request.user, pattern, label)
            except ApplicationError as exc:
                self.message_user(request, exc.message, messages.ERROR)

    @admin.action(description="Promote to proven", permissions=["change"])
    def promote(self, request, queryset):
        self._set(request, queryset, "proven", "Promoted")

    @admin.action(description="Deprecate", permissions=["change"])
    def deprecate(self, request, queryset):
        self._set(request, queryset, "deprecated", "Deprecated")

    @admin.action(description="Reset to computed maturity", permissions=["change"])
    def reset(self, request, queryset):
        self._set(request, queryset, "", "Reset")
