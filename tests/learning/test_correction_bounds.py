"""The correction rules read a bounded part of each text, so a correction of 20,000 characters
(the ingest limit) is derived like a short one, and short ones as they always were."""

import pytest

from language.bounds import RULE_TEXT_CHARS
from language.correcting import has_negation
from language.scope import is_instance
from learning import corrections
from learning.models import LearnedFact
from telemetry.models import PendingDerivation
from tests.planner.helpers import client_for

N = 20_000


def reference_levenshtein(a: str, b: str) -> int:
    """The textbook dynamic programme the rules used before (pure Python, quadratic)."""
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


ORDINARY_PAIRS = [
    ("", ""),
    ("abc", ""),
    ("", "abc"),
    ("kitten", "sitting"),
    ("Fixed the bug in parser.py", "Fixed the bug in parse.py"),
    ("abcdefgxyz", "abcdefghij"),
    ("Use pnpm, not npm.", "Use npm for installs."),
    ("naïve café", "naive cafe"),
    ("def total(xs):\n    return sum(xs)", "def total(items):\n    acc = 0\n    return acc"),
]


@pytest.mark.parametrize(("a", "b"), ORDINARY_PAIRS)
def test_the_edit_distance_is_the_one_it_always_was(a, b):
    exact = reference_levenshtein(a, b)
    assert corrections.levenshtein(a, b) == exact
    for cutoff in range(exact + 2):  # exact up to the cutoff, cutoff + 1 beyond it
        assert corrections.levenshtein(a, b, cutoff) == (exact if exact <= cutoff else cutoff + 1)


@pytest.mark.parametrize(("a", "b"), [(a, b) for a, b in ORDINARY_PAIRS if b])
@pytest.mark.parametrize("threshold", [0.1, 0.3, 0.5, 1.0])
def test_the_edit_signal_decides_as_it_always_did(a, b, threshold):
    before = reference_levenshtein(a, b) / len(b) < threshold
    assert (corrections.normalised_distance(a, b, below=threshold) < threshold) is before


ADVERSARIAL = {  # texts on which a regular expression tried from every position takes seconds
    "hyphens": "a-" * (N // 2),
    "dots": "a." * (N // 2),
    "commas": "1," * (N // 2),
    "one word": "a" * N,
    "mixed id": "ab12-" * (N // 5),
    "numbers": ("over 12345 " * N)[:N],
    "lines": "x\n" * (N // 2),
}


@pytest.mark.parametrize("name", sorted(ADVERSARIAL))
def test_a_rule_reads_the_bounded_text(name):
    """What lies past RULE_TEXT_CHARS changes nothing: a long text is read as its beginning."""
    text = ADVERSARIAL[name]
    head = text[:RULE_TEXT_CHARS]
    assert is_instance(text) == is_instance(head)
    assert has_negation(text) == has_negation(head)
    reply = text[::-1]
    whole = corrections.detect(user_message=text, previous_agent_response=reply)
    bounded = corrections.detect(user_message=head, previous_agent_response=reply[:RULE_TEXT_CHARS])
    assert signal(whole) == signal(bounded)


def signal(candidate) -> tuple | None:
    return None if candidate is None else (candidate.source, candidate.signal, candidate.subject)


def test_what_lies_past_the_bound_is_not_read():
    filler = "word " * (RULE_TEXT_CHARS // 5)
    assert not has_negation(filler + "no, stop doing that")
    assert not is_instance(filler + "the order #A66468")
    assert has_negation("no, stop doing that " + filler)  # within it: read
    assert is_instance("the order #A66468 " + filler)


@pytest.mark.django_db
def test_a_correction_of_20000_characters_is_derived_into_a_fact():
    """A user's edit of a 20,000-character reply: derived (learned as an edit) in the pass that
    follows the ingest, not parked for running past the handler's time."""
    _, client = client_for("long-texts")
    reply = ("The build uses npm ci; the cache lives in node_modules. " * 400)[:N]
    edited = reply.replace("npm ci", "pnpm install", 1)[:N]
    answer = client.post(
        "/api/v1/ingest",
        {
            "batch": [
                {
                    "id": "c-long",
                    "type": "correction",
                    "timestamp": "2026-11-20T11:00:00Z",
                    "body": {"user_message": edited, "previous_agent_response": reply, "session_id": "s1"},
                }
            ]
        },
        format="json",
    )
    assert answer.json()["results"][0]["status"] in (200, 201), answer.json()
    fact = LearnedFact.objects.get()
    assert (fact.source, fact.confidence) == ("inferred", 0.7)
    assert fact.content.startswith("The user edits replies like 'The build uses npm ci")
    assert not PendingDerivation.objects.exists()  # derived, nothing parked or waiting
