from django import forms
from django.contrib import admin, messages
from django.utils.html import format_html, format_html_join

from config.audit import audit
from config.errors import ApplicationError
from improver.canary import OVERALL
from improver.models import (
    EvolutionNote,
    EvolutionSession,
    FeedbackItem,
    ImproverAgent,
    ImproverReport,
    RitualRun,
    Rollout,
)
from improver.outcomes import rollout_status
from improver.services.improvers import improver_create, improver_set_lifecycle
from improver.services.rollouts import rollout_decide
from telemetry.models import Agent


class NoteInline(admin.TabularInline):
    model = EvolutionNote
    extra = 0
    can_delete = False
    fields = ["created_at", "kind", "content"]
    readonly_fields = fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


class ImproverForm(forms.ModelForm):
    class Meta:
        model = ImproverAgent
        fields = ["active_template", "feedback_window_days"]


@admin.register(ImproverAgent)
class ImproverAgentAdmin(admin.ModelAdmin):
    list_display = [
        "agent",
        "active_template",
        "lifecycle",
        "ritual_state",
        "scheduled_wake_at",
        "last_one_on_one_at",
        "total_sessions_completed",
        "consecutive_failure_count",
    ]
    list_filter = ["lifecycle", "ritual_state"]
    actions = ["pause", "resume", "destroy"]

    def get_form(self, request, obj=None, **kwargs):
        if obj is None:
            kwargs["form"] = ImproverForm
        return super().get_form(request, obj, **kwargs)

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        return [f.name for f in ImproverAgent._meta.fields if f.name != "feedback_window_days"]

    def get_fields(self, request, obj=None):
        return (
            ["active_template", "feedback_window_days"] if obj is None else super().get_fields(request, obj)
        )

    def save_model(self, request, obj, form, change):
        if change:
            return super().save_model(request, obj, form, change)
        created = improver_create(
            template=form.cleaned_data["active_template"],
            window_days=form.cleaned_data["feedback_window_days"],
        )
        obj.pk = created.pk
        obj.refresh_from_db()
        audit(request.user, created, "Created improver")

    def _lifecycle(self, request, queryset, target: str):
        for improver in queryset:
            try:
                improver_set_lifecycle(improver=improver, lifecycle=target)
                audit(request.user, improver, f"Lifecycle → {target}")
            except ApplicationError as exc:
                self.message_user(request, f"{improver}: {exc.message}", messages.ERROR)

    @admin.action(description="Pause (dormant)", permissions=["change"])
    def pause(self, request, queryset):
        self._lifecycle(request, queryset, "dormant")

    @admin.action(description="Resume (active)", permissions=["change"])
    def resume(self, request, queryset):
        self._lifecycle(request, queryset, "active")

    @admin.action(description="Destroy", permissions=["delete"])
    def destroy(self, request, queryset):
        self._lifecycle(request, queryset, "destroyed")


@admin.register(RitualRun)
class RitualRunAdmin(admin.ModelAdmin):
    list_display = ["started_at", "improver", "period", "outcome", "proposer", "detail"]
    list_filter = ["outcome", "improver"]

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(EvolutionSession)
class EvolutionSessionAdmin(admin.ModelAdmin):
    list_display = [
        "created_at",
        "template",
        "status",
        "base_version",
        "new_version",
        "rating",
        "feedback_count",
        "proposal",
    ]
    list_filter = ["status", "template"]
    inlines = [NoteInline]
    readonly_fields = [f.name for f in EvolutionSession._meta.fields]


@admin.register(FeedbackItem)
class FeedbackItemAdmin(admin.ModelAdmin):
    """Classified feedback, searchable by text and filterable on both axes, agent and date."""

    list_display = [
        "occurred_at",
        "template",
        "agent",
        "sentiment",
        "category",
        "confidence",
        "source_type",
        "detail",
    ]
    list_filter = ["sentiment", "category", "source_type", "template", "agent", "occurred_at"]
    search_fields = ["detail", "source_id"]
    date_hierarchy = "occurred_at"
    list_select_related = ["template", "agent"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(ImproverReport)
class ImproverReportAdmin(admin.ModelAdmin):
    """Each ritual's weekly report: reviewed, proposed, decided, the last evolution's effect."""

    list_display = ["created_at", "improver", "scope", "confidence", "summary"]
    list_filter = ["improver"]
    readonly_fields = ["improver", "run", "scope", "report", "confidence", "provenance", "created_at"]
    exclude = ["content"]

    @admin.display(description="report")
    def report(self, obj: ImproverReport):
        return format_html("<pre>{}</pre>", obj.content)

    @admin.display(description="summary")
    def summary(self, obj: ImproverReport) -> str:
        return next((ln[3:] for ln in obj.content.splitlines() if ln.startswith("## Reviewed")), "")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Rollout)
