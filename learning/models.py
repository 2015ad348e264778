"""What learning keeps of the events: the facts learned from corrections (loop 2) and where each
was stated again, and the friction events of repeated failures (loop 1), whose tables were created
by telemetry's migrations and keep their `telemetry_*` names; the failure signals each session
showed and the feedback classified from the events, whose tables were created by the improver's
migrations and keep their `improver_*` names."""

from django.db import models

from fleet.models import Agent, AgentTemplate, DocumentVersion
from language.classify import SOURCE_TYPES
from language.scope import is_instance
from learning.corrections import fact_key
from telemetry.models import Correction


class LearnedFact(models.Model):
    """A fact learned from a user's correction (loop 2), served to the template's agents."""

    class Source(models.TextChoices):
        USER_STATED = "user-stated"
        INFERRED = "inferred"
        TOOL_OVERRIDE = "tool_override"

    class Status(models.TextChoices):
        ACTIVE = "active"
        SUPERSEDED = "superseded"
        RETIRED = "retired"

    class Reach(models.TextChoices):
        AGENT = "agent", "the agent that was corrected"
        TRIAL = "trial", "a share of the template's sessions, while its test runs"
        TEMPLATE = "template", "every agent of the template"

    template = models.ForeignKey(
        AgentTemplate, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    reach = models.CharField(
        max_length=8,
        choices=Reach.choices,
        default=Reach.AGENT,
        help_text="Who is served the fact: its agent, until it recurs across sessions and agents "
        "(or a human promotes it), then every agent of the template; where the template's reads "
        "name their sessions, first a share of its sessions until its test shows it helps.",
    )
    agent = models.ForeignKey(Agent, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    # No database constraint: on PostgreSQL corrections live in time partitions, which a foreign
    # key cannot reference; retention keeps the corrections behind active facts (learning/wiring.py).
    correction = models.ForeignKey(
        Correction, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", db_constraint=False
    )
    content = models.TextField()
    content_key = models.CharField(
        max_length=64,
        editable=False,
        help_text="The content with case and spacing ignored, hashed (unique key).",
    )
    subject = models.CharField(max_length=200, blank=True, help_text="What the fact is about (conflict key).")
    confidence = models.FloatField()
    scope = models.CharField(max_length=32, default="project")
    source = models.CharField(max_length=16, choices=Source.choices)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    superseded_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    waiting_on = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        editable=False,
        help_text="The served fact this one says the opposite of, which has more support (more "
        "agents, then more sessions stated it): this one is kept but not served until that one is "
        "retired or withdrawn (learning.services.facts_settle).",
    )
    created_at = models.DateTimeField()
    served_at = models.DateTimeField(
        null=True,
        blank=True,
        help_text="When it reached every agent of the template (its effect is measured from then).",
    )
    about_instance = models.BooleanField(
        default=False,
        editable=False,
        help_text="Whether the fact is about one instance (an order number, a name) rather than how "
        "the work is done: kept, but never served while it stays with its agent. Read from the "
        "content when it is saved, so that a directives read filters it in SQL.",
    )

    class Meta:
        db_table = "telemetry_learnedfact"  # created by telemetry's migrations, kept by name
        ordering = ["-confidence", "-created_at"]
        indexes = [
            models.Index(fields=["template", "status", "subject"], name="fact_template_status"),
            models.Index(fields=["template", "content_key"], name="fact_template_key"),
            # What a directives read selects, newest-strongest first and a page at most, however
            # many facts the template or the agent has: the template's facts, then the agent's own.
            models.Index(
                fields=["template", "-confidence", "-created_at"],
                condition=models.Q(status="active", reach="template"),
                name="fact_served_template",
            ),
            models.Index(
                fields=["agent", "template", "-confidence", "-created_at"],
                condition=models.Q(status="active", reach="agent", about_instance=False),
                name="fact_served_agent",
            ),
        ]
        constraints = [  # one active fact per wording and template: learning it twice at once is a no-op
            models.UniqueConstraint(
                fields=["template", "content_key"],
                condition=models.Q(status="active"),
                name="fact_active_once",
            )
        ]

    def __str__(self) -> str:
        return self.content[:80]

    def save(self, *args, **kwargs):
        fields = kwargs.get("update_fields")
        if fields is None or "content" in fields:  # an operator's edit in the admin keeps them right
            self.content_key, self.about_instance = fact_key(self.content), is_instance(self.content)
            if fields is not None:
                kwargs["update_fields"] = {*fields, "content_key", "about_instance"}
        super().save(*args, **kwargs)


class FactSighting(models.Model):
    """One session of one agent in which a fact was stated: what makes it recur."""

    fact = models.ForeignKey(LearnedFact, on_delete=models.CASCADE, related_name="sightings")
    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="+")
    session_id = models.CharField(max_length=128)
    seen_at = models.DateTimeField(
        null=True, blank=True, help_text="When the correction stating it was made."
    )

    class Meta:
        db_table = "telemetry_factsighting"
        constraints = [
            models.UniqueConstraint(fields=["fact", "agent", "session_id"], name="fact_sighting_once")
        ]

    def __str__(self) -> str:
        return f"fact {self.fact_id} in {self.session_id}"


