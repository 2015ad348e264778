"""Reads of proposals and decisions."""

from django.db.models import QuerySet

from governance.models import Proposal


def proposal_list(*, status: str | None = None, type: str | None = None) -> QuerySet[Proposal]:
    qs = Proposal.objects.all()
    if status:
        qs = qs.filter(status=status)
    if type:
        qs = qs.filter(type=type)
    return qs.order_by("-created_at", "-id")
