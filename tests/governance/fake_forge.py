"""A scripted forge for the scan tests (configured through KAIZEN_FORGE_CLASS)."""


class FakeForge:
    prs: dict[str, dict] = {}
    workspaces_state: dict[str, bool] = {}
    closed: list[str] = []
    ci_rate: float | None = None
    stuck: list[str] = []

    def _pr(self, url):
        return self.prs.get(url, {})

    def pr_state(self, url):
        return self._pr(url).get("state", "open")

    def pr_review_state(self, url):
        return self._pr(url).get("review", "PENDING")

    def pr_mergeable(self, url):
        return self._pr(url).get("mergeable", True)

    def pr_ci_status(self, url):
        return self._pr(url).get("ci", "success")

    def pr_age_days(self, url):
        return self._pr(url).get("age", 1)

    def close_pr(self, url, comment):
        self.closed.append(url)

    def workspaces(self):
        return list(self.workspaces_state)

    def workspace_healthy(self, name):
        return self.workspaces_state[name]

    def ci_success_rate(self):
        return self.ci_rate

    def stuck_pull_requests(self):
        return list(self.stuck)
