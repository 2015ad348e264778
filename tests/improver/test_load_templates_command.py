import io

import pytest
from django.core.management import CommandError, call_command

from fleet.models import AgentTemplate

pytestmark = pytest.mark.django_db

GOOD = """templates:
  - slug: coder
    name: Coder
    directives: |
      Read before editing.
"""


def load(tmp_path, text: str) -> str:
    path = tmp_path / "templates.yaml"
    path.write_text(text)
    out = io.StringIO()
    call_command("load_templates", str(path), stdout=out)
    return out.getvalue()


def test_it_creates_templates_and_versions_only_on_change(tmp_path):
    assert "coder: created" in load(tmp_path, GOOD)
    assert "coder: unchanged" in load(tmp_path, GOOD)
    assert "coder: new version v2" in load(tmp_path, GOOD.replace("Read", "Always read"))
    template = AgentTemplate.objects.get(slug="coder")
    assert template.document.versions.count() == 2
    assert template.document.head.number == 2
    assert template.document.head.text == "Always read before editing.\n"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "templates:\n  - slug: a\n    directives: x\n    colour: red\n",
            ":4: templates[0].colour: unknown key",
        ),
        ("templates:\n  - slug: a\n", ":2: templates[0]: missing required key 'directives'"),
        (
            "templates:\n  - slug: a\n    kind: robot\n    directives: x\n",
            ":3: templates[0].kind: must be one of",
        ),
        (
            "templates:\n  - slug: a b\n    directives: x\n",
            ":2: templates[0].slug: must contain only",
        ),
        ("templates: [\n", ":2: invalid YAML"),
        (
            "templates:\n  - slug: a\n    directives: [1]\n",
            ":3: templates[0].directives: must be a string",
        ),
        ("- 1\n", ":1: must be a mapping"),
    ],
)
def test_it_reports_bad_yaml_with_file_line_and_key(tmp_path, text, expected):
    with pytest.raises(CommandError) as exc:
        load(tmp_path, text)
    assert str(exc.value).startswith(str(tmp_path / "templates.yaml"))
    assert expected in str(exc.value)
    assert AgentTemplate.objects.count() == 0


def test_it_reports_a_missing_file(tmp_path):
    with pytest.raises(CommandError, match="no such file"):
        call_command("load_templates", str(tmp_path / "nope.yaml"))


def test_a_file_that_is_not_utf8_is_refused_in_one_line(tmp_path):
    path = tmp_path / "templates.yaml"
    path.write_bytes(b"templates:\n  - slug: coder\n    directives: caf\xe9\n")
    with pytest.raises(CommandError) as refused:
        call_command("load_templates", str(path), stdout=io.StringIO())
    assert str(refused.value) == f"{path}:3: not UTF-8 text (byte 0xe9)"
    assert not AgentTemplate.objects.exists()


def test_a_file_does_not_change_a_stored_templates_kind(tmp_path):
    load(tmp_path, GOOD)
    other = GOOD.replace("templates:\n", "templates:\n  - slug: writer\n    directives: Write.\n")
    other = other.replace("    name: Coder\n", "    name: Coder\n    kind: template_improver\n")
    with pytest.raises(
        CommandError, match="coder: kind is 'template_improver' but the stored template is 'task_agent'"
    ):
        load(tmp_path, other)
    assert AgentTemplate.objects.get(slug="coder").kind == "task_agent"
    assert not AgentTemplate.objects.filter(slug="writer").exists()  # all of the file or none of it
