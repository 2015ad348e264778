from django.contrib import admin, messages

from config.audit import audit
from improver.models import AgentTemplate, TemplateHead, TemplateVersion
from improver.services.templates import template_head_move


class VersionInline(admin.TabularInline):
    model = TemplateVersion
    extra = 0
    can_delete = False
    fields = ["number", "author", "created_at", "provenance"]
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(AgentTemplate)
class AgentTemplateAdmin(admin.ModelAdmin):
    list_display = ["slug", "name", "kind", "head_version", "created_at"]
    list_filter = ["kind"]
    search_fields = ["slug", "name"]
    inlines = [VersionInline]

    @admin.display(description="head")
    def head_version(self, obj: AgentTemplate):
        head = TemplateHead.objects.filter(template=obj).select_related("version").first()
        return f"v{head.version.number}" if head else "—"


@admin.register(TemplateVersion)
class TemplateVersionAdmin(admin.ModelAdmin):
    list_display = ["template", "number", "author", "created_at"]
    list_filter = ["template", "author"]
    search_fields = ["directives", "template__slug"]
    readonly_fields = [
        "template",
        "number",
        "directives",
        "author",
        "author_user",
        "provenance",
        "created_at",
    ]
    actions = ["roll_back_to"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def has_approve_permission(self, request) -> bool:
        return request.user.has_perm("governance.approve_proposal")

    @admin.action(description="Roll the template's head back to this version", permissions=["approve"])
    def roll_back_to(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Select exactly one version to roll back to.", messages.ERROR)
            return
        version = queryset.get()
        template_head_move(template=version.template, version=version, actor=request.user)
        audit(request.user, version.template, f"Rolled head back to v{version.number}")
        self.message_user(request, f"{version.template.slug} now runs v{version.number}.", messages.SUCCESS)


@admin.register(TemplateHead)
class TemplateHeadAdmin(admin.ModelAdmin):
    list_display = ["template", "version", "moved_at", "moved_by"]
    readonly_fields = ["template", "version", "moved_at", "moved_by"]

    def has_add_permission(self, request) -> bool:
        return False
