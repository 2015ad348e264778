"""Admin pages of operations: the derived-work to-do list (retrying and parked entries, re-run),
registered with the admin site in telemetry/admin.py."""

from django.contrib import admin, messages

from config.audit import audit
from config.readable import clipped
from telemetry.derived import entries_rerun
from telemetry.models import PendingDerivation


class ParkedFilter(admin.SimpleListFilter):
    title = "state"
    parameter_name = "state"

    def lookups(self, request, model_admin):
        return [("parked", "parked"), ("retrying", "retrying"), ("waiting", "waiting")]

    def queryset(self, request, queryset):
        match self.value():
            case "parked":
                return queryset.filter(parked_at__isnull=False)
            case "retrying":
                return queryset.filter(parked_at__isnull=True, attempts__gt=0)
            case "waiting":
                return queryset.filter(attempts=0)
        return queryset


class PendingDerivationAdmin(admin.ModelAdmin):
    """The derived-work to-do list: events whose handlers have not run, and those whose handler
    failed (retrying, or parked after its last attempt with the error it raised)."""

    list_display = ["event_type", "row_id", "attempts", "short_error", "handler_name", "due"]
    list_filter = [ParkedFilter, "event_type", "handler"]
    readonly_fields = [f.name for f in PendingDerivation._meta.fields]
    actions = ["rerun"]
    show_full_result_count = False  # the list can be long while the worker catches up

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description="error")
    def short_error(self, obj: PendingDerivation) -> str:
        return obj.error[:80] + ("…" if len(obj.error) > 80 else "")

    @admin.display(description="handler", ordering="handler")
    def handler_name(self, obj: PendingDerivation):
        return clipped(obj.handler, 40)

    @admin.display(description="due")
    def due(self, obj: PendingDerivation):
        if obj.parked_at:
            return "parked"
        return obj.not_before or "now"

    @admin.action(description="Re-run: hand to the handler again at the next pass", permissions=["change"])
    def rerun(self, request, queryset):
        for entry in queryset:
            audit(request.user, entry, f"Re-run (after {entry.attempts} attempts: {entry.error[:200]})")
        count = entries_rerun(entries=queryset)
        self.message_user(request, f"{count} entr(ies) will be derived at the next pass.", messages.SUCCESS)
