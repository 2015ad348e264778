"""The raw telemetry events (one table per event type) and what derived work keeps from them."""

from django.db import models
from django.db.models import Q

from fleet.models import Agent, DocumentVersion


def _version_field(*, db_index: bool = True) -> models.ForeignKey:
    """The directives served to the agent when it sent the event."""
    return models.ForeignKey(
        DocumentVersion,
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        db_index=db_index,
        db_constraint=False,  # see EventRecord
    )


def _user_field() -> models.CharField:
    """Who gave the feedback, or whom the work was for: an end user's id in the agent's system
    (null when the agent did not say; the ritual then counts each session as one person)."""
    return models.CharField(
        max_length=128, null=True, blank=True, help_text="The end user's id, as the agent sent it."
    )


class EventRecord(models.Model):
    """Columns every stored event has. `dedup_key` is the client id, or the event's SHA-256."""

    # No index of its own: every event table's unique (agent, dedup key) index leads with it, and
    # each index less is less work on every INSERT. No database constraint either, as for the
    # version: the ingest writes only the id of the agent whose token it checked and of the
    # version that agent is served, and the constraints cost two trigger queries per stored event
    # (most of the commit of a 500-event batch). Deleting an agent or a version
    # still goes through the ORM, which protects or clears the events as on_delete says.
    agent = models.ForeignKey(
        Agent, on_delete=models.PROTECT, related_name="+", db_index=False, db_constraint=False
    )
    template_version = _version_field()
    dedup_key = models.CharField(max_length=128)
    sha256 = models.CharField(max_length=64)
    occurred_at = models.DateTimeField()
    received_at = models.DateTimeField()

    class Meta:
        abstract = True

    def __str__(self) -> str:
        return f"{type(self).__name__} {self.dedup_key[:16]} of agent {self.agent_id}"

    @classmethod
    def base_constraints(cls, name: str) -> list:
        # The event's time is part of its identity: on PostgreSQL the tables are partitioned by
        # it (telemetry/partitions.py), and a unique key there must hold the partition key.
        return [
            models.UniqueConstraint(fields=["agent", "dedup_key", "occurred_at"], name=f"{name}_dedup_at")
        ]


class ToolInvocation(EventRecord):
    class Outcome(models.TextChoices):
        SUCCESS = "success"
        FAILURE = "failure"
        TIMEOUT = "timeout"
        CANCELLED = "cancelled"

    session_id = models.CharField(max_length=128)
    user_id = _user_field()
    tool = models.CharField(max_length=200)
    args = models.JSONField(default=dict, blank=True)
    outcome = models.CharField(max_length=16, choices=Outcome.choices)
    duration_ms = models.PositiveIntegerField()
    failure_mode = models.CharField(max_length=80, blank=True)
    error = models.TextField(blank=True, help_text="What the tool said went wrong, as reported.")
    # its (template_version, received_at) index serves every lookup by version: none of its own
    template_version = _version_field(db_index=False)

    class Meta:
        constraints = EventRecord.base_constraints("toolinvocation")
        indexes = [
            models.Index(fields=["agent", "session_id"], name="toolinv_agent_session"),
            models.Index(fields=["occurred_at"], name="toolinv_occurred"),
            models.Index(fields=["template_version", "received_at"], name="toolinv_version_received"),
            # failures only (a few in a hundred calls): the maintenance pass counts the failures
            # and sessions of each pattern from it alone, and reads each pattern's newest range
            models.Index(
                fields=["tool", "failure_mode", "occurred_at"],
                include=["session_id"],
                condition=~Q(outcome="success"),
                name="toolinv_failures",
            ),
        ]


class SkillOutcome(EventRecord):
    skill = models.CharField(max_length=200)
    success = models.BooleanField()
    duration_ms = models.PositiveIntegerField()
    cost_usd = models.FloatField(null=True, blank=True)
    input_tokens = models.PositiveIntegerField(null=True, blank=True)
    output_tokens = models.PositiveIntegerField(null=True, blank=True)
    confidence = models.FloatField(null=True, blank=True)
    confidence_explanation = models.TextField(blank=True)
    correlation_id = models.CharField(max_length=128, blank=True)
    error_count = models.PositiveIntegerField(default=0)
    retry_count = models.PositiveIntegerField(default=0)
    patterns = models.JSONField(default=list, blank=True)
    failure_reason = models.TextField(blank=True)
    goal = models.CharField(max_length=200, blank=True)
    model = models.CharField(max_length=200, blank=True, help_text="The LLM that did the work, if any.")
    cost_estimated = models.BooleanField(
        default=False, help_text="cost_usd was priced from the tokens with the price table."
    )
    session_id = models.CharField(max_length=128, blank=True, default="")
    user_id = _user_field()
    autonomous = models.BooleanField(
        default=True,
        help_text="The agent did this on its own (false: a human drove it); fleet health counts only these.",
    )
    # its (template_version, received_at) index serves every lookup by version: none of its own
    template_version = _version_field(db_index=False)

    class Meta:
        constraints = EventRecord.base_constraints("skilloutcome")
        indexes = [
            models.Index(fields=["occurred_at"], name="skillout_occurred"),
            models.Index(fields=["agent", "occurred_at"], name="skillout_agent_time"),
            models.Index(fields=["skill", "occurred_at"], name="skillout_skill_time"),
            models.Index(fields=["correlation_id"], name="skillout_correlation"),
            models.Index(fields=["template_version", "received_at"], name="skillout_version_received"),
        ]


