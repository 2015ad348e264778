"""The forge provider interface: pull requests, CI and workspaces live outside Kaizen.

Configure a class with KAIZEN_FORGE_CLASS (a dotted path); with none, the scans that need a
forge record a skipped run. An implementation answers these questions for a PR URL.
"""

from typing import Protocol

from django.conf import settings
from django.utils.module_loading import import_string


class Forge(Protocol):
    def pr_state(self, url: str) -> str: ...  # open | merged | closed

    def pr_review_state(self, url: str) -> str: ...  # APPROVED | CHANGES_REQUESTED | PENDING

    def pr_mergeable(self, url: str) -> bool | None: ...

    def pr_ci_status(self, url: str) -> str: ...  # success | failure | pending

    def pr_age_days(self, url: str) -> float: ...

    def close_pr(self, url: str, comment: str) -> None: ...

    def workspaces(self) -> list[str]: ...

    def workspace_healthy(self, name: str) -> bool: ...

    # Read by the planner's CI and pull-request goals (optional: without them those goals stay idle).
    def ci_success_rate(self) -> float | None: ...  # main-branch CI runs that passed, recent window

    def stuck_pull_requests(self) -> list[str]: ...  # PRs whose branch update keeps failing (422)


def get_forge() -> Forge | None:
    path = settings.KAIZEN["FORGE_CLASS"]
    return import_string(path)() if path else None
