"""Admin pagination that stays cheap on tables of tens of millions of rows."""

from django.core.paginator import Paginator
from django.utils.functional import cached_property


class BoundedCountPaginator(Paginator):
    """Counts at most LIMIT + 1 rows (`SELECT COUNT(*) FROM (… LIMIT n)`), so a changelist of an
    event table never counts the whole table; past the bound it says there are LIMIT+ rows and
    pages up to there (narrow the list with its filters or search to reach older rows)."""

    LIMIT = 10_000

    @cached_property
    def count(self) -> int:
        return self.object_list[: self.LIMIT + 1].count()
