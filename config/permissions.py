"""Who may call what. Agents authenticate with an agent token; staff with a session or token."""

from rest_framework.permissions import BasePermission


def request_agent(request):
    """The agent behind the request's token, or None for staff and anonymous callers."""
    return getattr(request.user, "agent", None)


class IsAgent(BasePermission):
    message = "This endpoint needs an agent token."

    def has_permission(self, request, view) -> bool:
        return request_agent(request) is not None


class IsStaff(BasePermission):
    message = "This endpoint needs a staff user."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(user and user.is_authenticated and user.is_staff)


class IsAgentOrStaff(BasePermission):
    message = "This endpoint needs an agent token or a staff user."

    def has_permission(self, request, view) -> bool:
        return IsAgent().has_permission(request, view) or IsStaff().has_permission(request, view)


class CanApproveProposals(BasePermission):
    message = "You do not have permission to approve or reject proposals."

    def has_permission(self, request, view) -> bool:
        user = request.user
        return bool(
            user and user.is_authenticated and user.is_staff and user.has_perm("governance.approve_proposal")
        )
