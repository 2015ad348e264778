"""Admin pages of operations: the derived-work to-do list (retrying and parked entries, re-run)
and django-celery-beat's periodic tasks with their actions guarded by the change permission."""

from django.contrib import admin, messages
from django_celery_beat.admin import PeriodicTaskAdmin
from django_celery_beat.models import PeriodicTask

from config.audit import audit
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


@admin.register(PendingDerivation)
class PendingDerivationAdmin(admin.ModelAdmin):
    """The derived-work to-do list: events whose handlers have not run, and those whose handler
    failed (retrying, or parked after its last attempt with the error it raised)."""

    list_display = ["event_type", "row_id", "attempts", "short_error", "handler", "due"]
    list_filter = [ParkedFilter, "event_type", "handler"]
    readonly_fields = [f.name for f in PendingDerivation._meta.fields]
    actions = ["rerun"]
    show_full_result_count = False  # the list can be long while the worker catches up

    def has_add_permission(self, request) -> bool:
        return False

    @admin.display(description="error")
    def short_error(self, obj: PendingDerivation) -> str:
        return obj.error[:80] + ("…" if len(obj.error) > 80 else "")

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


admin.site.unregister(PeriodicTask)


@admin.register(PeriodicTask)
class GuardedPeriodicTaskAdmin(PeriodicTaskAdmin):
    """django-celery-beat's admin, whose actions (enable, disable, run now) declare no permission:
    here they need the change permission, like an edit of the task."""

    def get_actions(self, request):
        return super().get_actions(request) if self.has_change_permission(request) else {}
