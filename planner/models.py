"""Planner state: declared skills, cost/confidence stores, snapshots, dispatches, patterns.

Its goals, actions and agent cards are versioned documents on the ground floor (telemetry)."""

from django.db import models
from django.db.models import Q


class DeclaredSkill(models.Model):
    """A skill an agent declares on its card, with its self-assessed confidence."""

    class BlastRadius(models.TextChoices):
        LOW = "low"
        MEDIUM = "medium"
        HIGH = "high"
        CRITICAL = "critical"

    class HitlMode(models.TextChoices):
        AUTONOMOUS = "autonomous"
        NOTIFICATION = "notification"
        VETO = "veto"
        GATED = "gated"
        COMPOUND = "compound"

    agent = models.ForeignKey("fleet.Agent", on_delete=models.CASCADE, related_name="declared_skills")
    skill = models.CharField(max_length=200)
    confidence = models.FloatField()
    blast_radius = models.CharField(max_length=16, choices=BlastRadius.choices, default=BlastRadius.LOW)
    hitl_mode = models.CharField(max_length=16, choices=HitlMode.choices, default=HitlMode.AUTONOMOUS)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["skill", "agent"]
        constraints = [
            models.UniqueConstraint(fields=["agent", "skill"], name="declared_skill_unique"),
            models.CheckConstraint(
                condition=Q(confidence__gte=0, confidence__lte=1), name="declared_confidence_0_1"
            ),
        ]
        indexes = [models.Index(fields=["skill"], name="declared_skill_name")]

    def __str__(self) -> str:
        return f"{self.agent} · {self.skill}"


class SkillStats(models.Model):
    """The durable cost and confidence store of one (agent, skill).

    `window` keeps the last RANKING_WINDOW_SAMPLES samples as compact tuples
    [occurred_at, success, confidence, wall_ms, cost]; the summary columns are recomputed from
    it on every update, so ranking reads one small row and never the event history.
    """

    agent = models.ForeignKey("fleet.Agent", on_delete=models.CASCADE, related_name="skill_stats")
    skill = models.CharField(max_length=200)
    window = models.JSONField(default=list)
    samples = models.PositiveIntegerField(default=0)
    success_rate = models.FloatField(default=0)
    avg_confidence_on_success = models.FloatField(default=0)
    avg_wall_ms = models.FloatField(default=0)
    avg_cost_usd = models.FloatField(default=0)
    calibration_error = models.FloatField(default=0, help_text="mean |confidence − success|")
    total_samples = models.PositiveIntegerField(default=0, help_text="lifetime samples")
    total_cost_usd = models.FloatField(default=0)
    last_sample_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name_plural = "skill stats (cost/confidence store)"
        constraints = [models.UniqueConstraint(fields=["agent", "skill"], name="skill_stats_unique")]
        indexes = [models.Index(fields=["skill"], name="skill_stats_skill")]

    def __str__(self) -> str:
        return f"{self.agent} · {self.skill} ({self.samples} samples)"


class FleetSnapshot(models.Model):
    """Fleet health at one minute; history kept for trends and charts."""

    FIGURES = (  # what planner.fleet.compute measures, stored and answered as they are
        "window_hours",
        "max_failure_rate_1h",
        "total_cost_usd_1d",
        "orphaned_skill_count",
        "orphaned_skills",
        "fleet_success_rate",
        "fleet_p95_latency_ms",
        "total_outcomes",
        "agents",
        "scope",
        "all_outcomes",
        "system_actors",
    )

    minute = models.DateTimeField(unique=True, help_text="generated_at truncated to the minute")
    generated_at = models.DateTimeField()
    window_hours = models.PositiveIntegerField()
    max_failure_rate_1h = models.FloatField()
    total_cost_usd_1d = models.FloatField()
    orphaned_skill_count = models.PositiveIntegerField()
    fleet_success_rate = models.FloatField(null=True)
    fleet_p95_latency_ms = models.FloatField(null=True)
    total_outcomes = models.PositiveIntegerField()
    agents = models.JSONField(default=list)
    orphaned_skills = models.JSONField(default=list)
    scope = models.CharField(max_length=16, default="autonomous", help_text="Which outcomes counted.")
    all_outcomes = models.PositiveIntegerField(default=0, help_text="Every outcome of the window.")
    system_actors = models.JSONField(default=list, help_text="Health of the improvers, kept apart.")

    class Meta:
        ordering = ["-minute"]

    def __str__(self) -> str:
        return f"fleet health at {self.minute:%Y-%m-%d %H:%M}"


class GoalState(models.Model):
    """Guard state of one goal: cooldown after success and pause after a dispatch loop."""

    goal_id = models.CharField(max_length=200, unique=True)
    last_violated_at = models.DateTimeField(null=True, blank=True)
    last_value = models.FloatField(null=True, blank=True)
    last_success_at = models.DateTimeField(null=True, blank=True)
    paused_until = models.DateTimeField(null=True, blank=True)
    last_skip_reason = models.CharField(max_length=40, blank=True)

    def __str__(self) -> str:
        return self.goal_id


