"""The main job (`make demo`) runs end to end and prints what the loop found and proposed."""

import io

import pytest
from django.core.management import call_command

from telemetry.models import AgentTemplate


@pytest.mark.django_db(transaction=True)  # on_commit work runs as in production
def test_the_demo_drives_the_whole_loop():
    out = io.StringIO()
    call_command("kaizen_demo", "--agents", "2", "--sessions-per-day", "4", "--seed", "3", stdout=out)
    text = out.getvalue()
    for marker in (
        "== Fleet",
        "== Learning loops",
        "== The board",
        "== Proposals that act",
        "ritual of coder: proposed",
        "→ 200 approved",
        "starts as a canary",
        "rollout of coder v2 promoted by system",
        "rollout of researcher v2 rolled back by system",
        "== Did it help?",
        "== Summary: what Kaizen found and proposed",
        "Demo finished.",
    ):
        assert marker in text, marker
    assert AgentTemplate.objects.get(slug="coder").document.head.number == 2  # promoted to everyone
    assert AgentTemplate.objects.get(slug="researcher").document.head.number == 1  # the harmful one
