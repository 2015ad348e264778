"""The work board: tasks, their comments and validation runs, blocked events, escalations,
improve cycles and their scans."""

from django.db import models
from django.db.models import Q
from django.utils import timezone

OPEN_TASK_STATUSES = ["backlog", "running", "blocked"]


class BoardTask(models.Model):
    """A unit of work on Kaizen's own board (agents and operators run it over REST and the admin)."""

    class Kind(models.TextChoices):
        GOAL = "goal"
        TEST = "test"
        TEST_CAMPAIGN = "test_campaign"
        IMPROVE = "improve"
        IMPROVE_CAMPAIGN = "improve_campaign"
        FIX_PR = "fix_pr"
        OTHER = "other"

    class Status(models.TextChoices):
        BACKLOG = "backlog"
        RUNNING = "running"
        BLOCKED = "blocked"
        DONE = "done"
        CANCELLED = "cancelled"

    class Source(models.TextChoices):
        HUMAN = "human"
        AUTONOMY = "autonomy"
        IMPROVE = "improve"

    class Priority(models.TextChoices):
        LOW = "low"
        MEDIUM = "medium"
        HIGH = "high"
        URGENT = "urgent"

    title = models.CharField(max_length=300)
    body = models.TextField(blank=True)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.GOAL)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.BACKLOG)
    source = models.CharField(max_length=12, choices=Source.choices, default=Source.HUMAN)
    priority = models.CharField(max_length=8, choices=Priority.choices, default=Priority.MEDIUM)
    labels = models.JSONField(default=list, blank=True)
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="children"
    )
    dedup_key = models.CharField(max_length=300, blank=True)
    pr_url = models.URLField(blank=True)
    pr_state = models.CharField(
        max_length=12, blank=True, help_text="open | merged | closed (from the forge)"
    )
    result = models.TextField(blank=True, help_text="The latest result or failure text.")
    classification = models.CharField(max_length=24, blank=True)
    triage = models.JSONField(default=dict, blank=True)
    human_attention = models.BooleanField(default=False)
    proposal = models.ForeignKey(
        "governance.Proposal", null=True, blank=True, on_delete=models.SET_NULL, related_name="tasks"
    )
    created_in_cycle = models.PositiveIntegerField(null=True, blank=True)
    created_by_agent = models.ForeignKey(
        "fleet.Agent", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    assignee = models.ForeignKey(
        "fleet.Agent",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text="The agent working on this task; it may read and update it.",
    )
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(default=timezone.now)
    status_changed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-updated_at", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["dedup_key"],
                condition=Q(status__in=OPEN_TASK_STATUSES) & ~Q(dedup_key=""),
                name="one_open_task_per_dedup_key",
            ),
        ]
        indexes = [
            models.Index(fields=["status", "kind"], name="task_status_kind"),
            models.Index(fields=["status", "updated_at"], name="task_status_updated"),
            models.Index(fields=["source", "status", "created_at"], name="task_source_status"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.title}"


class TaskComment(models.Model):
    class Kind(models.TextChoices):
        COMMENT = "comment"
        HUMAN = "human"
        TRIAGE = "triage"
        SYSTEM = "system"

    task = models.ForeignKey(BoardTask, on_delete=models.CASCADE, related_name="comments")
    kind = models.CharField(max_length=8, choices=Kind.choices, default=Kind.COMMENT)
    author = models.CharField(max_length=150, blank=True)
    body = models.TextField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]

    def __str__(self) -> str:
        return f"{self.kind} on #{self.task_id}"


class CommandRun(models.Model):
    """One run of a validation command, reported with a task update (flaky-test detection)."""

    command = models.CharField(max_length=500)
    task = models.ForeignKey(BoardTask, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    passed = models.BooleanField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["command", "created_at"], name="commandrun_command_time")]

    def __str__(self) -> str:
        return f"{self.command}: {'pass' if self.passed else 'fail'}"


class BlockedEvent(models.Model):
    """A task entering `blocked` with its classification (escalation counts these)."""

    task = models.ForeignKey(BoardTask, on_delete=models.CASCADE, related_name="+")
    classification = models.CharField(max_length=24)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["classification", "created_at"], name="blocked_class_time")]

    def __str__(self) -> str:
        return f"{self.classification} #{self.task_id}"


class Escalation(models.Model):
    """Cooldown state of the escalation webhook per classification."""

    classification = models.CharField(max_length=24, unique=True)
    last_sent_at = models.DateTimeField(null=True, blank=True)
    count = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return self.classification


class ImproveCycle(models.Model):
    """The persisted improve-cycle counter (one row)."""

    name = models.CharField(max_length=40, unique=True, default="improve")
    count = models.PositiveIntegerField(default=0)
    last_run_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"{self.name} cycle {self.count}"


class ScanRun(models.Model):
    class Status(models.TextChoices):
        RUNNING = "running"
        RAN = "ran"
        SKIPPED = "skipped"
        PARTIAL = "partial"
        FAILED = "failed"

    cycle = models.PositiveIntegerField()
    scan = models.CharField(max_length=40)
    status = models.CharField(max_length=8, choices=Status.choices)
    counts = models.JSONField(default=dict, blank=True)
    detail = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["cycle", "scan"], name="scan_once_per_cycle")]

    def __str__(self) -> str:
        return f"cycle {self.cycle} {self.scan}: {self.status}"


class TaskFeedback(models.Model):
    """How a finished task's work was received (merged / closed PR, human rejection)."""

    class Outcome(models.TextChoices):
        MERGED = "merged"
        CLOSED = "closed"
        ABANDONED = "abandoned"

    task = models.OneToOneField(BoardTask, on_delete=models.CASCADE, related_name="feedback")
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    source = models.CharField(max_length=12)
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"#{self.task_id} {self.outcome}"
