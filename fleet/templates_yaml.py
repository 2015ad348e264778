"""The templates file format read by `manage.py load_templates` (pure: no ORM)."""

from dataclasses import dataclass

from config.yamldoc import Doc, load

KINDS = ("task_agent", "template_improver", "meta_improver")


@dataclass(frozen=True)
class TemplateSpec:
    slug: str
    name: str
    kind: str
    description: str
    directives: str


def parse_templates(text: str, source: str) -> list[TemplateSpec]:
    """Parse `templates: [{slug, name?, kind?, description?, directives}]`."""
    doc: Doc = load(text, source)
    root = doc.mapping((), doc.data, required={"templates": list})
    specs: list[TemplateSpec] = []
    seen: set[str] = set()
    for i, item in enumerate(root["templates"]):
        path = ("templates", i)
        doc.mapping(
            path,
            item,
            required={"slug": str, "directives": str},
            optional={"name": str, "kind": str, "description": str},
        )
        slug = item["slug"].strip()
        if not slug or not all(c.isalnum() or c in "-_" for c in slug):
            raise doc.error((*path, "slug"), "must contain only letters, digits, '-' and '_'")
        if slug in seen:
            raise doc.error((*path, "slug"), f"duplicate slug '{slug}'")
        seen.add(slug)
        kind = item.get("kind") or "task_agent"
        if kind not in KINDS:
            raise doc.error((*path, "kind"), f"must be one of {', '.join(KINDS)}")
        if not item["directives"].strip():
            raise doc.error((*path, "directives"), "may not be empty")
        specs.append(
            TemplateSpec(
                slug=slug,
                name=item.get("name") or slug,
                kind=kind,
                description=item.get("description") or "",
                directives=item["directives"].strip() + "\n",
            )
        )
    return specs
