from governance.models import Proposal


def pending_reviews(request) -> dict:
    """The pending-review count shown as a badge on every admin page (staff only)."""
    user = getattr(request, "user", None)
    if not (
        user and user.is_authenticated and user.is_staff and request.path.startswith(("/admin", "/dashboard"))
    ):
        return {}
    return {"kaizen_pending_reviews": Proposal.objects.filter(status=Proposal.Status.PENDING).count()}
