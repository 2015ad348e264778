"""Admin pages of the board."""

from django.contrib import admin, messages
from django.utils.safestring import mark_safe

from config.admin_rights import NoAdd, NoChange
from config.errors import ApplicationError
from config.readable import brief, clipped
from governance.board.services import task_update
from governance.models import (
    BlockedEvent,
    BoardTask,
    CommandRun,
    Escalation,
    ImproveCycle,
    ScanRun,
    TaskComment,
    TaskFeedback,
)


class CommentInline(admin.TabularInline):
    model = TaskComment
    extra = 1
    fields = ["created_at", "kind", "author", "body"]
    readonly_fields = ["created_at"]


@admin.register(BoardTask)
class BoardTaskAdmin(admin.ModelAdmin):
    list_display = [
        "id",
        "heading",
        "kind",
        "status",
        "source",
        "priority",
        "classification",
        "attention",
        "updated_at",
    ]
    list_filter = ["status", "kind", "source", "priority", "classification", "human_attention"]
    search_fields = ["title", "body", "result", "dedup_key"]
    readonly_fields = [
        "status",  # changes go through the bulk actions, which validate transitions and triage
        "classification",
        "triage",
        "attention",  # in words, as on the list
        "created_at",
        "updated_at",
        "status_changed_at",
        "created_in_cycle",
        "proposal",
        "created_by_agent",
    ]
    exclude = ["human_attention"]  # set by triage; shown in words by `attention`
    inlines = [CommentInline]
    actions = ["to_backlog", "cancel", "mark_done"]

    @admin.display(description="title", ordering="title")
    def heading(self, obj: BoardTask):
        return clipped(obj.title, 70)

    @admin.display(description="needs a human", ordering="human_attention")
    def attention(self, obj: BoardTask):
        """Said in words, in the colour of a warning: a green tick reads as "fine", the opposite."""
        if not obj.human_attention:
            return ""
        return mark_safe(
            '<span class="kz-needs-human" style="color:#b35900;font-weight:600;white-space:nowrap"'
            ' title="An agent asked a question or triage found work only a person can do">'
            "&#9888; needs a human</span>"
        )

    def save_formset(self, request, form, formset, change):
        for comment in formset.save(commit=False):
            comment.kind = comment.kind if comment.pk else TaskComment.Kind.HUMAN
            comment.author = comment.author or request.user.username
            comment.save()
        formset.save_m2m()

    def _move(self, request, queryset, status: str):
        moved = 0
        for task in queryset:
            try:
                task_update(
                    task=task, changes={"status": status}, actor_label=request.user.username, human=True
                )
                moved += 1
            except ApplicationError as exc:
                self.message_user(request, f"#{task.pk}: {exc.message}", messages.ERROR)
        self.message_user(request, f"{moved} task(s) moved to {status}.", messages.SUCCESS)

    @admin.action(description="Move to backlog", permissions=["change"])
    def to_backlog(self, request, queryset):
        self._move(request, queryset, "backlog")

    @admin.action(description="Cancel", permissions=["change"])
    def cancel(self, request, queryset):
        self._move(request, queryset, "cancelled")

    @admin.action(description="Mark done", permissions=["change"])
    def mark_done(self, request, queryset):
        self._move(request, queryset, "done")


@admin.register(ScanRun)
class ScanRunAdmin(NoAdd, NoChange, admin.ModelAdmin):
    list_display = ["created_at", "cycle", "scan", "status", "found", "said"]
    list_filter = ["scan", "status"]

    @admin.display(description="counts")
    def found(self, obj: ScanRun):
        return clipped(brief(obj.counts), 60)

    @admin.display(description="detail", ordering="detail")
    def said(self, obj: ScanRun):
        return clipped(obj.detail, 100)


@admin.register(ImproveCycle)
class ImproveCycleAdmin(admin.ModelAdmin):
    list_display = ["name", "count", "last_run_at"]


@admin.register(Escalation)
class EscalationAdmin(admin.ModelAdmin):
    list_display = ["classification", "count", "last_sent_at"]


@admin.register(BlockedEvent)
class BlockedEventAdmin(admin.ModelAdmin):
    list_display = ["created_at", "task", "classification"]
    list_filter = ["classification"]


@admin.register(CommandRun)
class CommandRunAdmin(admin.ModelAdmin):
    list_display = ["created_at", "run", "passed", "task"]
    list_filter = ["passed"]
    search_fields = ["command"]

    @admin.display(description="command", ordering="command")
    def run(self, obj: CommandRun):
        return clipped(obj.command, 90)


@admin.register(TaskFeedback)
class TaskFeedbackAdmin(admin.ModelAdmin):
    list_display = ["created_at", "task", "outcome", "source"]
    list_filter = ["outcome", "source"]
