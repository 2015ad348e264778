"""Admin pagination that stays cheap on tables of tens of millions of rows."""

from django.contrib.admin.views.main import ChangeList
from django.core.paginator import Paginator
from django.utils.functional import cached_property


class BoundedCountPaginator(Paginator):
    """Counts at most LIMIT + 1 rows, so a changelist of an event table never counts the whole
    table; past the bound it says there are LIMIT+ rows and pages up to there (narrow the list
    with its filters or search to reach older rows).

    It counts by reading the ids of the matching rows (`SELECT id … LIMIT n`) in no order: any
    LIMIT + 1 rows that match stop it, where reading them in the list's order sorted every match
    first (a day's text search of the tool calls sorted 300,000 rows to count 10,001). The ids it
    read are kept in `ids`: a list that fits on one page is then read by them (see
    `BoundedChangeList`), not by a second scan of everything the filters cover."""

    LIMIT = 10_000

    @cached_property
    def ids(self) -> list:
        return list(self.object_list.order_by().values_list("pk", flat=True)[: self.LIMIT + 1])

    @cached_property
    def count(self) -> int:
        return len(self.ids)


class BoundedChangeList(ChangeList):
    """A changelist whose rows, when they all fit on the page, are read by the ids its count
    found. A search that matches a few rows, or none, scans what it covers once instead of twice
    (once to count, once to list): at 50M events the day's feedback searched for a word it does
    not hold was read twice, 260 ms in all."""

    def get_results(self, request):
        super().get_results(request)
        whole = (self.show_all and self.can_show_all) or not self.multi_page
        if whole and isinstance(self.paginator, BoundedCountPaginator):
            self.result_list = self.queryset.filter(pk__in=self.paginator.ids)
