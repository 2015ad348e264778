"""Table-driven tests of the improver's pure modules: classification, gate, proposer, context, states."""

from datetime import UTC, datetime

import pytest

from config.errors import Conflict
from improver import context, lifecycle, ritual
from improver.proposer import CATEGORY_FIXES, DeterministicProposer, ProposalInput
from language.classify import RawFeedback, RuleClassifier

T = datetime(2026, 11, 21, tzinfo=UTC)
rules = RuleClassifier()


def raw(kind, text="", **hints):
    return RawFeedback(kind, "1", T, text, 1, hints)


@pytest.mark.parametrize(
    ("item", "sentiment", "category"),
    [
        (raw("decision", "confirmed add-lint-tool", verdict="confirmed"), "positive", "tooling"),
        (raw("decision", "rejected suggest-global-npm-install", verdict="rejected"), "negative", "tooling"),
        (raw("decision", "deferred weekly summary", verdict="deferred"), "neutral", "communication"),
        (raw("decision", "retracted something", verdict="retracted"), "neutral", "tooling"),
        (raw("wake_rating", rating=0.29), "negative", "general"),
        (raw("wake_rating", rating=0.3), "neutral", "general"),
        (raw("wake_rating", rating=0.7), "neutral", "general"),
        (raw("wake_rating", rating=0.71), "positive", "general"),
        (raw("confidence_trend", confidence=0.75), "positive", "accuracy"),
        (raw("confidence_trend", confidence=0.2), "negative", "accuracy"),
        (raw("confidence_trend", confidence=0.5), "neutral", "accuracy"),
        (raw("observation", "The summary was too long and verbose."), "negative", "communication"),
        (raw("observation", "Thank you, great work on the estimate!"), "positive", "accuracy"),
        (raw("observation", "Builds are slow, waiting forever"), "negative", "timeliness"),
        (raw("observation", "Focus on the most important ticket first"), "neutral", "prioritization"),
        (
            raw("observation", "Noted the meeting.", sentiment="positive", category="praise"),
            "positive",
            "general",
        ),
        (raw("observation", "whatever", category="venting"), "negative", "general"),
        (raw("correction", "No, use pnpm instead of npm"), "negative", "tooling"),
        (raw("correction", "That's not what I asked"), "negative", "accuracy"),
        (raw("anti_pattern", "AVOID: X"), "negative", "prioritization"),
        (raw("chronic_failure", "a:b succeeded 2/10"), "negative", "accuracy"),
    ],
)
def test_rule_classification(item, sentiment, category):
    result = rules.classify_one(item)
    assert (result.sentiment, result.category) == (sentiment, category)
    assert 0 < result.confidence <= 1


@pytest.mark.parametrize(("new", "passes"), [(0, False), (2, False), (3, True), (40, True)])
def test_the_gate_needs_three_new_items(new, passes):
    assert ritual.passes_gate(new, 3) is passes


def test_analysis_notes_have_reflection_hypothesis_decision_pattern():
    grouped = {
        "negative/tooling": {"sentiment": "negative", "category": "tooling", "count": 3, "examples": ["npm"]},
        "positive/general": {
            "sentiment": "positive",
            "category": "general",
            "count": 1,
            "examples": ["thanks"],
        },
    }
    kinds = [k for k, _ in ritual.analysis_notes(grouped, {"success_rate_delta": 0.1}, ["Add X"])]
    assert kinds[0] == "reflection" and kinds.count("hypothesis") >= 1
    assert "decision" in kinds and kinds[-1] == "pattern"


BASE = "Run the tests before reporting done.\nKeep changes small.\n"


def test_the_proposer_adds_anti_patterns_and_facts_and_no_canned_line_when_it_has_evidence():
    change = DeterministicProposer().propose(
        ProposalInput(
            template="coder",
            directives=BASE,
            negative_by_category={"tooling": 9, "communication": 4},
            positive_by_category={"general": 3},
            anti_patterns=("AVOID: Split by file type. Failed 7/10 times (70% failure rate)",),
            learned_facts=("use pnpm instead of npm",),
        )
    )
    lines = change.directives.splitlines()
    assert lines[:2] == BASE.splitlines()  # nothing removed or rewritten
    assert "AVOID: Split by file type. Failed 7/10 times (70% failure rate)" in lines
    assert "Remember: use pnpm instead of npm" in lines
    assert CATEGORY_FIXES["tooling"] not in lines and CATEGORY_FIXES["communication"] not in lines


def test_the_proposer_never_removes_confirmed_directives_and_does_not_repeat_itself():
    confirmed = (
        BASE
        + CATEGORY_FIXES["tooling"]
        + "\nAVOID: Split by file type. Failed 3/4 times (75% failure rate)\n"
    )
    change = DeterministicProposer().propose(
        ProposalInput(
            template="coder",
            directives=confirmed,
            negative_by_category={"tooling": 5},
            positive_by_category={"tooling": 9},
            anti_patterns=("AVOID: Split by file type. Failed 7/10 times (70% failure rate)",),
        )
    )
    assert change is None  # everything the evidence asks for is already there


def test_the_proposer_respects_exclusions_and_operator_guidance():
    change = DeterministicProposer().propose(
        ProposalInput(
            template="coder",
            directives=BASE,
            negative_by_category={"tooling": 5},
            exclude=(CATEGORY_FIXES["tooling"],),
            operator_guidance="Prefer small pull requests.",
        )
    )
    assert change.directives.endswith("Operator guidance: Prefer small pull requests.\n")
    assert CATEGORY_FIXES["tooling"] not in change.directives


def test_ties_between_categories_follow_a_fixed_order():
    change = DeterministicProposer().propose(
        ProposalInput(template="t", directives=BASE, negative_by_category={"tooling": 3, "communication": 3})
    )
    assert CATEGORY_FIXES["communication"] in change.directives


def test_the_context_stays_within_the_token_budget():
    huge = "x" * 200_000
    ctx = context.assemble(dict.fromkeys(context.BUDGETS, huge))
    assert ctx.tokens <= 10_000
    assert all(context.estimate_tokens(body) <= context.BUDGETS[name] for name, body in ctx.sections.items())
    with pytest.raises(ValueError):
        context.assemble({"gossip": "x"})


@pytest.mark.parametrize(
    ("path", "legal"),
    [
        (["gathering", "analyzing", "proposing", "awaiting_review", "completing", "sleeping"], True),
        (["gathering", "sleeping"], True),
        (
            [
                "gathering",
                "analyzing",
                "proposing",
                "awaiting_review",
                "refining",
                "proposing",
                "awaiting_review",
            ],
            True,
        ),
        (["analyzing"], False),
        (["gathering", "proposing"], False),
        (["gathering", "analyzing", "proposing", "awaiting_review", "sleeping", "completing"], False),
    ],
)
def test_ritual_state_machine(path, legal):
    state = "sleeping"
    try:
        for target in path:
            state = lifecycle.next_ritual_state(state, target)
    except Conflict:
        assert not legal
    else:
        assert legal


def test_lifecycle_transitions():
    assert lifecycle.next_lifecycle("created", "active") == "active"
    assert lifecycle.next_lifecycle("active", "dormant") == "dormant"
    with pytest.raises(Conflict):
        lifecycle.next_lifecycle("destroyed", "active")


@pytest.mark.parametrize(
    ("source", "known"), [("correction", True), ("evolution_delta", True), ("tweet", False)]
)
def test_feedback_comes_only_from_the_sources_the_feedback_list_filters_on(source, known):
    if known:
        assert raw(source).source_type == source
    else:
        with pytest.raises(ValueError, match="SOURCE_TYPES"):
            raw(source)
