from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST
from markdown_it import MarkdownIt

from config.admin_rights import NoAdd, NoChange, NoDelete
from config.audit import audit
from config.errors import ApplicationError
from config.readable import breakable, clipped, readable, share, when
from experiments.metrics import signal_list
from experiments.models import Rollout
from experiments.rule import OVERALL
from experiments.words import (
    SIGNAL_COLUMNS,
    rollout_chart,
    rollout_series,
    rollout_status,
    signal_cells,
)
from fleet.models import Agent
from governance.selectors import outcome_annotations, proposal_standing
from improver.models import EvolutionNote, EvolutionSession, ImproverAgent, ImproverReport, RitualRun
from improver.review import delta_rows
from improver.services.improvers import improver_create, improver_set_lifecycle
from improver.services.lifecycle import rollout_decided

# CommonMark with raw HTML off: what a report quotes is escaped, links to scripts are refused.
REPORT_MARKDOWN = MarkdownIt("commonmark", {"html": False})


class NoteInline(NoAdd, admin.TabularInline):
    model = EvolutionNote
    extra = 0
    can_delete = False
    fields = ["created_at", "kind", "content"]
    readonly_fields = fields


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
        "wakes",
        "last_one_on_one",
        "sessions",
        "failures",
    ]
    list_filter = ["lifecycle", "ritual_state"]
    actions = ["pause", "resume", "destroy"]

    @admin.display(description="wakes", ordering="scheduled_wake_at")
    def wakes(self, obj: ImproverAgent) -> str:
        return when(obj.scheduled_wake_at)

    @admin.display(description="last one-on-one", ordering="last_one_on_one_at")
    def last_one_on_one(self, obj: ImproverAgent) -> str:
        return when(obj.last_one_on_one_at)

    @admin.display(description="sessions done", ordering="total_sessions_completed")
    def sessions(self, obj: ImproverAgent) -> int:
        return obj.total_sessions_completed

    @admin.display(description="failures in a row", ordering="consecutive_failure_count")
    def failures(self, obj: ImproverAgent) -> int:
        return obj.consecutive_failure_count

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
class RitualRunAdmin(NoChange, admin.ModelAdmin):
    list_display = ["started_at", "improver", "period", "outcome", "proposer", "said"]
    list_filter = ["outcome", "improver"]

    @admin.display(description="detail", ordering="detail")
    def said(self, obj: RitualRun):
        return clipped(obj.detail, 120)


# A ritual opens a session, and every field is the ritual's record: nothing to add, save or
# delete (its proposal, and that proposal's decisions, say how it ended).
@admin.register(EvolutionSession)
class EvolutionSessionAdmin(NoAdd, NoChange, NoDelete, admin.ModelAdmin):
    list_display = [
        "created_at",
        "template",
        "status",
        "versions",
        "rating",
        "feedback_count",
        "review",
    ]
    list_select_related = ["template", "base_version", "new_version", "proposal"]
    list_filter = ["status", "template"]
    inlines = [NoteInline]
    readonly_fields = [
        *(f.name for f in EvolutionSession._meta.fields if f.name not in ("performance_delta", "proposal")),
        "proposal_standing",
        "performance",
    ]
    # the delta is shown as a table by `performance`; the proposal with where it stands now
    exclude = ["performance_delta", "proposal"]

    @admin.display(description="versions")
    def versions(self, obj: EvolutionSession) -> str:
        base = f"v{obj.base_version.number}" if obj.base_version_id else "—"
        return f"{base} → v{obj.new_version.number}" if obj.new_version_id else base

    @admin.display(description="proposal", ordering="proposal")
    def review(self, obj: EvolutionSession):
        if not obj.proposal_id:
            return "—"
        said = proposal_standing(obj.proposal, obj)
        return f"{clipped(obj.proposal, 50)} ({said.lower()})"

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(**outcome_annotations("proposal_id"))

    @admin.display(description="proposal")
    def proposal_standing(self, obj: EvolutionSession):
        """The proposal the session made, and where it stands now (pending, approved and rolled
        back, rejected…), linked to its review page."""
        if not obj.proposal_id:
            return "—"
        url = reverse("admin:governance_proposal_change", args=[obj.proposal_id])
        return format_html('<a href="{}">{}</a> — {}', url, obj.proposal, proposal_standing(obj.proposal))

    @admin.display(description="performance delta")
    def performance(self, obj: EvolutionSession):
        """The base version against the one before it, measure by measure (as on the review page)."""
        delta = obj.performance_delta or {}
        rows = delta_rows(delta)
        if not rows:
            return "—"
        before = f"v{delta['previous_version']}" if "previous_version" in delta else "previous"
        now = f"v{delta['current_version']}" if "current_version" in delta else "current"
        return format_html(
            '<div class="kz-scroll"><table class="kz-table"><thead><tr><th>measure</th><th>{}</th><th>{}</th>'
            "<th>change</th></tr></thead><tbody>{}</tbody></table></div>",
            before,
            now,
            format_html_join("", "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>", rows),
        )


