"""Line tests in the admin: each line's estimate, interval, verdict and recommendation, and a
human's promote / abort / pin / unpin (the same service the test itself uses)."""

from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, redirect
from django.urls import path, reverse
from django.utils.html import format_html, format_html_join
from django.views.decorators.http import require_POST

from config.admin_rights import NoAdd, NoChange, NoDelete
from config.audit import audit
from config.errors import ApplicationError
from config.readable import breakable, clipped, share
from experiments.models import LineFactor
from experiments.services import factor_decide
from experiments.words import SIGNAL_COLUMNS, level_status, level_title, signal_cells


def signal_table(rows: list[dict]) -> str:
    if not rows:
        return ""
    header = format_html("<tr>{}</tr>", format_html_join("", "<th>{}</th>", [(h,) for h in SIGNAL_COLUMNS]))
    body = format_html_join(
        "",
        "<tr>" + "<td>{}</td>" * len(SIGNAL_COLUMNS) + "</tr>",
        [tuple(breakable(cell) for cell in signal_cells(r)) for r in rows],
    )
    return format_html(
        '<div class="kz-scroll"><table class="kz-table"><thead>{}</thead><tbody>{}</tbody></table></div>',
        header,
        body,
    )


@admin.register(LineFactor)
class LineFactorAdmin(NoAdd, NoChange, NoDelete, admin.ModelAdmin):
    """Lines under test, each drawn per session and decided on its own."""

    list_display = ["started_at", "template", "line", "status", "share_shown", "verdict", "decided_by"]
    list_select_related = ["template"]
    list_filter = ["status", "template"]
    readonly_fields = [
        "template",
        "proposal",
        "share_shown",
        "status",
        "started_at",
        "decided_at",
        "decided_by",
        "reason",
    ]
    fields = [
        ("template", "proposal"),
        ("status", "share_shown"),
        ("started_at", "decided_at", "decided_by"),
        "reason",
    ]
    actions = ["abort", "pin", "unpin"]

    @admin.display(description="line")
    def line(self, obj: LineFactor) -> str:
        return clipped(obj.title, 100)

    @admin.display(description="share of sessions")
    def share_shown(self, obj: LineFactor) -> str:
        return share(obj.share) + (" each level" if len(obj.levels) > 1 else "")

    @admin.display(description="last verdict")
    def verdict(self, obj: LineFactor) -> str:
        checks = obj.last_check or {}
        return clipped("; ".join(c.get("reason", "") for c in checks.values()), 120) or "—"

    def get_urls(self):
        decide = require_POST(self.admin_site.admin_view(self.decide_view))
        return [
            path("<int:pk>/decide/<str:action>/", decide, name="experiments_linefactor_decide"),
            *super().get_urls(),
        ]

    def change_view(self, request, object_id, form_url="", extra_context=None):
        factor = self.get_object(request, unquote(object_id))
        if factor is None:  # the admin's own "does not exist" message, for any id typed in the address
            return super().change_view(request, object_id, form_url, extra_context)
        levels = []
        for number in range(1, len(factor.levels) + 1):
            status = level_status(factor, number)
            levels.append(
                {
                    "number": number,
                    "title": level_title(factor, number),
                    "standing": status["summary"],
                    "advice": status["advice"],
                    "table": signal_table(status["rows"]),
                    "live": factor.status in LineFactor.OPEN and number in factor.live_levels(),
                    "ask": f"Promote this line into a new version of {factor.template.slug}, served to every "
                    "agent? Its test ends; this cannot be undone.",
                }
            )
        extra = {
            "levels": levels,
            "can_decide": self.has_approve_permission(request) and factor.status in LineFactor.OPEN,
        }
        return super().change_view(request, object_id, form_url, {**extra, **(extra_context or {})})

    def decide_view(self, request, pk: int, action: str):
        if not self.has_approve_permission(request):
            raise PermissionDenied
        factor = get_object_or_404(LineFactor, pk=pk)
        level = request.POST.get("level")
        try:
            factor_decide(
                factor=factor,
                action=action,
                actor=request.user,
                level=int(level) if level and level.isdigit() else None,
            )
            audit(request.user, factor, f"Line test {action}")
            self.message_user(request, f"Line test {factor.pk}: {action}.", messages.SUCCESS)
        except ApplicationError as exc:
            self.message_user(request, exc.message, messages.ERROR)
        return redirect(reverse("admin:experiments_linefactor_change", args=[pk]))

    def has_approve_permission(self, request) -> bool:
        return request.user.has_perm("governance.approve_proposal")

    def _decide(self, request, queryset, action: str):
        for factor in queryset:
            try:
                factor_decide(factor=factor, action=action, actor=request.user)
                audit(request.user, factor, f"Line test {action}")
                self.message_user(request, f"Line test {factor.pk}: {action}.", messages.SUCCESS)
            except ApplicationError as exc:
                self.message_user(request, exc.message, messages.ERROR)

    @admin.action(description="Abort: serve the line to no session", permissions=["approve"])
    def abort(self, request, queryset):
        self._decide(request, queryset, "abort")

    @admin.action(description="Pin: keep drawing it, no automatic action", permissions=["approve"])
    def pin(self, request, queryset):
        self._decide(request, queryset, "pin")

    @admin.action(description="Unpin: let the test act on its own again", permissions=["approve"])
    def unpin(self, request, queryset):
        self._decide(request, queryset, "unpin")
