"""Improver agents, their rituals, evolution sessions, notes and weekly reports."""

from django.db import models

from fleet.models import AgentTemplate, DocumentVersion


class ImproverAgent(models.Model):
    """The persistent state of an improver: one per template it evolves."""

    class Lifecycle(models.TextChoices):
        CREATED = "created"
        ACTIVE = "active"
        DORMANT = "dormant"
        DESTROYED = "destroyed"

    class RitualState(models.TextChoices):
        SLEEPING = "sleeping"
        GATHERING = "gathering"
        ANALYZING = "analyzing"
        PROPOSING = "proposing"
        AWAITING_REVIEW = "awaiting_review"
        REFINING = "refining"
        COMPLETING = "completing"

    agent = models.OneToOneField("fleet.Agent", on_delete=models.CASCADE, related_name="improver")
    active_template = models.OneToOneField(AgentTemplate, on_delete=models.PROTECT, related_name="improver")
    lifecycle = models.CharField(max_length=16, choices=Lifecycle.choices, default=Lifecycle.CREATED)
    ritual_state = models.CharField(max_length=20, choices=RitualState.choices, default=RitualState.SLEEPING)
    last_one_on_one_at = models.DateTimeField(null=True, blank=True)
    last_feedback_scan_at = models.DateTimeField(null=True, blank=True)
    feedback_window_days = models.IntegerField(default=7, help_text="<= 0 means 7")
    total_sessions_completed = models.PositiveIntegerField(default=0)
    recursion_depth = models.PositiveSmallIntegerField(default=0)
    scheduled_wake_at = models.DateTimeField(null=True, blank=True)
    wake_counter = models.PositiveIntegerField(default=0)
    consecutive_failure_count = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["lifecycle", "scheduled_wake_at"], name="improver_due")]

    def __str__(self) -> str:
        return f"improver of {self.active_template.slug}"

    @property
    def window_days(self) -> int:
        return self.feedback_window_days if self.feedback_window_days > 0 else 7


class RitualRun(models.Model):
    """One wake of an improver for one period; the unique constraint makes rituals single-flight."""

    class Outcome(models.TextChoices):
        RUNNING = "running"
        NOOP = "noop"
        PROPOSED = "proposed"
        SKIPPED = "skipped"
        FAILED = "failed"

    improver = models.ForeignKey(ImproverAgent, on_delete=models.CASCADE, related_name="runs")
    period = models.CharField(max_length=40, help_text="The wake slot this run answers.")
    outcome = models.CharField(max_length=16, choices=Outcome.choices, default=Outcome.RUNNING)
    detail = models.TextField(blank=True)
    proposer = models.CharField(max_length=300, blank=True, help_text="Which proposer path ran.")
    started_at = models.DateTimeField()
    finished_at = models.DateTimeField(null=True, blank=True)
    lease_expires_at = models.DateTimeField(
        null=True, blank=True, help_text="A run still running after this is reaped as failed and run again."
    )

    class Meta:
        ordering = ["-started_at"]
        constraints = [
            # A failed run frees its period, so the wake runs again (once: the next claim wins).
            models.UniqueConstraint(
                fields=["improver", "period"],
                condition=~models.Q(outcome="failed"),
                name="one_live_ritual_per_period",
            )
        ]
        indexes = [
            models.Index(
                fields=["lease_expires_at"], condition=models.Q(outcome="running"), name="ritualrun_running"
            )
        ]

    def __str__(self) -> str:
        return f"{self.improver} {self.period}: {self.get_outcome_display().lower()}"


class EvolutionSession(models.Model):
    """A one-on-one that produced a proposal; completed when a human approves it."""

    class Status(models.TextChoices):
        AWAITING_REVIEW = "awaiting_review"
        QUEUED = "queued"  # approved while the template's canary ran: starts when it ends
        COMPLETED = "completed"
        ABANDONED = "abandoned"

    improver = models.ForeignKey(ImproverAgent, on_delete=models.CASCADE, related_name="sessions")
    template = models.ForeignKey(AgentTemplate, on_delete=models.CASCADE, related_name="sessions")
    run = models.OneToOneField(
        RitualRun, null=True, blank=True, on_delete=models.SET_NULL, related_name="session"
    )
    base_version = models.ForeignKey(DocumentVersion, on_delete=models.PROTECT, related_name="+")
    new_version = models.ForeignKey(
        DocumentVersion, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    proposal = models.ForeignKey(
        "governance.Proposal",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The proposal under review now.",
    )
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.AWAITING_REVIEW)
    feedback_count = models.PositiveIntegerField(default=0)
    performance_delta = models.JSONField(default=dict, blank=True)
    context_tokens = models.PositiveIntegerField(default=0)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField()
    completed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"one-on-one of {self.template.slug} at {self.created_at:%Y-%m-%d}"


class EvolutionNote(models.Model):
    """The improver's institutional memory: reflections, hypotheses, decisions, patterns."""

    class Kind(models.TextChoices):
        REFLECTION = "reflection"
        HYPOTHESIS = "hypothesis"
        DECISION = "decision"
        PATTERN = "pattern"
        NO_OP = "no_op"
        REJECTION = "rejection"
        REFINEMENT = "refinement"

    improver = models.ForeignKey(ImproverAgent, on_delete=models.CASCADE, related_name="notes")
    session = models.ForeignKey(
        EvolutionSession, null=True, blank=True, on_delete=models.CASCADE, related_name="notes"
    )
    kind = models.CharField(max_length=16, choices=Kind.choices)
    content = models.TextField()
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.content[:60]}"


class ImproverReport(models.Model):
    """The improver's weekly summary of one ritual: what it reviewed, proposed and saw decided,
    and the measured effect of the last evolution (markdown, one per ritual run)."""

    improver = models.ForeignKey(ImproverAgent, on_delete=models.CASCADE, related_name="reports")
    run = models.OneToOneField(RitualRun, on_delete=models.CASCADE, related_name="report")
    scope = models.CharField(max_length=32, default="weekly_summary")
    content = models.TextField(help_text="Markdown.")
    confidence = models.FloatField(help_text="How much evidence stands behind it (0–1).")
    provenance = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.scope} of {self.improver} at {self.created_at:%Y-%m-%d}"