class RolloutAdmin(admin.ModelAdmin):
    """Canary rollouts: the sequential test's last check, and the human's promote / abort / pin."""

    list_display = ["started_at", "template", "versions", "status", "arms", "verdict", "decided_by"]
    list_filter = ["status", "template"]
    readonly_fields = [
        "template",
        "proposal",
        "champion",
        "candidate",
        "share",
        "canary",
        "targets_shown",
        "removes_only",
        "status",
        "started_at",
        "decided_at",
        "decided_by",
        "reason",
        "last_check_shown",
    ]
    exclude = ["history", "canary_agents", "last_check", "targets"]
    actions = ["promote", "abort", "pin"]

    @admin.display(description="versions")
    def versions(self, obj: Rollout) -> str:
        return f"v{obj.champion.number} → v{obj.candidate.number}"

    @admin.display(description="sessions (failed) candidate / champion")
    def arms(self, obj: Rollout) -> str:
        arms = (obj.last_check or {}).get("arms", {}).get(OVERALL)
        if not arms:
            return "—"
        (cn, cf), (bn, bf) = arms["candidate"], arms["champion"]
        return f"{cn} ({cf}) / {bn} ({bf})"

    @admin.display(description="last verdict")
    def verdict(self, obj: Rollout) -> str:
        return (obj.last_check or {}).get("reason", "")

    @admin.display(description="canary agents")
    def canary(self, obj: Rollout) -> str:
        names = Agent.objects.filter(pk__in=obj.canary_agents).order_by("name").values_list("name", flat=True)
        return ", ".join(names) or "—"

    @admin.display(description="targets")
    def targets_shown(self, obj: Rollout) -> str:
        return ", ".join(obj.targets) or "failures overall"

    @admin.display(description="last check")
    def last_check_shown(self, obj: Rollout):
        """The same per-signal table as the dashboard: each signal's role, both arms, the interval,
        what it must clear, and its verdict; then the sentence saying where the test stands."""
        status = rollout_status(obj)
        if not status["rows"]:
            return status["summary"]
        header = format_html(
            "<tr>{}</tr>",
            format_html_join(
                "",
                "<th>{}</th>",
                [
                    (h,)
                    for h in (
                        "signal",
                        "role",
                        "canary",
                        "champion",
                        "difference (interval)",
                        "must lie",
                        "verdict",
                    )
                ],
            ),
        )
        body = format_html_join(
            "",
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            [
                (
                    r["metric"],
                    r["role"],
                    r["candidate"],
                    r["champion"],
                    r["interval"],
                    r["must"],
                    r["verdict"],
                )
                for r in status["rows"]
            ],
        )
        at = (obj.last_check or {}).get("at", "")
        return format_html(
            '<table class="kz-table"><thead>{}</thead><tbody>{}</tbody></table><p>{}</p><p>{}</p>',
            header,
            body,
            status["summary"],
            f"Checked {at[:16].replace('T', ' ')} UTC." if at else "",
        )

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False  # it changes only by the promote, abort and pin actions

    def has_delete_permission(self, request, obj=None) -> bool:
        return False  # a rollout ends by promote or abort, so its canary never outlives it

    def has_approve_permission(self, request) -> bool:
        return request.user.has_perm("governance.approve_proposal")

    def _decide(self, request, queryset, action: str):
        for rollout in queryset:
            try:
                rollout_decide(rollout=rollout, action=action, actor=request.user)
                audit(request.user, rollout, f"Rollout {action}")
                self.message_user(request, f"Rollout {rollout.pk}: {action}.", messages.SUCCESS)
            except ApplicationError as exc:
                self.message_user(request, exc.message, messages.ERROR)

    @admin.action(description="Promote: serve the candidate to every agent", permissions=["approve"])
    def promote(self, request, queryset):
        self._decide(request, queryset, "promote")

    @admin.action(description="Abort: every agent back to the champion", permissions=["approve"])
    def abort(self, request, queryset):
        self._decide(request, queryset, "abort")

    @admin.action(description="Pin: keep the split, no automatic action", permissions=["approve"])
    def pin(self, request, queryset):
        self._decide(request, queryset, "pin")
