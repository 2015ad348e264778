"""Template versions and heads: create a version, move or roll back the head."""

from django.db import transaction
from django.db.models import Max

from telemetry.models import AgentTemplate, TemplateHead, TemplateVersion
from telemetry.templates_yaml import TemplateSpec


@transaction.atomic
def template_version_create(
    *,
    template: AgentTemplate,
    directives: str,
    author: str = TemplateVersion.Author.HUMAN,
    author_user=None,
    provenance: dict | None = None,
) -> TemplateVersion:
    """Append a new immutable version and move the template's head to it."""
    AgentTemplate.objects.select_for_update().get(pk=template.pk)  # serialise numbering
    last = template.versions.aggregate(n=Max("number"))["n"] or 0
    version = TemplateVersion.objects.create(
        template=template,
        number=last + 1,
        directives=directives,
        author=author,
        author_user=author_user,
        provenance=provenance or {},
    )
    TemplateHead.objects.update_or_create(
        template=template, defaults={"version": version, "moved_by": author_user}
    )
    return version


def template_rollback(*, version: TemplateVersion, actor=None) -> TemplateVersion:
    """Bring an earlier version's directives back as a new version (history is never rewritten)."""
    return template_version_create(
        template=version.template,
        directives=version.directives,
        author=TemplateVersion.Author.HUMAN,
        author_user=actor,
        provenance={"rollback_of": version.number},
    )


@transaction.atomic
def template_upsert(*, spec: TemplateSpec, actor=None, source: str = "") -> tuple[AgentTemplate, str]:
    """Create or update a template from a spec; return it and what happened.

    New directives make a new version and move the head; identical text makes none.
    """
    template, created = AgentTemplate.objects.get_or_create(
        slug=spec.slug,
        defaults={"name": spec.name, "kind": spec.kind, "description": spec.description},
    )
    if not created:
        changed = [f for f in ("name", "kind", "description") if getattr(template, f) != getattr(spec, f)]
        for f in changed:
            setattr(template, f, getattr(spec, f))
        if changed:
            template.save(update_fields=changed)
    head = TemplateHead.objects.filter(template=template).select_related("version").first()
    if head is not None and head.version.directives == spec.directives:
        return template, "created" if created else "unchanged"
    version = template_version_create(
        template=template,
        directives=spec.directives,
        author=TemplateVersion.Author.HUMAN,
        author_user=actor,
        provenance={"source": source or "load_templates"},
    )
    return template, "created" if created else f"new version v{version.number}"


def templates_document() -> dict:
    """Every template with its head directives, in the templates file format (for export)."""
    templates = AgentTemplate.objects.select_related("head__version").order_by("slug")
    return {
        "templates": [
            {
                "slug": t.slug,
                "name": t.name,
                "kind": t.kind,
                "description": t.description,
                "directives": t.head.version.directives,
            }
            for t in templates
            if hasattr(t, "head")
        ]
    }
