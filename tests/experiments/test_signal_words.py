"""Each signal a canary counts, as the pages and reasons word it (pure)."""

import pytest

from experiments.metrics import signal_list, signal_words


@pytest.mark.parametrize(
    ("signal", "words"),
    [
        ("any_failure", "any failure"),
        ("other_failure", "any other failure"),
        ("targets", "any of its targets"),
        ("correction", "a user's correction"),
        ("rejected_decision", "a rejected decision"),
        ("negative", "negative feedback"),
        ("negative:accuracy", "negative feedback (accuracy)"),
        ("negative:about:refund form", "negative feedback about refund form"),
        ("tool:npm_install:NOTFOUND.package", "npm_install failing (NOTFOUND.package)"),
        ("tokens_per_success", "tokens per successful session"),
        ("downstream:correction", "a user's correction in the sessions it hands work to"),
        (
            "downstream:negative:about:manifest",
            "negative feedback about manifest in the sessions it hands work to",
        ),
        ("something_new", "something_new"),  # a name it does not know stays as stored
    ],
)
def test_signal_words(signal, words):
    assert signal_words(signal) == words


def test_a_list_of_signals():
    assert signal_list(["correction", "escalation"]) == "a user's correction, an escalation"
