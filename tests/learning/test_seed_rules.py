"""Loops 1 and 2 as the reference paper writes them: friction counts failures with a failure
mode only, and a negation phrase anywhere in the user's message makes a user-stated fact (the
paper's phrases, and the other words a fact stated against the agent negates with: "not",
"never", "can't" …)."""

import pytest

from language.correcting import has_negation
from learning import corrections
from learning.models import FrictionEvent
from telemetry.derived import derive_pending

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("message", "negation"),
    [
        ("Well no, use pnpm here.", True),
        ("No, use pnpm", True),
        ("no. the other file", True),
        ("Nope", True),
        ("Please don't touch the lockfile.", True),
        ("Stop editing the migrations", True),
        ("Use the staging bucket instead", True),
        ("It was actually the second test", True),
        ("That's wrong, it is port 5433", True),
        ("use pnpm not npm", True),
        ("It is NOT a 24 hour notice period, it never was", True),
        ("patients can't self-refer, they need a referral letter", True),
        ("Meeting credits never roll over.", True),
        ("There is no file called setup.py here", False),
        ("Thanks, that looks good", False),
        ("Nobody reviewed it yet", False),
    ],
)
def test_a_negation_phrase_anywhere_is_a_correction(message, negation):
    assert has_negation(message) is negation


def invocation(i: int, outcome: str, mode: str = "") -> dict:
    body = {"tool": "npm_install", "outcome": outcome, "session_id": "s1", "duration_ms": 10}
    if mode:
        body["failure_mode"] = mode
    return {"type": "tool_invocation", "timestamp": f"2026-11-21T11:0{i}:00Z", "body": body}


@pytest.mark.parametrize(
    ("outcomes", "fired"),
    [
        ([("timeout", "TIMEOUT")] * 3, 0),  # a timeout is not friction, even with a mode
        ([("cancelled", "")] * 3, 0),
        ([("failure", "NETWORK")] * 2 + [("timeout", "NETWORK")], 0),  # only 2 failures
        ([("failure", "NETWORK")] * 3, 1),
        ([("failure", "NETWORK")] * 2 + [("failure", "PERM")], 0),  # different failure modes
    ],
)
def test_friction_counts_only_failures_that_carry_a_failure_mode(agent_client, outcomes, fired):
    _, client = agent_client
    batch = [invocation(i, outcome, mode) for i, (outcome, mode) in enumerate(outcomes)]
    assert client.post("/api/v1/ingest", {"batch": batch}, format="json").status_code in (200, 201, 207)
    derive_pending()
    assert FrictionEvent.objects.count() == fired
    assert not FrictionEvent.objects.filter(failure_mode="").exists()


@pytest.mark.parametrize(
    ("message", "signal"),
    [
        ("Lockers are swept every Friday before the gym closes.", "statement"),
        ("Gentle reminder: the studio opens at 11 on Sundays.", "statement"),
        ("Student accounts pay on 30-day terms.", "statement"),
        pytest.param(
            "Trade accounts pay on 30-day terms.",
            "statement",
            marks=pytest.mark.xfail(
                strict=True, reason="the grammar reads 'Trade' as a verb before its object"
            ),
        ),
        ("No, trade accounts pay on 30-day terms.", "negation"),
        ("Thanks, that looks good to me.", None),
        ("Is the studio open on Sundays?", None),
        ("Now add a test for it.", None),
        ("Wrong one.", None),
    ],
)
def test_a_correction_said_as_a_plain_statement_states_a_fact(message, signal):
    candidate = corrections.detect(user_message=message)
    assert (candidate.signal if candidate else None) == signal
    if candidate and signal == "statement":
        assert (candidate.source, candidate.confidence) == ("user-stated", corrections.STATED)
