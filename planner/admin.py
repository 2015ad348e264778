from django.contrib import admin, messages
from django.utils.html import format_html, format_html_join

from config.admin_rights import NoChange
from config.audit import audit
from config.errors import ApplicationError
from config.readable import clipped, quantity, share, when
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
        "sampled",
        "success",
        "confidence",
        "wall_time",
        "cost",
        "last_sample",
    ]
    list_filter = ["skill"]
    search_fields = ["agent__name", "skill"]
    exclude = ["window"]
    readonly_fields = [f.name for f in SkillStats._meta.fields if f.name != "window"]

    @admin.display(description="last sample", ordering="last_sample_at")
    def last_sample(self, obj: SkillStats) -> str:
        return when(obj.last_sample_at)

    @admin.display(description="samples (lifetime)", ordering="samples")
    def sampled(self, obj: SkillStats) -> str:
        return f"{obj.samples} ({obj.total_samples})"

    @admin.display(description="success", ordering="success_rate")
    def success(self, obj: SkillStats) -> str:
        return share(obj.success_rate)

    @admin.display(description="confidence on success", ordering="avg_confidence_on_success")
    def confidence(self, obj: SkillStats) -> str:
        return f"{obj.avg_confidence_on_success:.2f}"

    @admin.display(description="mean time", ordering="avg_wall_ms")
    def wall_time(self, obj: SkillStats) -> str:
        return quantity(obj.avg_wall_ms, "ms")

    @admin.display(description="mean cost", ordering="avg_cost_usd")
    def cost(self, obj: SkillStats) -> str:
        return quantity(obj.avg_cost_usd, "$", 4)


AGENT_COLUMNS = (  # a snapshot's per-agent figures: heading, key, how it reads
    ("agent", "agent", str),
    ("outcomes", "total_outcomes", str),
    ("success", "success_rate", share),
    ("failures, last hour", "failure_rate_1h", share),
    ("p50 latency", "p50_latency_ms", lambda v: quantity(v, "ms")),
    ("p95 latency", "p95_latency_ms", lambda v: quantity(v, "ms")),
    ("cost per success", "cost_per_successful_outcome", lambda v: quantity(v, "$", 4)),
    ("cost", "total_cost_usd", lambda v: quantity(v, "$")),
    ("recent failures", "recent_failures", lambda v: str(len(v or []))),
)


def agents_table(agents: list[dict]):
    """Per-agent figures as a table, each rounded and with its unit."""
    if not agents:
        return "—"
    head = format_html_join("", "<th>{}</th>", ((heading,) for heading, _, _ in AGENT_COLUMNS))
    rows = format_html_join(
        "",
        "<tr>{}</tr>",
        (
            (
                format_html_join(
                    "",
                    "<td>{}</td>",
                    (
                        (shown(a.get(key)) if a.get(key) is not None else "—",)
                        for _, key, shown in AGENT_COLUMNS
                    ),
                ),
            )
            for a in agents
        ),
    )
    return format_html(
        '<table class="kz-table"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>', head, rows
    )


@admin.register(FleetSnapshot)
class FleetSnapshotAdmin(NoChange, admin.ModelAdmin):
    list_display = [
        "minute",
        "failure_rate",
        "cost",
        "orphaned_skill_count",
        "success_rate",
        "p95_latency",
        "total_outcomes",
    ]
    date_hierarchy = "minute"
    fields = [
        ("minute", "window_hours", "scope"),
        ("success_rate", "failure_rate", "p95_latency"),
        ("cost", "total_outcomes", "all_outcomes"),
        ("orphaned_skill_count", "orphaned"),
        "agents_shown",
        "system_actors_shown",
    ]
    readonly_fields = [
        "minute",
        "window_hours",
        "scope",
        "success_rate",
        "failure_rate",
        "p95_latency",
        "cost",
        "total_outcomes",
        "all_outcomes",
        "orphaned_skill_count",
        "orphaned",
        "agents_shown",
        "system_actors_shown",
    ]

    @admin.display(description="fleet success", ordering="fleet_success_rate")
    def success_rate(self, obj: FleetSnapshot) -> str:
        return share(obj.fleet_success_rate)

    @admin.display(description="worst agent's failures, last hour", ordering="max_failure_rate_1h")
    def failure_rate(self, obj: FleetSnapshot) -> str:
        return share(obj.max_failure_rate_1h)

    @admin.display(description="fleet p95 latency", ordering="fleet_p95_latency_ms")
    def p95_latency(self, obj: FleetSnapshot) -> str:
        return quantity(obj.fleet_p95_latency_ms, "ms")

    @admin.display(description="cost, last day", ordering="total_cost_usd_1d")
    def cost(self, obj: FleetSnapshot) -> str:
        return quantity(obj.total_cost_usd_1d, "$")

    @admin.display(description="orphaned skills")
    def orphaned(self, obj: FleetSnapshot) -> str:
        return ", ".join(map(str, obj.orphaned_skills)) or "—"

    @admin.display(description="agents")
    def agents_shown(self, obj: FleetSnapshot):
        return agents_table(obj.agents)

    @admin.display(description="system actors (the improvers, kept apart)")
    def system_actors_shown(self, obj: FleetSnapshot):
        return agents_table(obj.system_actors)


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
        "goal_and_action",
        "agent",
        "status",
        "hitl_mode",
        "severity",
        "release_at",
        "attempts",
    ]
    list_filter = ["status", "hitl_mode", "blast_radius", "goal_id"]
    search_fields = ["correlation_id", "agent__name"]
    actions = ["approve", "veto"]

    @admin.display(description="goal → action", ordering="goal_id")
    def goal_and_action(self, obj: Dispatch):
        return format_html("{}<br>→ {}", obj.goal_id, obj.action_id)

    @admin.display(description="tries", ordering="delivery_attempts")
    def attempts(self, obj: Dispatch) -> int:
        return obj.delivery_attempts

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
    list_display = ["created_at", "kind", "key", "said"]
    list_filter = ["kind", "created_at"]
    search_fields = ["key", "message"]

    @admin.display(description="message", ordering="message")
    def said(self, obj: Alert):
        return clipped(obj.message, 120)


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
        "promoted",
        "deprecated",
        "validated",
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

    @admin.display(description="Promoted at", ordering="promoted_at")
    def promoted(self, obj: PatternStats) -> str:
        return when(obj.promoted_at)

    @admin.display(description="Deprecated at", ordering="deprecated_at")
    def deprecated(self, obj: PatternStats) -> str:
        return when(obj.deprecated_at)

    @admin.display(description="Last validated at", ordering="last_validated_at")
    def validated(self, obj: PatternStats) -> str:
        return when(obj.last_validated_at)

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
