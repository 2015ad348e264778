"""Admin pages of the fleet: agents and their tokens, templates, versioned documents (edit,
roll back), the sessions canaries assigned (read-only), the periodic jobs' claims and
django-celery-beat's periodic tasks (their actions guarded by the change permission)."""

from django import forms
from django.contrib import admin, messages
from django.urls import reverse
from django.utils.html import format_html
from django_celery_beat.admin import PeriodicTaskAdmin
from django_celery_beat.models import PeriodicTask

from config.admin_rights import NoAdd, NoChange, NoDelete
from config.audit import audit
from config.errors import ApplicationError
from config.paginators import BoundedChangeList, BoundedCountPaginator
from config.readable import clipped
from config.yamldoc import YamlDocError
from fleet import services
from fleet.documents import document_rollback, document_version_append, validator_for
from fleet.models import (
    Agent,
    AgentTemplate,
    ApiToken,
    Document,
    DocumentVersion,
    Exposure,
    PeriodicClaim,
    WebhookFailure,
)


class TokenInline(NoAdd, admin.TabularInline):
    model = ApiToken
    fk_name = "agent"
    extra = 0
    fields = ["prefix", "label", "created_at", "revoked_at"]
    readonly_fields = fields
    can_delete = False


@admin.register(Agent)
class AgentAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "template", "is_active", "names_sessions", "last_seen_at", "created_at"]
    list_filter = ["kind", "is_active", "template", "names_sessions"]
    readonly_fields = ["names_sessions"]  # read from its directives reads
    search_fields = ["name"]
    inlines = [TokenInline]
    actions = ["issue_token"]

    def has_issue_token_permission(self, request) -> bool:
        return request.user.has_perm("fleet.issue_token")

    @admin.action(description="Issue a new token (shown once)", permissions=["issue_token"])
    def issue_token(self, request, queryset):
        for agent in queryset:
            _, raw = services.token_issue(agent=agent, label=f"admin:{request.user}")
            audit(request.user, agent, "Issued a token")
            self.message_user(
                request,
                f"New token for {agent}: {raw} (copy it now: it is not shown again)",
                messages.WARNING,
            )


# Tokens are issued by create_agent, create_staff_token or the agent action, never added here.
@admin.register(ApiToken)
class ApiTokenAdmin(NoAdd, admin.ModelAdmin):
    list_display = ["prefix", "agent", "user", "label", "created_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["prefix", "agent__name", "user__username", "label"]
    readonly_fields = ["prefix", "digest", "agent", "user", "created_at", "revoked_at"]
    actions = ["revoke", "rotate"]

    def has_issue_token_permission(self, request) -> bool:
        return request.user.has_perm("fleet.issue_token")

    @admin.action(description="Revoke selected tokens", permissions=["change"])
    def revoke(self, request, queryset):
        for token in queryset:
            services.token_revoke(token=token)
            audit(request.user, token, "Revoked")
        self.message_user(request, f"Revoked {queryset.count()} token(s).", messages.SUCCESS)

    @admin.action(
        description="Rotate selected tokens (revoke and issue a replacement)", permissions=["issue_token"]
    )
    def rotate(self, request, queryset):
        for token in queryset:
            if token.user_id and token.user_id != request.user.pk and not request.user.is_superuser:
                # the replacement would be shown to someone who could then act as its owner
                self.message_user(
                    request, f"{token.prefix}: only its owner or a superuser may rotate it.", messages.ERROR
                )
                continue
            try:
                new, raw = services.token_rotate(token=token)
            except ApplicationError as exc:
                self.message_user(request, exc.message, messages.ERROR)
                continue
            audit(request.user, token, f"Rotated to {new.prefix}")
            self.message_user(
                request, f"Replacement for {token.prefix}: {raw} (shown once)", messages.WARNING
            )


@admin.register(PeriodicClaim)
class PeriodicJobAdmin(NoAdd, NoChange, admin.ModelAdmin):
    """When each periodic job last started from the schedule, and why its last run failed (empty
    once a run succeeds): the jobs /readyz reports as failing."""

    list_display = ["name", "last_started_at", "failing", "failed_at"]
    list_filter = [("last_error", admin.EmptyFieldListFilter)]
    readonly_fields = ["name", "last_started_at", "last_error", "failed_at"]

    @admin.display(boolean=True, description="Failing")
    def failing(self, obj) -> bool:
        return bool(obj.last_error)


@admin.register(WebhookFailure)
class WebhookFailureAdmin(NoAdd, NoChange, admin.ModelAdmin):
    """Webhook deliveries given up: every retry used, or refused. Counted on /metrics as
    kaizen_webhook_deliveries_failed_total, by event."""

    list_display = ["event", "reason", "attempts", "failed_at", "task"]
    list_filter = ["event", "reason"]
    search_fields = ["error"]
    readonly_fields = ["event", "task", "reason", "attempts", "error", "failed_at"]


class VersionInline(NoAdd, admin.TabularInline):
    model = DocumentVersion
    extra = 0
    can_delete = False
    fields = ["number", "author", "author_user", "reason", "created_at"]
    readonly_fields = fields
    show_change_link = True
    ordering = ["-number"]


class DocumentEditForm(forms.ModelForm):
    """Edit a document people may edit (the price table, goals, actions, cards): the text is
    checked by its owner's parser and saved as a new version on top of the head it was edited
    from; directives change only through reviewed proposals."""

    text = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 24, "cols": 100, "style": "font-family: monospace"}),
        strip=False,
        help_text="Saved as a new version; earlier versions stay and can be rolled back to.",
    )
    reason = forms.CharField(max_length=500, required=False)
    base = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Document
        fields: list[str] = []

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        head = self.instance.head if self.instance.pk else None
        self.fields["text"].initial = head.text if head else ""
        self.fields["base"].initial = head.number if head else None

    def clean(self):
        data = super().clean()
        head = Document.objects.select_related("head").get(pk=self.instance.pk).head
        if (head.number if head else None) != data.get("base"):
            raise forms.ValidationError(
                "Someone saved a new version while you were editing: reload and edit again."
            )
        try:
            validator_for(self.instance.name)(data.get("text", ""), self.instance.name)
        except YamlDocError as exc:
            self.add_error("text", str(exc))
        return data


