"""The main job (`make demo`) runs end to end, as a newcomer runs it (its defaults), and prints what
the loop found and proposed: the harmful researcher change is rolled back, never promoted."""

import io

import pytest
from django.core.management import call_command

from telemetry.models import AgentTemplate


@pytest.mark.django_db(transaction=True)  # on_commit work runs as in production
def test_the_demo_drives_the_whole_loop():
    out = io.StringIO()
    call_command("kaizen_demo", stdout=out)  # the defaults, as `make demo` runs it
    text = out.getvalue()
    for marker in (
        "== Fleet",
        "== Learning loops",
        "== The board",
        "== Proposals that act",
        "ritual of coder: proposed",
        "→ 200 approved",
        "starts as a canary",
        "rollout of researcher v2 rolled back by system",
        "tool_failure (guardrail) is significantly worse",
        "== Did it help?",
        "== Summary: what Kaizen found and proposed",
        "Demo finished.",
    ):
        assert marker in text, marker
    assert "rollout of researcher v2 promoted" not in text and "rollout of coder v2" in text
    assert AgentTemplate.objects.get(slug="researcher").document.head.number == 1  # the harmful one
