"""What waits for a person, on every admin and dashboard page a staff member opens: the header's
badge counts it and the admin's front page lists it, each item one click away."""

from functools import cached_property

from dashboard import selectors


class Waiting:
    """Pending proposals, and canary rollouts and line tests handed over to a human, read only when
    a page shows them (the counts by the badge on every page, the lists by the admin's front page)."""

    @cached_property
    def proposals(self) -> int:
        return selectors.pending_count()

    @cached_property
    def rollouts(self) -> int:
        return selectors.handed_over_count()

    @cached_property
    def line_tests(self) -> int:
        return selectors.handed_over_line_test_count()

    @cached_property
    def count(self) -> int:
        return self.proposals + self.rollouts + self.line_tests

    @cached_property
    def proposal_list(self) -> list[dict]:
        return selectors.pending_reviews()

    @cached_property
    def rollout_list(self) -> list[dict]:
        return selectors.handed_over_rollouts()

    @cached_property
    def line_test_list(self) -> list[dict]:
        return selectors.handed_over_line_tests()


def waiting_for_a_human(request) -> dict:
    """`kaizen_waiting` on the admin's and the dashboard's pages, for staff only."""
    user = getattr(request, "user", None)
    if not (
        user and user.is_authenticated and user.is_staff and request.path.startswith(("/admin", "/dashboard"))
    ):
        return {}
    return {"kaizen_waiting": Waiting()}
