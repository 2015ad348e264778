"""Templates: their directives are a versioned document; create, update and export them."""

from pathlib import Path

from django.db import transaction

from config.yamldoc import YamlDocError
from fleet.documents import document_version_append
from fleet.models import AgentTemplate, DocumentVersion
from fleet.templates_yaml import TemplateSpec, parse_templates


def template_version_create(
    *,
    template: AgentTemplate,
    directives: str,
    author: str = DocumentVersion.Author.HUMAN,
    author_user=None,
    reason: str = "",
    provenance: dict | None = None,
    as_candidate: bool = False,
) -> DocumentVersion:
    """New directives for `template`: a new version of its document, which agents run from now on
    (or, `as_candidate`, which a canary rollout serves first)."""
    return document_version_append(
        document=template.document,
        text=directives,
        author=author,
        author_user=author_user,
        reason=reason,
        provenance=provenance,
        as_candidate=as_candidate,
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
    if not created and template.kind != spec.kind:
        raise YamlDocError(
            source or "templates",
            None,
            spec.slug,
            f"kind is '{spec.kind}' but the stored template is '{template.kind}'; "
            "a template's kind is changed in the admin, not by a file",
        )
    if not created:
        changed = [f for f in ("name", "description") if getattr(template, f) != getattr(spec, f)]
        for f in changed:
            setattr(template, f, getattr(spec, f))
        if changed:
            template.save(update_fields=changed)
    head = template.document.head
    if head is not None and head.text == spec.directives:
        return template, "created" if created else "unchanged"
    version = template_version_create(
        template=template,
        directives=spec.directives,
        author_user=actor,
        reason="loaded from a templates file",
        provenance={"source": source or "load_templates"},
    )
    return template, "created" if created else f"new version v{version.number}"


def templates_load(path: Path, *, actor=None) -> list[tuple[AgentTemplate, str]]:
    """Upsert every template of a templates file; YamlDocError names the line at fault."""
    raw = path.read_bytes()
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = raw[: exc.start].count(b"\n") + 1
        raise YamlDocError(str(path), line, "", f"not UTF-8 text (byte 0x{raw[exc.start]:02x})") from None
    specs = parse_templates(text, str(path))
    with transaction.atomic():  # all of the file or none of it
        return [template_upsert(spec=spec, actor=actor, source=str(path)) for spec in specs]


def templates_document() -> dict:
    """Every template with its head directives, in the templates file format (for export)."""
    templates = AgentTemplate.objects.select_related("document__head").order_by("slug")
    return {
        "templates": [
            {
                "slug": t.slug,
                "name": t.name,
                "kind": t.kind,
                "description": t.description,
                "directives": t.document.head.text,
            }
            for t in templates
            if t.document.head_id
        ]
    }
