"""The fleet: agents, the templates they run, versioned documents (a template's directives, the
planner's goals and actions, an agent's card, the price table), the sessions a canary assigned
(exposures), API tokens and the periodic jobs' claims.

The tables keep the names they were created with (`telemetry_*`): the models moved here from the
telemetry app without renaming a table or moving a row.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q


class Document(models.Model):
    """A named text kept as immutable versions with one head: a template's directives
    (`template:<slug>`), the planner's `goals` and `actions`, an agent's card (`card:<agent>`).

    Nothing rewrites history: a rollback appends a copy of an earlier version.
    """

    TEMPLATE_PREFIX = "template:"

    name = models.CharField(max_length=150, unique=True)
    head = models.ForeignKey(
        "DocumentVersion", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    moved_at = models.DateTimeField(auto_now=True)
    moved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    # A canary: a newer version served to some agents only, until it is promoted or withdrawn.
    candidate = models.ForeignKey(
        "DocumentVersion", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    canary_agents = models.JSONField(default=list, blank=True, help_text="Agent ids served the candidate.")
    candidate_share = models.FloatField(default=0, help_text="Share of agents created later that get it.")
    candidate_since = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "telemetry_document"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class DocumentVersion(models.Model):
    """One immutable version of a document, with who wrote it and why."""

    class Author(models.TextChoices):
        HUMAN = "human"
        IMPROVER = "improver"

    document = models.ForeignKey(Document, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    text = models.TextField()
    author = models.CharField(max_length=16, choices=Author.choices, default=Author.HUMAN)
    author_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    reason = models.TextField(blank=True)
    provenance = models.JSONField(
        default=dict, blank=True, help_text="Where the text came from: a proposal, a rollback, a file."
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "telemetry_documentversion"
        ordering = ["document", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["document", "number"], name="document_version_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.document.name} v{self.number}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("Document versions are immutable; create a new version instead.")
        super().save(*args, **kwargs)


class AgentTemplate(models.Model):
    """What agents of one kind run; its directives are the document `template:<slug>`."""

    class Kind(models.TextChoices):
        TASK_AGENT = "task_agent"  # level 0, evolved weekly by an improver
        TEMPLATE_IMPROVER = "template_improver"  # level 1, evolved monthly by a meta-improver
        META_IMPROVER = "meta_improver"  # level 2, changed by humans only

    LEVELS = {Kind.TASK_AGENT: 0, Kind.TEMPLATE_IMPROVER: 1, Kind.META_IMPROVER: 2}

    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=32, choices=Kind.choices, default=Kind.TASK_AGENT)
    description = models.TextField(blank=True)
    document = models.OneToOneField(
        Document, on_delete=models.PROTECT, related_name="template", editable=False
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "telemetry_agenttemplate"
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug

    def save(self, *args, **kwargs):
        if self.document_id is None:  # a template always has its directives document
            self.document, _ = Document.objects.get_or_create(name=f"{Document.TEMPLATE_PREFIX}{self.slug}")
        super().save(*args, **kwargs)

    @property
    def level(self) -> int:
        return self.LEVELS[self.kind]


class Agent(models.Model):
    class Kind(models.TextChoices):
        TASK_AGENT = "task_agent"
        TEMPLATE_IMPROVER = "template_improver"
        META_IMPROVER = "meta_improver"

    name = models.SlugField(max_length=100, unique=True)
    kind = models.CharField(max_length=32, choices=Kind.choices, default=Kind.TASK_AGENT)
    template = models.ForeignKey(
        AgentTemplate,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="agents",
    )
    card = models.JSONField(default=dict, blank=True, help_text="Declared skills and settings.")
    webhook_url = models.URLField(blank=True)
    is_active = models.BooleanField(default=True)
    last_seen_at = models.DateTimeField(null=True, blank=True)
    names_sessions = models.BooleanField(
        null=True,
        blank=True,
        help_text="Whether its latest directives read named the session it starts (unknown until it "
        "reads): a template's lines are tested one by one only in sessions named on their reads.",
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        db_table = "telemetry_agent"
        ordering = ["name"]

    def __str__(self) -> str:
        return self.name


class Exposure(models.Model):
    """A session assigned to an arm of a canary: when an agent reads its directives naming the
    session it starts while a candidate runs, the session is served the candidate or the head,
    and that choice is kept here, once. A later read of the same session gets the same version,
    and the session's events are stamped with it at ingest.

    Its references carry no database constraint: the tables it points at were created by the
    events app's migrations (the fleet was carved out of it), which a fleet migration cannot wait
    for without naming a floor above its own. Deletes still cascade through Django's collector."""

    agent = models.ForeignKey(Agent, on_delete=models.CASCADE, related_name="+", db_constraint=False)
    session_key = models.CharField(max_length=200)
    candidate = models.ForeignKey(
        DocumentVersion,
        on_delete=models.CASCADE,
        related_name="+",
        db_index=False,  # the unique index leads with it
        db_constraint=False,
        help_text="The candidate that was running when the session was assigned.",
    )
    version = models.ForeignKey(
        DocumentVersion,
        on_delete=models.CASCADE,
        related_name="+",
        db_constraint=False,
        help_text="The version the session was served: the candidate or the head.",
    )
    at = models.DateTimeField(help_text="When the session was assigned.")

    class Meta:
        constraints = [
            # candidate first: the index finds one session (agent, candidate, key), the sessions
            # of a batch (agent, candidate, keys) and counts a candidate's sessions
            models.UniqueConstraint(fields=["candidate", "agent", "session_key"], name="exposure_once"),
        ]
        indexes = [models.Index(fields=["at"], name="exposure_at")]  # retention finds the old ones

    def __str__(self) -> str:
        return f"{self.session_key} of agent {self.agent_id} on version {self.version_id}"