@admin.register(ImproverReport)
class ImproverReportAdmin(NoAdd, NoChange, admin.ModelAdmin):
    """Each ritual's weekly report: reviewed, proposed, decided, the last evolution's effect."""

    list_display = ["created_at", "improver", "scope", "confidence", "summary"]
    list_filter = ["improver"]
    readonly_fields = ["improver", "run", "scope", "report", "confidence", "sources", "created_at"]
    exclude = ["content", "provenance"]

    @admin.display(description="report")
    def report(self, obj: ImproverReport):
        """The report's markdown as headings and lists; any HTML in it (a feedback text quoted)
        is shown as text, never run."""
        return mark_safe(f'<div class="kz-report">{REPORT_MARKDOWN.render(obj.content)}</div>')  # noqa: S308

    @admin.display(description="provenance")
    def sources(self, obj: ImproverReport):
        return readable(obj.provenance)

    @admin.display(description="summary")
    def summary(self, obj: ImproverReport):
        return clipped(
            next((ln[3:] for ln in obj.content.splitlines() if ln.startswith("## Reviewed")), ""), 120
        )


@admin.register(Rollout)
class RolloutAdmin(NoAdd, NoChange, NoDelete, admin.ModelAdmin):
    """Canary rollouts: the sequential test's last check, and the human's promote / abort / pin / unpin.
    A rollout changes only by those decisions, and ends by promote or abort, never by a delete,
    so its canary never outlives it."""

    list_display = ["started_at", "template", "versions", "status", "arms", "verdict", "decided_by"]
    list_select_related = ["template", "champion", "candidate"]
    list_filter = ["status", "template"]
    readonly_fields = [
        "template",
        "proposal",
        "champion",
        "candidate",
        "share_shown",
        "canary",
        "targets_shown",
        "status",
        "started_at",
        "decided_at",
        "decided_by",
        "reason",
        "last_check_shown",
    ]
    fields = [  # the short ones share lines
        ("template", "proposal"),
        ("champion", "candidate", "share_shown"),
        "canary",
        "targets_shown",
        ("status", "started_at", "decided_at", "decided_by"),
        "reason",
        "last_check_shown",
    ]
    actions = ["promote", "abort", "pin", "unpin"]
    # the page of a rollout, with its history chart and decisions, kept beside this admin
    change_form_template = "admin/improver/rollout/change_form.html"

    @admin.display(description="canary share")
    def share_shown(self, obj: Rollout) -> str:
        return share(obj.share)

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
    def verdict(self, obj: Rollout):
        return clipped((obj.last_check or {}).get("reason", ""), 120)

    @admin.display(description="canary agents")
    def canary(self, obj: Rollout) -> str:
        names = Agent.objects.filter(pk__in=obj.canary_agents).order_by("name").values_list("name", flat=True)
        return ", ".join(names) or "—"

    @admin.display(description="targets")
    def targets_shown(self, obj: Rollout) -> str:
        if obj.removes_only:
            return "none: the change only removes lines, so every signal must be shown not worse"
        return signal_list(obj.targets) or "failures overall"

    @admin.display(description="last check")
    def last_check_shown(self, obj: Rollout):
        """The same per-signal table as the dashboard: each signal's role, both arms, the interval,
        what it must clear, and its verdict; then the sentence saying where the test stands."""
        status = rollout_status(obj)
        if not status["rows"]:
            return status["summary"]
        header = format_html(
            "<tr>{}</tr>", format_html_join("", "<th>{}</th>", [(h,) for h in SIGNAL_COLUMNS])
        )
        body = format_html_join(
            "",
            "<tr>" + "<td>{}</td>" * len(SIGNAL_COLUMNS) + "</tr>",
            [tuple(breakable(cell) for cell in signal_cells(r)) for r in status["rows"]],
        )
        at = (obj.last_check or {}).get("at", "")
        return format_html(
            '<div class="kz-scroll"><table class="kz-table"><thead>{}</thead><tbody>{}</tbody></table></div>'
            "<p>{}</p>",
            header,
            body,
            f"Checked {at[:16].replace('T', ' ')} UTC." if at else "",
        )

    DECISIONS = (  # action, button, what it does, the question asked before one that cannot be undone
        (
            "promote",
            "Promote",
            "Serve the candidate to every agent now.",
            "Promote v{candidate} to every agent of {template} now? The canary ends; this cannot be undone.",
        ),
        (
            "abort",
            "Abort",
            "Every agent back to the champion; its lines are not proposed again.",
            "Abort the canary of v{candidate}? Every agent of {template} goes back to v{champion} and its "
            "lines are not proposed again; this cannot be undone.",
        ),
        ("pin", "Pin", "Keep the split as it is, with no automatic action, until a human decides.", ""),
        ("unpin", "Unpin", "Let the test act on its own again: its next check may promote or roll back.", ""),
    )

    def get_urls(self):
        decide = require_POST(self.admin_site.admin_view(self.decide_view))
        return [
            path("<int:pk>/decide/<str:action>/", decide, name="experiments_rollout_decide"),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        rollout = self.get_object(request, unquote(object_id))
        if rollout is None:  # the admin's own "does not exist" message, for any id typed in the address
            return super().change_view(request, object_id, form_url, extra_context)
        status = rollout_status(rollout)
        names = {
            "candidate": rollout.candidate.number,
            "champion": rollout.champion.number,
            "template": rollout.template.slug,
        }
        extra = {
            "standing": status["summary"],
            "advice": status["advice"],
            "history_chart": history_chart(rollout, status["judged_on"][0]),
            "can_decide": self.has_approve_permission(request) and rollout.status in Rollout.OPEN,
            "decisions": [
                (action, label, help, ask.format(**names))
                for action, label, help, ask in self.DECISIONS
                if action not in ("pin", "unpin") or (action == "unpin") == (rollout.status == "pinned")
            ],
        }
        return super().change_view(request, object_id, form_url, {**extra, **(extra_context or {})})

    def decide_view(self, request, pk: int, action: str):
        """Promote, abort or pin from the rollout's own page (the same service as the API)."""
        if not self.has_approve_permission(request):
            raise PermissionDenied
        rollout = get_object_or_404(Rollout, pk=pk)
        version = request.POST.get("version")
        try:
            rollout_decided(
                rollout=rollout,
                action=action,
                actor=request.user,
                version=int(version) if version and version.isdigit() else None,
            )
            audit(request.user, rollout, f"Rollout {action}")
            self.message_user(request, f"Rollout {rollout.pk}: {action}.", messages.SUCCESS)
        except ApplicationError as exc:
            self.message_user(request, exc.message, messages.ERROR)
        return redirect(reverse("admin:experiments_rollout_change", args=[pk]))

    def has_approve_permission(self, request) -> bool:
        return request.user.has_perm("governance.approve_proposal")

    def _decide(self, request, queryset, action: str):
        for rollout in queryset:
            try:
                rollout_decided(rollout=rollout, action=action, actor=request.user)
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

    @admin.action(description="Unpin: let the test act on its own again", permissions=["approve"])
    def unpin(self, request, queryset):
        self._decide(request, queryset, "unpin")


def history_chart(rollout: Rollout, metric: str) -> str:
    """Both arms' rate of what the rollout is judged on at every check, over the rollout's own
    time, with the sessions behind each."""
    drawn = rollout_series(rollout, metric)
    return rollout_chart(drawn, rollout_id=rollout.pk, title=f"Sessions with {metric}, at each check")
