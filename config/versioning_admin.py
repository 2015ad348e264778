"""The one admin action for versioned documents (template directives, goals, actions, cards).

Versions are immutable and listed read-only; an approver rolls a document back by selecting one
version, which becomes the newest version again (a copy: history is never rewritten), audited.
"""

from django.contrib import admin, messages

from config.audit import audit


class VersionAdmin(admin.ModelAdmin):
    """Subclasses say how to roll back (`roll_back`) and what the version belongs to (`owner`)."""

    actions = ["roll_back_to"]

    def roll_back(self, version, user):
        raise NotImplementedError

    def owner(self, version):
        raise NotImplementedError

    def has_add_permission(self, request) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False

    def has_approve_permission(self, request) -> bool:
        return request.user.has_perm("governance.approve_proposal")

    @admin.action(description="Roll back to this version (as a new version)", permissions=["approve"])
    def roll_back_to(self, request, queryset):
        if queryset.count() != 1:
            self.message_user(request, "Select exactly one version to roll back to.", messages.ERROR)
            return
        version = queryset.get()
        new = self.roll_back(version, request.user)
        owner = self.owner(version)
        audit(request.user, owner, f"Rolled back to v{version.number} (now v{new.number})")
        self.message_user(
            request, f"{owner} is now v{new.number} (a copy of v{version.number}).", messages.SUCCESS
        )
