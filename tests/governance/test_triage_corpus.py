"""Triage against real tool output: a labelled corpus of failure texts (test runners, type
checkers, linters, package managers, git, ssh, docker, cloud SDKs, LLM APIs, CI runners)."""

from collections import Counter
from pathlib import Path

import pytest
import yaml

from governance.board.triage import CLASSES, triage

CORPUS = yaml.safe_load((Path(__file__).parent / "triage_corpus.yaml").read_text(encoding="utf-8"))
HUMAN_CLASSES = {"infra_tooling", "scope_policy"}


def test_the_corpus_is_large_and_labelled_with_known_classes():
    assert len(CORPUS) >= 100
    assert {case["label"] for case in CORPUS} <= set(CLASSES)
    assert Counter(case["label"] for case in CORPUS)["infra_tooling"] >= 30


def test_triage_is_right_for_at_least_90_percent_of_the_corpus():
    wrong = [
        (case["label"], result.classification, case["text"][:80])
        for case in CORPUS
        if (result := triage(title="blocked task", text=case["text"])).classification != case["label"]
    ]
    assert len(wrong) <= 0.1 * len(CORPUS), wrong


@pytest.mark.parametrize(
    "case", [c for c in CORPUS if c["label"] in HUMAN_CLASSES], ids=lambda c: c["text"][:40]
)
def test_every_infra_and_scope_failure_is_flagged_for_a_human(case):
    assert triage(title="blocked task", text=case["text"]).human_attention_required


@pytest.mark.parametrize(
    ("text", "label"),
    [
        ("OPENAI_API_KEY is not set", "infra_tooling"),  # a missing API key / environment variable
        ("KeyError: 'GITHUB_TOKEN'", "infra_tooling"),
        ("unknown repository key 'docs' in the task", "parse_config"),  # the task's own contract
        ("missing execution metadata: repo", "parse_config"),
        ("<!-- cp:question: Which branch? -->", "awaiting_input"),
    ],
)
def test_the_reference_examples(text, label):
    assert triage(title="t", text=text).classification == label