class FrictionEvent(models.Model):
    """Loop 1: a (tool, failure mode) that failed θ times in one session (a BIN trigger)."""

    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="+")
    template = models.ForeignKey(
        AgentTemplate, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    session_id = models.CharField(max_length=128)
    tool = models.CharField(max_length=200)
    failure_mode = models.CharField(max_length=80)
    count = models.PositiveIntegerField()
    evidence = models.JSONField(default=list, help_text="ids of the failing tool invocations")
    occurred_at = models.DateTimeField()

    class Meta:
        db_table = "telemetry_frictionevent"
        ordering = ["-occurred_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["agent", "session_id", "tool", "failure_mode"], name="friction_once_per_session_pair"
            )
        ]
        indexes = [models.Index(fields=["tool", "failure_mode", "occurred_at"], name="friction_pair_time")]

    def __str__(self) -> str:
        return f"{self.tool} {self.failure_mode} ×{self.count} in {self.session_id}"


class SessionSignal(models.Model):
    """One failure signal seen in one session: a failing tool call (and its tool and failure
    mode), a failed skill outcome, negative feedback of a category, a correction, a rejected
    decision, a failure the agent reflected on, a human escalation. Derived work keeps it; the
    canary, the directive ledger, the dashboard and the weekly report count sessions with a
    signal per version. An event sent without a session counts in the session its agent had open
    when it arrived, or in none (telemetry.sessions)."""

    agent = models.ForeignKey("fleet.Agent", on_delete=models.CASCADE, related_name="+")
    session_id = models.CharField(max_length=200)
    signal = models.CharField(
        max_length=300, help_text="tool_failure, tool:<tool>:<mode>, negative:<category>, …"
    )
    template_version = models.ForeignKey(
        DocumentVersion, null=True, blank=True, on_delete=models.SET_NULL, related_name="+", db_index=False
    )
    received_at = models.DateTimeField(help_text="When the first event showing it arrived.")

    class Meta:
        db_table = "improver_sessionsignal"  # created by the improver's migrations, where it began
        constraints = [
            models.UniqueConstraint(fields=["agent", "session_id", "signal"], name="session_signal_once")
        ]
        indexes = [
            models.Index(fields=["template_version", "signal", "received_at"], name="session_signal_arm"),
        ]

    def __str__(self) -> str:
        return f"{self.signal} in {self.session_id}"


class FeedbackItem(models.Model):
    """One classified piece of feedback about a template, linked to the row it came from."""

    class Sentiment(models.TextChoices):
        POSITIVE = "positive"
        NEGATIVE = "negative"
        NEUTRAL = "neutral"

    class Category(models.TextChoices):
        ACCURACY = "accuracy"
        COMMUNICATION = "communication"
        PRIORITIZATION = "prioritization"
        TOOLING = "tooling"
        TIMELINESS = "timeliness"
        GENERAL = "general"

    template = models.ForeignKey(AgentTemplate, on_delete=models.CASCADE, related_name="feedback")
    agent = models.ForeignKey(
        "fleet.Agent", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # choices: the list filters on the known sources instead of a DISTINCT over every item
    source_type = models.CharField(max_length=32, choices=[(s, s.replace("_", " ")) for s in SOURCE_TYPES])
    source_id = models.CharField(max_length=200)
    sentiment = models.CharField(max_length=8, choices=Sentiment.choices)
    category = models.CharField(max_length=16, choices=Category.choices)
    confidence = models.FloatField()
    detail = models.TextField()
    classifier = models.CharField(max_length=20, default="rules")
    occurred_at = models.DateTimeField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "improver_feedbackitem"  # created by the improver's migrations, where it began
        ordering = ["-occurred_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["template", "source_type", "source_id"], name="feedback_once_per_source"
            )
        ]
        indexes = [
            models.Index(fields=["template", "created_at"], name="feedback_template_created"),
            models.Index(fields=["template", "occurred_at"], name="feedback_template_time"),
            # the admin's list, newest first (its order ends with the id): read backwards
            models.Index(fields=["-occurred_at", "-id"], name="feedback_newest"),
            models.Index(fields=["sentiment", "category"], name="feedback_axes"),
        ]

    def __str__(self) -> str:
        return f"{self.sentiment}/{self.category}: {self.detail[:60]}"