class Observation(EventRecord):
    text = models.TextField()
    session_id = models.CharField(max_length=128, blank=True)
    user_id = _user_field()
    sentiment = models.CharField(max_length=16, blank=True)
    category = models.CharField(max_length=32, blank=True)

    class Meta:
        constraints = EventRecord.base_constraints("observation")
        indexes = [models.Index(fields=["agent", "occurred_at"], name="observation_agent_time")]


class Correction(EventRecord):
    user_message = models.TextField()
    previous_agent_response = models.TextField(blank=True)
    previous_tool_call = models.JSONField(null=True, blank=True)
    user_tool_call = models.JSONField(null=True, blank=True)
    session_id = models.CharField(max_length=128, blank=True)
    user_id = _user_field()

    class Meta:
        constraints = EventRecord.base_constraints("correction")
        indexes = [
            models.Index(fields=["agent", "occurred_at"], name="correction_agent_time"),
        ]


class Decision(EventRecord):
    class Verdict(models.TextChoices):
        CONFIRMED = "confirmed"
        REJECTED = "rejected"
        DEFERRED = "deferred"

    subject = models.CharField(max_length=300)
    verdict = models.CharField(max_length=16, choices=Verdict.choices)
    reason = models.TextField(blank=True)
    session_id = models.CharField(max_length=128, blank=True, default="")

    class Meta:
        constraints = EventRecord.base_constraints("decision")
        indexes = [models.Index(fields=["agent", "occurred_at"], name="decision_agent_time")]


class SessionEnd(EventRecord):
    session_id = models.CharField(max_length=128)
    reflection = models.JSONField(null=True, blank=True)
    digest = models.JSONField(default=dict, blank=True)

    class Meta:
        constraints = EventRecord.base_constraints("sessionend")
        indexes = [
            models.Index(fields=["agent", "session_id"], name="sessionend_agent_session"),
        ]


class WakeRun(EventRecord):
    class Status(models.TextChoices):
        COMPLETED = "completed"
        FAILED = "failed"

    status = models.CharField(max_length=16, choices=Status.choices)
    duration_ms = models.PositiveIntegerField()
    user_rating = models.FloatField(null=True, blank=True)

    class Meta:
        constraints = EventRecord.base_constraints("wakerun")
        indexes = [models.Index(fields=["agent", "occurred_at"], name="wakerun_agent_time")]


class HitlEscalation(EventRecord):
    """An agent had to hand a decision to a human (the target is what it could not do alone)."""

    target = models.CharField(max_length=200)
    reason = models.TextField()
    skill = models.CharField(max_length=200, blank=True)

    class Meta:
        constraints = EventRecord.base_constraints("hitlescalation")
        indexes = [
            models.Index(fields=["target", "occurred_at"], name="hitl_target_time"),
        ]


EVENT_MODELS: dict[str, type[EventRecord]] = {
    "tool_invocation": ToolInvocation,
    "skill_outcome": SkillOutcome,
    "observation": Observation,
    "correction": Correction,
    "decision": Decision,
    "session_end": SessionEnd,
    "wake_run": WakeRun,
    "hitl_escalation": HitlEscalation,
}


class PendingDerivation(models.Model):
    """A stored event some handler has not seen yet: the durable to-do list of derived work.

    Written by the statement that stores the event and deleted by the transaction that derives
    from it (telemetry/derived.py), so the event tables are never updated after their INSERT.
    """

    event_type = models.CharField(max_length=32)
    row_id = models.BigIntegerField(help_text="The event's id in its own table.")
    received_at = models.DateTimeField()
    # db_default: ingest writes entries with raw INSERT and COPY statements naming their columns
    agent_id = models.BigIntegerField(
        db_default=0, help_text="The event's agent: the list is worked in buckets by agent."
    )
    occurred_at = models.DateTimeField(
        null=True, blank=True, help_text="The event's time: finds its row in its time partition."
    )
    handler = models.CharField(
        max_length=200,
        blank=True,
        db_default="",
        help_text="Empty: every handler; else the one that failed and owes it.",
    )
    attempts = models.PositiveSmallIntegerField(db_default=0, help_text="Failed attempts so far.")
    not_before = models.DateTimeField(null=True, blank=True, help_text="Retried from this time on.")
    parked_at = models.DateTimeField(
        null=True, blank=True, help_text="Set after the last attempt failed: waits for an operator's re-run."
    )
    error = models.TextField(blank=True, db_default="", help_text="The last failure.")

    class Meta:
        indexes = [
            models.Index(fields=["parked_at"], condition=Q(parked_at__isnull=False), name="derivation_parked")
        ]

    def __str__(self) -> str:
        return f"{self.event_type} {self.row_id}" + (f" ({self.handler})" if self.handler else "")


