"""Proposals of every kind, the verdicts on them, and suppressed autonomy keys."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower


class Proposal(models.Model):
    class Type(models.TextChoices):
        TEMPLATE_EVOLUTION = "template_evolution"
        MAINTENANCE = "maintenance"
        GOAL = "goal"
        CONFIG_CHANGE = "config_change"
        ACTION = "action"
        NEW_TOOL = "new_tool"

    class Status(models.TextChoices):
        PENDING = "pending"
        APPROVED = "approved"
        REJECTED = "rejected"
        IMPLEMENTED = "implemented"
        SUPERSEDED = "superseded"

    class Source(models.TextChoices):
        HUMAN = "human"
        AUTONOMY = "autonomy"  # raised by Kaizen's own analysis
        IMPROVER = "improver"  # an improver agent's ritual
        AGENT = "agent"  # submitted by an agent over the API

    class Risk(models.TextChoices):
        LOW = "low"
        MEDIUM = "medium"
        HIGH = "high"

    type = models.CharField(max_length=32, choices=Type.choices)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING)
    title = models.CharField(max_length=300)
    rationale = models.TextField(blank=True)
    evidence = models.JSONField(default=dict, blank=True)
    payload = models.JSONField(default=dict, blank=True, help_text="What approval applies.")
    risk = models.CharField(max_length=8, choices=Risk.choices, default=Risk.LOW)
    dedup_key = models.CharField(max_length=300, blank=True)
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.HUMAN)
    subject = models.CharField(max_length=200, blank=True, help_text="What it is about.")
    parent = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="refinements"
    )
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_by_agent = models.ForeignKey(
        "fleet.Agent", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    implemented_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        permissions = [("approve_proposal", "Can approve, reject and refine proposals")]
        constraints = [
            models.UniqueConstraint(
                fields=["dedup_key"],
                condition=Q(status="pending") & ~Q(dedup_key=""),
                name="one_pending_proposal_per_dedup_key",
            )
        ]
        indexes = [
            models.Index(fields=["status", "type"], name="proposal_status_type"),
            models.Index(fields=["type", "source", "status"], name="proposal_type_source"),
        ]

    def __str__(self) -> str:
        return f"#{self.pk} {self.get_type_display()}: {self.title}"


class ChangeDecision(models.Model):
    """Every verdict on a proposal, with who gave it and why (the audit trail)."""

    class Verdict(models.TextChoices):
        CONFIRMED = "confirmed"
        REJECTED = "rejected"
        DEFERRED = "deferred"
        RETRACTED = "retracted"
        # what became of an approved change rolled out gradually
        PROMOTED = "promoted"
        ROLLED_BACK = "rolled_back"
        ABORTED = "aborted"
        PINNED = "pinned"
        UNPINNED = "unpinned"  # a human let the test act on its own again
        HANDED_OVER = "handed_over"

    proposal = models.ForeignKey(Proposal, on_delete=models.CASCADE, related_name="decisions")
    verdict = models.CharField(max_length=16, choices=Verdict.choices)
    actor = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    actor_label = models.CharField(max_length=150, blank=True)
    reason = models.TextField(blank=True)
    rating = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["verdict", "created_at"], name="decision_verdict_time")]

    def __str__(self) -> str:
        return f"{self.get_verdict_display()} #{self.proposal_id} by {self.actor_label}"


class Citation(models.Model):
    """An event a proposal cites as evidence, one row each: the proposal's own evidence keeps a
    bounded sample, and retention keeps every cited event."""

    proposal = models.ForeignKey(Proposal, on_delete=models.CASCADE, related_name="citations")
    event_type = models.CharField(max_length=32)
    row_id = models.BigIntegerField()

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["proposal", "event_type", "row_id"], name="citation_once")
        ]

    def __str__(self) -> str:
        return f"#{self.proposal_id} cites {self.event_type} {self.row_id}"


class SuppressedKey(models.Model):
    """A dedup key of a rejected autonomy proposal: the same candidate is refused from now on."""

    key = models.CharField(max_length=300)
    proposal = models.ForeignKey(Proposal, null=True, blank=True, on_delete=models.SET_NULL)
    reason = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(Lower("key"), name="suppressed_key_ci_unique")]

    def __str__(self) -> str:
        return self.key


# The board's models live in its own room; Django finds them through this module.
from governance.board.models import (  # noqa: E402
    BlockedEvent,
    BoardTask,
    CommandRun,
    Escalation,
    ImproveCycle,
    ScanRun,
    TaskComment,
    TaskFeedback,
)

__all__ = [
    "BlockedEvent",
    "BoardTask",
    "ChangeDecision",
    "CommandRun",
    "Escalation",
    "ImproveCycle",
    "Proposal",
    "ScanRun",
    "SuppressedKey",
    "TaskComment",
    "TaskFeedback",
]
