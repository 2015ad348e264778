"""Agent templates and their immutable, versioned directives."""

from django.conf import settings
from django.db import models


class AgentTemplate(models.Model):
    class Kind(models.TextChoices):
        TASK_AGENT = "task_agent"  # level 0, evolved weekly by an improver
        TEMPLATE_IMPROVER = "template_improver"  # level 1, evolved monthly by a meta-improver
        META_IMPROVER = "meta_improver"  # level 2, changed by humans only

    LEVELS = {Kind.TASK_AGENT: 0, Kind.TEMPLATE_IMPROVER: 1, Kind.META_IMPROVER: 2}

    slug = models.SlugField(max_length=100, unique=True)
    name = models.CharField(max_length=200)
    kind = models.CharField(max_length=32, choices=Kind.choices, default=Kind.TASK_AGENT)
    description = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["slug"]

    def __str__(self) -> str:
        return self.slug

    @property
    def level(self) -> int:
        return self.LEVELS[self.kind]


class TemplateVersion(models.Model):
    """One immutable version of a template's directives, with who wrote it and why."""

    class Author(models.TextChoices):
        HUMAN = "human"
        IMPROVER = "improver"

    template = models.ForeignKey(AgentTemplate, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField()
    directives = models.TextField()
    author = models.CharField(max_length=16, choices=Author.choices, default=Author.HUMAN)
    author_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    provenance = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["template", "-number"]
        constraints = [
            models.UniqueConstraint(fields=["template", "number"], name="version_number_unique"),
        ]

    def __str__(self) -> str:
        return f"{self.template.slug} v{self.number}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            raise ValueError("Template versions are immutable; create a new version instead.")
        super().save(*args, **kwargs)


class TemplateHead(models.Model):
    """The version agents of a template run now; one per template (the primary key)."""

    template = models.OneToOneField(
        AgentTemplate, on_delete=models.CASCADE, primary_key=True, related_name="head"
    )
    version = models.ForeignKey(TemplateVersion, on_delete=models.PROTECT, related_name="+")
    moved_at = models.DateTimeField(auto_now=True)
    moved_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )

    def __str__(self) -> str:
        return f"{self.template.slug} → v{self.version.number}"