class UnmappedSpan(models.Model):
    """OpenTelemetry spans that mapped to no event, counted per agent and reason."""

    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(max_length=200)
    count = models.PositiveBigIntegerField(default=0)
    example = models.CharField(max_length=200, blank=True, help_text="The name of one such span.")
    last_seen_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["agent", "reason"], name="unmapped_span_once")]

    def __str__(self) -> str:
        return f"{self.agent}: {self.count} × {self.reason}"


class SessionSeen(models.Model):
    """A session of an agent on a template version, and when its first event arrived: written by
    ingest with the events (once per session and version), read wherever sessions are counted per
    version (the canary's arms, the directive ledger, the weekly report) instead of a DISTINCT
    over every stored event. An event sent without a session makes none. Kept when the events are
    retired."""

    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="+", db_index=False)
    session_key = models.CharField(max_length=200)
    template_version = models.ForeignKey(
        DocumentVersion, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    first_received_at = models.DateTimeField()

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["agent", "session_key", "template_version"], name="session_seen_once"
            )
        ]
        indexes = [
            models.Index(fields=["template_version", "first_received_at"], name="session_seen_version")
        ]

    def __str__(self) -> str:
        return f"{self.session_key} of agent {self.agent_id} on version {self.template_version_id}"


class SessionLink(models.Model):
    """A session handed from another session: the agent's session `session_key` was handed its
    work by the session `parent_session_key` (another agent's, named by the `parent_session_id`
    its events carried, or an OpenTelemetry span link). Written by ingest with the events, once
    per session (the first parent named is kept); read by the weekly ritual of the upstream
    session's template, which counts this session's failures and negative feedback as its own
    evidence. The upstream agent is found from the parent's own sessions (SessionSeen) when the
    ritual reads the link, so a link may arrive before its parent's first event."""

    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="+", db_index=False)
    session_key = models.CharField(max_length=128)
    parent_session_key = models.CharField(max_length=128)
    first_received_at = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["agent", "session_key"], name="session_link_once")]
        indexes = [
            models.Index(fields=["first_received_at"], name="session_link_received"),
            # a line test of the upstream template counts, per drawn session, what the sessions it
            # handed work to showed
            models.Index(fields=["parent_session_key"], name="session_link_parent"),
        ]

    def __str__(self) -> str:
        return f"{self.session_key} of agent {self.agent_id}, handed from {self.parent_session_key}"


class RetentionHorizon(models.Model):
    """How far retention has retired an event type: its events dated before `retired_before` are
    gone, but those something still needed (evidence, derived work waiting). Derived work that
    summarises a session reads it, so that a summary derived later says what it could not see."""

    event_type = models.CharField(max_length=32, unique=True)
    retired_before = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.event_type} retired before {self.retired_before:%Y-%m-%d %H:%M}"


class TraceSpan(models.Model):
    """An OpenTelemetry span kept until its trace settles: LLM calls, agent and container spans of
    a trace whose root has not arrived yet (a run split across exports), so that the outermost
    agent span becomes the run's one outcome with every call's tokens and cost; and unmapped
    spans, so that a re-exported span is counted once. The row holds the span as received."""

    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="+")
    trace_id = models.CharField(max_length=64)
    span_id = models.CharField(max_length=32)
    parent_id = models.CharField(max_length=32, blank=True)
    name = models.CharField(max_length=300)
    start_ns = models.BigIntegerField()
    end_ns = models.BigIntegerField()
    status_code = models.SmallIntegerField(default=0)
    status_message = models.TextField(blank=True)
    exception = models.TextField(blank=True)
    attributes = models.JSONField(default=dict)
    received_at = models.DateTimeField()
    settled_at = models.DateTimeField(null=True, blank=True, help_text="When its trace was mapped.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["agent", "trace_id", "span_id"], name="trace_span_once"),
        ]
        indexes = [
            models.Index(
                fields=["received_at"],
                name="trace_span_unsettled",
                condition=models.Q(settled_at__isnull=True),
            )
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.trace_id[:8]}…/{self.span_id})"