class Dispatch(models.Model):
    """Remediation work sent to an agent for a violated goal."""

    class Status(models.TextChoices):
        AWAITING_APPROVAL = "awaiting_approval"  # gated: nothing is sent until a human approves
        HELD = "held"  # veto: sent when the veto window passes unless a human vetoes it
        PENDING = "pending"  # waiting for the agent to poll
        DELIVERED = "delivered"  # posted to the agent's webhook
        SUCCEEDED = "succeeded"
        FAILED = "failed"
        VETOED = "vetoed"  # a human stopped it before it was sent

    OPEN = (Status.AWAITING_APPROVAL, Status.HELD, Status.PENDING, Status.DELIVERED)
    SENT = (Status.PENDING, Status.DELIVERED)  # what the agent sees and works on

    goal_id = models.CharField(max_length=200)
    action_id = models.CharField(max_length=200)
    skill = models.CharField(max_length=200)
    agent = models.ForeignKey("fleet.Agent", on_delete=models.CASCADE, related_name="dispatches")
    correlation_id = models.CharField(max_length=128, unique=True)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    hitl_mode = models.CharField(
        max_length=16, default="autonomous", help_text="From the agent's card: how humans take part."
    )
    blast_radius = models.CharField(max_length=16, default="low", help_text="From the agent's card.")
    release_at = models.DateTimeField(null=True, blank=True, help_text="Veto mode: sent at this time.")
    decided_by = models.CharField(max_length=150, blank=True, help_text="Who approved or vetoed it.")
    context = models.JSONField(default=dict, blank=True)
    delivery_attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField()
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "dispatches"
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["goal_id"],
                condition=Q(status__in=["awaiting_approval", "held", "pending", "delivered"]),
                name="one_in_flight_dispatch_per_goal",
            ),
        ]
        indexes = [models.Index(fields=["goal_id", "status", "closed_at"], name="dispatch_goal_status")]

    def __str__(self) -> str:
        return f"{self.goal_id} → {self.agent} ({self.get_status_display().lower()})"


class Alert(models.Model):
    class Kind(models.TextChoices):
        ACTION_QUALITY = "action_quality"
        DISPATCH_LOOP = "dispatch_loop"

    kind = models.CharField(max_length=32, choices=Kind.choices)
    key = models.CharField(max_length=300, help_text="What the alert is about (for the cooldown).")
    agent = models.ForeignKey(
        "fleet.Agent",
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="+",
        help_text="The agent the alert is about, when it is about one.",
    )
    message = models.TextField()
    evidence = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["kind", "key", "created_at"], name="alert_kind_key_time")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.key}"


class PatternStats(models.Model):
    """Feedback on one strategy pattern within one template, and its maturity.

    Decayed counts are stored with the instant they were decayed to; new feedback first decays
    them to its own time, then adds itself (so old feedback weighs less).
    """

    class Manual(models.TextChoices):
        NONE = ""
        PROVEN = "proven"
        DEPRECATED = "deprecated"

    template = models.ForeignKey(
        "fleet.AgentTemplate", null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    name = models.CharField(max_length=200)
    uses = models.PositiveIntegerField(default=0)
    failures = models.PositiveIntegerField(default=0)
    helpful = models.PositiveIntegerField(default=0)
    neutral = models.PositiveIntegerField(default=0)
    harmful = models.PositiveIntegerField(default=0)
    decayed_helpful = models.FloatField(default=0, help_text="Helpful outcomes, each decayed by its age.")
    decayed_harmful = models.FloatField(default=0, help_text="Harmful outcomes, each decayed by its age.")
    decayed_helpful_score = models.FloatField(
        default=0, help_text="Σ implicit score × decay over helpful outcomes (for the weight)."
    )
    decayed_harmful_score = models.FloatField(
        default=0, help_text="Σ implicit score × decay over harmful outcomes (for the weight)."
    )
    decayed_at = models.DateTimeField(null=True, blank=True)
    manual_state = models.CharField(max_length=16, choices=Manual.choices, blank=True, default="")
    manual_reason = models.TextField(blank=True)
    promoted_at = models.DateTimeField(null=True, blank=True, help_text="When it last became proven.")
    deprecated_at = models.DateTimeField(null=True, blank=True, help_text="When it last became deprecated.")
    last_validated_at = models.DateTimeField(
        null=True, blank=True, help_text="When an outcome last confirmed it (helpful feedback)."
    )
    state = models.CharField(max_length=16, default="candidate", help_text="Maturity at the last feedback.")

    class Meta:
        verbose_name_plural = "pattern stats"
        constraints = [models.UniqueConstraint(fields=["template", "name"], name="pattern_per_template")]

    def __str__(self) -> str:
        return self.name


class PatternFeedback(models.Model):
    """One implicit-feedback event: an outcome that used a pattern, scored."""

    # Thousands of these are written per derived batch: the unique (pattern, outcome) index
    # serves lookups by pattern, and neither key is a database constraint (each cost a trigger
    # query per row); the ORM still deletes the feedback of a deleted pattern or agent.
    pattern = models.ForeignKey(
        PatternStats, on_delete=models.CASCADE, related_name="feedback", db_index=False, db_constraint=False
    )
    agent = models.ForeignKey("fleet.Agent", on_delete=models.CASCADE, related_name="+", db_constraint=False)
    outcome_id = models.BigIntegerField(help_text="telemetry SkillOutcome id")
    score = models.FloatField()
    verdict = models.CharField(max_length=8)
    success = models.BooleanField()
    occurred_at = models.DateTimeField()
    # Derived work stores feedback with this set; a short transaction of its own folds it into
    # the pattern's stats afterwards and clears it (planner/stores.fold_waiting_feedback), so
    # workers storing feedback of the same pattern never wait for each other's batch.
    awaiting_fold = models.BooleanField(default=False, help_text="Stored, not yet in its pattern's stats.")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["pattern", "outcome_id"], name="feedback_once")]
        indexes = [
            models.Index(fields=["occurred_at"], name="feedback_time"),
            models.Index(fields=["pattern"], condition=Q(awaiting_fold=True), name="feedback_to_fold"),
        ]

    def __str__(self) -> str:
        return f"{self.verdict} feedback on {self.pattern_id} from outcome {self.outcome_id}"
