"""Writes of what was learned that are not a loop's: an operator retiring or restoring a fact."""

from django.db import transaction

from learning.models import LearnedFact


@transaction.atomic
def fact_set_status(*, fact: LearnedFact, status: str) -> LearnedFact:
    """Retire or restore a learned fact (retired facts are no longer served to agents)."""
    LearnedFact.objects.filter(pk=fact.pk).update(status=status)
    fact.refresh_from_db()
    return fact