@admin.register(Document)
class DocumentAdmin(NoAdd, NoDelete, admin.ModelAdmin):
    """Every versioned text: template directives (`template:<slug>`), goals, actions, cards,
    prices. Those their owner declared editable get a text box (approvers only)."""

    list_display = ["name", "head", "moved_at", "moved_by"]
    search_fields = ["name"]
    readonly_fields = ["name", "head", "moved_at", "moved_by"]
    inlines = [VersionInline]

    def has_change_permission(self, request, obj=None) -> bool:
        editable = obj is None or validator_for(obj.name) is not None
        return editable and request.user.has_perm("governance.approve_proposal")

    def get_form(self, request, obj=None, **kwargs):
        if obj is not None and validator_for(obj.name) is not None:
            kwargs["form"] = DocumentEditForm
            kwargs["fields"] = ["text", "reason", "base"]
        return super().get_form(request, obj, **kwargs)

    def get_fields(self, request, obj=None):
        editable = obj is not None and validator_for(obj.name) is not None
        return [*self.readonly_fields, *(["text", "reason", "base"] if editable else [])]

    def save_model(self, request, obj, form, change):
        text = form.cleaned_data["text"]
        if obj.head_id and obj.head.text == text:
            return  # nothing changed: no new version
        version = document_version_append(
            document=obj,
            text=text,
            author_user=request.user,
            reason=form.cleaned_data.get("reason") or "edited in the admin",
            expect_base=form.cleaned_data.get("base"),
        )
        audit(request.user, obj, f"Edited in the admin (now v{version.number})")


@admin.register(DocumentVersion)
class DocumentVersionAdmin(NoAdd, NoDelete, admin.ModelAdmin):
    """Versions are immutable and read-only; an approver rolls a document back by selecting one
    version, which becomes the newest version again (a copy: history is never rewritten), audited."""

    list_display = ["document", "number", "author", "author_user", "why", "created_at"]
    list_filter = ["author", "document"]
    search_fields = ["text", "document__name"]
    readonly_fields = [
        "document",
        "number",
        "text",
        "author",
        "author_user",
        "reason",
        "provenance",
        "created_at",
    ]
    actions = ["roll_back_to"]

    @admin.display(description="reason", ordering="reason")
    def why(self, obj: DocumentVersion):
        return clipped(obj.reason, 80)

    def has_approve_permission(self, request) -> bool:
        return request.user.has_perm("governance.approve_proposal")

    @admin.action(description="Roll back to this version (as a new version)", permissions=["approve"])
    def roll_back_to(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Select exactly one version to roll back to.", messages.ERROR)
            return
        version = queryset.select_related("document").get()
        new = document_rollback(version=version, actor=request.user)
        audit(request.user, version.document, f"Rolled back to v{version.number} (now v{new.number})")
        self.message_user(
            request,
            f"{version.document} is now v{new.number} (a copy of v{version.number}).",
            messages.SUCCESS,
        )


@admin.register(AgentTemplate)
class AgentTemplateAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "kind", "head_version", "created_at"]
    list_filter = ["kind"]
    search_fields = ["slug", "name"]
    readonly_fields = ["directives_document", "head_directives"]
    list_select_related = ["document__head"]

    @admin.display(description="head")
    def head_version(self, obj: AgentTemplate):
        head = obj.document.head if obj.document_id else None
        return f"v{head.number}" if head else "—"

    @admin.display(description="directives (versions and rollback)")
    def directives_document(self, obj: AgentTemplate):
        if not obj.document_id:
            return "—"
        url = reverse("admin:fleet_document_change", args=[obj.document_id])
        return format_html('<a href="{}">{}</a>', url, obj.document.name)

    @admin.display(description="head directives")
    def head_directives(self, obj: AgentTemplate):
        head = obj.document.head if obj.document_id else None
        return format_html("<pre>{}</pre>", head.text) if head else "—"


@admin.register(Exposure)
class ExposureAdmin(NoAdd, NoChange, NoDelete, admin.ModelAdmin):
    """Which arm each session a canary assigned was served, read-only (written when an agent's
    read of its directives names its session). The list stays cheap however many rows the table
    holds: the count is bounded and the table is never counted twice."""

    list_display = ["agent", "session", "candidate", "version", "at"]
    list_select_related = ["agent", "candidate__document", "version__document"]
    list_per_page = 40  # about two screens at 1280 px
    paginator = BoundedCountPaginator
    show_full_result_count = False

    @admin.display(description="session", ordering="session_key")
    def session(self, obj: Exposure) -> str:
        return obj.session_key

    def get_changelist(self, request, **kwargs):
        return BoundedChangeList


admin.site.unregister(PeriodicTask)


@admin.register(PeriodicTask)
class GuardedPeriodicTaskAdmin(PeriodicTaskAdmin):
    """django-celery-beat's admin, whose actions (enable, disable, run now) declare no permission:
    here they need the change permission, like an edit of the task."""

    def get_actions(self, request):
        return super().get_actions(request) if self.has_change_permission(request) else {}