class ApiToken(models.Model):
    """A bearer token of one agent or one staff user; only its SHA-256 digest is stored."""

    prefix = models.CharField(max_length=16, unique=True)
    digest = models.CharField(max_length=64)
    agent = models.ForeignKey(Agent, null=True, blank=True, on_delete=models.CASCADE, related_name="tokens")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        null=True,
        blank=True,
        on_delete=models.CASCADE,
        related_name="kaizen_tokens",
    )
    label = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        db_table = "telemetry_apitoken"
        constraints = [
            models.CheckConstraint(
                condition=(
                    Q(agent__isnull=False, user__isnull=True) | Q(agent__isnull=True, user__isnull=False)
                ),
                name="token_has_exactly_one_owner",
            )
        ]
        permissions = [("issue_token", "Can issue and rotate API tokens (and see the new secret)")]

    def __str__(self) -> str:
        owner = self.agent or self.user
        return f"kz_{self.prefix}_… ({owner})"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class PeriodicClaim(models.Model):
    """When each periodic job last started from the schedule: two beat processes sending the
    same tick run the job once (see config/schedule.py `claim_tick`)."""

    name = models.CharField(max_length=200, primary_key=True)
    last_started_at = models.DateTimeField()
    last_error = models.TextField(
        blank=True, db_default="", help_text="Why the job's last run failed; empty once a run succeeds."
    )
    failed_at = models.DateTimeField(null=True, blank=True, help_text="When it last failed.")

    class Meta:
        db_table = "telemetry_periodicclaim"
        verbose_name = "periodic job"

    def __str__(self) -> str:
        return f"{self.name} at {self.last_started_at:%Y-%m-%d %H:%M:%S}"


class WebhookFailure(models.Model):
    """A webhook delivery given up: every retry used (`config.webhooks.RETRY`), or refused (a
    redirect, a 4xx other than 408 and 429, an address the fence refuses). Counted on /metrics
    (kaizen_webhook_deliveries_failed_total, by event) and listed in the admin."""

    class Reason(models.TextChoices):
        EXHAUSTED = "exhausted", "retries used up"
        REFUSED = "refused", "refused (never retried)"

    event = models.CharField(max_length=100, help_text="X-Kaizen-Event of the delivery.")
    task = models.CharField(max_length=200, help_text="The Celery task that delivered it.")
    reason = models.CharField(max_length=16, choices=Reason.choices)
    attempts = models.PositiveIntegerField()
    error = models.TextField(help_text="The last attempt's error.")
    failed_at = models.DateTimeField(db_index=True)

    class Meta:
        ordering = ["-failed_at"]
        verbose_name = "failed webhook delivery"
        verbose_name_plural = "failed webhook deliveries"

    def __str__(self) -> str:
        return f"{self.event} at {self.failed_at:%Y-%m-%d %H:%M:%S} ({self.get_reason_display().lower()})"
