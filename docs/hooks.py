"""MkDocs hooks: the pages that must not drift from the code are generated while the site builds.

- `<!-- generated: platform-variables -->`: the platform's environment variables
  (`config.variables.VARIABLES`);
- `<!-- generated: gunicorn-variables -->`: the web server's, read by `gunicorn.conf.py`
  (`config.variables.GUNICORN_VARIABLES`);
- `<!-- generated: kaizen-settings -->`: every `KAIZEN_*` setting with its default, the values it
  accepts and its meaning (`config.kaizen.SETTINGS`, `RANGES`);
- `<!-- generated: ordered-settings -->`: the pairs of settings start-up holds in order
  (`config.kaizen.ORDERED`);
- `<!-- generated: api-reference -->`: every endpoint of the OpenAPI schema drf-spectacular
  generates from the views, with its summary, parameters and answers.
"""

import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _setup() -> None:
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _cell(text) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def _variables(table: dict) -> str:
    rows = [
        f"| `{name}` | {_cell(default)} | {_cell(meaning)} |" for name, (default, meaning) in table.items()
    ]
    return "\n".join(["| variable | default | meaning |", "|---|---|---|", *rows])


def platform_variables() -> str:
    from config.variables import VARIABLES

    return _variables(VARIABLES)


def gunicorn_variables() -> str:
    from config.variables import GUNICORN_VARIABLES

    return _variables(GUNICORN_VARIABLES)


def _accepts(spec) -> str:
    if isinstance(spec, str):
        return spec
    if len(spec) == 2 and all(isinstance(v, (int, float)) or v is None for v in spec):
        low, high = spec
        if high is None:
            return f"≥ {low}"
        return f"{low} … {high}"
    return ", ".join(f"`{choice}`" for choice in spec)


def _default(value) -> str:
    if value == "":
        return "(empty)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)) and not isinstance(value, bool) and abs(value) >= 10_000:
        return f"{value:_}".replace("_", " ")
    return f"`{value}`" if isinstance(value, str) else str(value)


def kaizen_settings() -> str:
    from config.kaizen import RANGES, SETTINGS

    rows = [
        f"| `KAIZEN_{key}` | {_cell(_default(default))} | {_cell(_accepts(RANGES[key]))} | {_cell(meaning)} |"
        for key, (default, meaning) in SETTINGS.items()
    ]
    return "\n".join(["| variable | default | accepts | meaning |", "|---|---|---|---|", *rows])


def ordered_settings() -> str:
    from config.kaizen import ORDERED

    lines = [f"- `KAIZEN_{low}` {'<' if strict else '≤'} `KAIZEN_{high}`" for low, high, strict in ORDERED]
    return "\n".join(lines)


def api_reference() -> str:
    from drf_spectacular.generators import SchemaGenerator

    schema = SchemaGenerator().get_schema(request=None, public=True)
    out = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            out.append(f"## `{method.upper()} {path}`")
            out.append("")
            text = (operation.get("description") or operation.get("summary") or "").strip()
            out.append(text)
            out.append("")
            params = operation.get("parameters") or []
            if params:
                out.append("| parameter | in | required | description |")
                out.append("|---|---|---|---|")
                for param in params:
                    out.append(
                        f"| `{param['name']}` | {param['in']} | {'yes' if param.get('required') else 'no'} "
                        f"| {_cell(param.get('description', ''))} |"
                    )
                out.append("")
            answers = ", ".join(f"{code}" for code in operation.get("responses", {}))
            if answers:
                out.append(f"Answers: {answers}.")
                out.append("")
    return "\n".join(out)


GENERATED = {
    "platform-variables": platform_variables,
    "gunicorn-variables": gunicorn_variables,
    "kaizen-settings": kaizen_settings,
    "ordered-settings": ordered_settings,
    "api-reference": api_reference,
}


def on_config(config, **kwargs):
    _setup()
    return config


def on_page_markdown(markdown: str, page, config, files, **kwargs) -> str:
    for name, render in GENERATED.items():
        marker = f"<!-- generated: {name} -->"
        if marker in markdown:
            markdown = markdown.replace(marker, render())
    return markdown
