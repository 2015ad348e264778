"""The canaries: whole versions tested against the one they follow, and lines tested as factors.

A **rollout** serves an approved version of a template's directives to a canary share of its
agents while the rest keep the version it follows, until the sequential test (or a human) promotes
it to everyone or rolls it back. Its table was created by the improver's migrations and keeps its
`improver_rollout` name.

Lines tested as factors: each line of an approved change is drawn on its own for every session
whose read names it, and decided on its own.

A **factor** is one change to a template's directives under test: usually one line added or one
removed; lines that must never be served together (a line and its replacement, two contrary
remedies) are one factor with exclusive **levels**. Every session is drawn once per factor by a
stable hash of (factor, session): level 1 for a `share` of the sessions, level 2 for the next
share, … and level 0 (the directives without any of the factor's lines) for the rest. The draw
is kept as an **exposure**, so a later read of the session gets the same lines and its failure
signals count on the arm it was served, whichever other factors it also carried.

A learned fact that recurs across agents is tested the same way before it reaches every agent:
one factor, its one level serving the fact among the session's learned facts.
"""

from django.db import models

from experiments.words import level_title
from fleet.models import Agent, AgentTemplate, DocumentVersion


class LineFactor(models.Model):
    class Status(models.TextChoices):
        TESTING = "testing"
        PINNED = "pinned"  # a human holds it as it is: no automatic action
        NEEDS_HUMAN = "needs_human"  # no decision within the maximum duration: a human decides
        PROMOTED = "promoted"  # in a new version of the directives, served to everyone
        ROLLED_BACK = "rolled_back"  # by the test
        ABORTED = "aborted"  # by a human

    OPEN = (Status.TESTING, Status.PINNED, Status.NEEDS_HUMAN)

    template = models.ForeignKey(AgentTemplate, on_delete=models.CASCADE, related_name="line_factors")
    proposal = models.ForeignKey(
        "governance.Proposal", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    fact = models.OneToOneField(
        "learning.LearnedFact",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="trial",
        help_text="A learned fact on trial: served to the drawn sessions among the learned facts.",
    )
    levels = models.JSONField(
        help_text='Each level\'s change: [{"add": [lines], "remove": [lines], "targets": [signals]}, …]; '
        "level 0, the directives without them, is implicit."
    )
    share = models.FloatField(help_text="The share of sessions drawn to each level.")
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.TESTING)
    started_at = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.CharField(max_length=150, blank=True, help_text="system (the test), or the user.")
    promoted_level = models.PositiveSmallIntegerField(null=True, blank=True)
    reason = models.TextField(blank=True)
    dropped_levels = models.JSONField(
        default=list, blank=True, help_text="Levels rolled back while others run."
    )
    last_check = models.JSONField(default=dict, blank=True, help_text="Per level: arms, intervals, verdict.")
    history = models.JSONField(default=list, blank=True, help_text="Each check, for the charts.")

    class Meta:
        verbose_name = "line test"  # what every page calls it
        ordering = ["-started_at", "-pk"]
        indexes = [models.Index(fields=["template", "status"], name="line_factor_open")]

    def __str__(self) -> str:
        return f"{self.template.slug}: {self.title}"

    @property
    def title(self) -> str:
        """Its first level in words (experiments.words), and how many exclusive levels follow."""
        more = f" (+{len(self.levels) - 1} exclusive)" if len(self.levels) > 1 else ""
        return (level_title(self, 1) if self.levels else "(no line)") + more

    def live_levels(self) -> list[int]:
        """The levels (1-based) still drawn: those not rolled back."""
        return [n for n in range(1, len(self.levels) + 1) if n not in (self.dropped_levels or [])]


class LineExposure(models.Model):
    """The level a session was drawn for one factor, kept once: the first read decides."""

    factor = models.ForeignKey(LineFactor, on_delete=models.CASCADE, related_name="exposures", db_index=False)
    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="+", db_index=False)
    session_key = models.CharField(max_length=200)
    level = models.PositiveSmallIntegerField(help_text="0: the factor's lines not served.")
    at = models.DateTimeField()

    class Meta:
        constraints = [
            # factor first: one session's draw (factor, agent, key) and a factor's arms per level
            models.UniqueConstraint(fields=["factor", "agent", "session_key"], name="line_exposure_once"),
        ]
        indexes = [models.Index(fields=["at"], name="line_exposure_at")]  # retention finds the old ones

    def __str__(self) -> str:
        return f"{self.session_key} of agent {self.agent_id}: level {self.level} of factor {self.factor_id}"


class Rollout(models.Model):
    """An approved evolution served to a canary share of the template's agents until the
    sequential test (or a human) promotes it to everyone or rolls it back."""

    class Status(models.TextChoices):
        RUNNING = "running"
        PINNED = "pinned"  # a human holds it as it is: no automatic action
        NEEDS_HUMAN = "needs_human"  # no decision within the maximum duration
        PROMOTED = "promoted"
        ROLLED_BACK = "rolled_back"  # by the test
        ABORTED = "aborted"  # by a human

    OPEN = (Status.RUNNING, Status.PINNED, Status.NEEDS_HUMAN)

    template = models.ForeignKey(AgentTemplate, on_delete=models.CASCADE, related_name="rollouts")
    proposal = models.ForeignKey(
        "governance.Proposal", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    champion = models.ForeignKey(DocumentVersion, on_delete=models.PROTECT, related_name="+")
    candidate = models.ForeignKey(DocumentVersion, on_delete=models.PROTECT, related_name="+")
    share = models.FloatField()
    canary_agents = models.JSONField(default=list)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.RUNNING)
    started_at = models.DateTimeField()
    decided_at = models.DateTimeField(null=True, blank=True)
    decided_by = models.CharField(
        max_length=150, blank=True, help_text="system (the test), or the user who decided."
    )
    reason = models.TextField(blank=True)
    targets = models.JSONField(
        default=list,
        blank=True,
        help_text="The failure signals the change should lower; all others are guarded.",
    )
    removes_only = models.BooleanField(
        default=False,
        help_text="The change only removes lines: promoted once every signal is shown within its margin.",
    )
    last_check = models.JSONField(default=dict, blank=True, help_text="Arms, intervals and verdict.")
    history = models.JSONField(default=list, blank=True, help_text="Each check, for the charts.")

    class Meta:
        db_table = "improver_rollout"  # created by the improver's migrations, where it began
        ordering = ["-started_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["template"],
                condition=models.Q(status__in=["running", "pinned", "needs_human"]),
                name="one_open_rollout_per_template",
            )
        ]

    def __str__(self) -> str:
        return f"{self.template.slug} v{self.candidate.number} ({self.get_status_display().lower()})"
