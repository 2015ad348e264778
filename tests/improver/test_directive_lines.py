"""The directive lifecycle: line identity across versions, measured effect, pruning."""

from datetime import timedelta

import pytest
from rest_framework.test import APIClient

from experiments.models import LineFactor
from fleet.models import DocumentVersion
from fleet.templates import template_version_create
from governance.models import Proposal
from improver import directive_lines as dl
from improver.models import RitualRun
from improver.services.evolution import line_factors
from improver.services.ritual import ritual_run
from tests.factories import approver
from tests.improver.helpers import WAKE, coder_fleet, complaints

FRICTION = {
    "text": "When npm_install fails with NOTFOUND, do not retry it unchanged.",
    "origin": "friction",
    "sources": ["friction:npm_install:NOTFOUND", "correction:3"],
}


def test_a_line_keeps_its_identity_author_origin_and_target_across_versions():
    versions = [
        {"number": 1, "text": "Read first.\n", "additions": []},
        {"number": 2, "text": "Read first.\n" + FRICTION["text"] + "\n", "additions": [FRICTION]},
        {"number": 3, "text": "Read first.\n" + FRICTION["text"] + "\nBe brief.\n", "additions": []},
    ]
    lines = {ln.text: ln for ln in dl.history(versions)}
    assert (lines["Read first."].added_in, lines["Read first."].author) == (1, "human")
    friction = lines[FRICTION["text"]]
    assert (friction.added_in, friction.author, friction.origin) == (2, "improver", "friction")
    assert friction.target == ("tool:npm_install:NOTFOUND",)
    assert lines["Be brief."].author == "human"  # added without a proposal: a person wrote it


LINE = dl.Line("Do X.", 2, "improver")


@pytest.mark.parametrize(
    ("effect", "action"),
    [
        (dl.Effect(40, 10, 40, 20), None),  # 25% with it against 50% without: it helps
        (dl.Effect(40, 20, 40, 20), "did not fall"),
        (dl.Effect(40, 30, 40, 20), "rose"),
        (dl.Effect(20, 20, 40, 10), None),  # fewer than 30 sessions with it: not judged yet
    ],
)
def test_an_improver_line_is_judged_on_its_target_after_the_minimum(effect, action):
    verdict = dl.judge(LINE, effect, min_sessions=30)
    assert (verdict is None) if action is None else (action in verdict.reason and verdict.action == "remove")


def test_near_duplicates_merge_into_the_earlier_line():
    lines = [
        dl.Line("Please cite the source for every number you report.", 1, "human"),
        dl.Line("Keep reports short.", 2, "improver"),
        dl.Line("You should cite a source for each number.", 3, "improver"),
    ]
    [merge] = dl.merges(lines)
    assert merge.line.added_in == 3 and merge.into == lines[0].text


def test_over_budget_the_lowest_value_improver_lines_go_first_and_human_lines_last():
    lines = [
        dl.Line("h " * 40, 1, "human"),
        dl.Line("a " * 40, 2, "improver"),
        dl.Line("b " * 40, 3, "improver"),
    ]
    value = {lines[1].key: 0.3, lines[2].key: 0.01}
    out = dl.over_budget(lines, value, budget=25)  # each line is about 20 tokens
    assert [p.line.added_in for p in out] == [3, 2]  # b (least value), then a; the human line stays


def sessions(client, n, failing, tag, at):
    batch = []
    for i in range(n):
        body = {"tool": "npm_install", "outcome": "success", "session_id": f"{tag}{i}", "duration_ms": 5}
        if i < failing:
            body.update(outcome="failure", failure_mode="NOTFOUND")
        batch.append(
            {"type": "tool_invocation", "timestamp": (at + timedelta(minutes=i)).isoformat(), "body": body}
        )
    assert client.post("/api/v1/ingest", {"batch": batch}, format="json").status_code == 207


def improver_adds(template, line: dict) -> None:
    """The improver adds `line` to the template's directives: a new version recording it."""
    template_version_create(
        template=template,
        directives=template.document.head.text + line["text"] + "\n",
        author=DocumentVersion.Author.IMPROVER,
        provenance={"additions": [line]},
    )


def did_not_help(client, template, line: dict) -> None:
    """Half of 40 sessions fail, the improver adds `line`, and 24 of the next 40 fail: no better."""
    sessions(client, 40, 20, "before", WAKE - timedelta(days=6))
    improver_adds(template, line)
    sessions(client, 40, 24, "after", WAKE - timedelta(days=3))


def removal_proposed():
    """A fleet whose improver line did not help, and the week's ritual proposing to take it out:
    (template, improver, the agent's client, the proposal)."""
    template, improver, client = coder_fleet()
    did_not_help(client, template, FRICTION)
    complaints(client, 3)
    ritual_run(improver=improver, period="w1", now=WAKE)
    return template, improver, client, Proposal.objects.get()


@pytest.mark.django_db
def test_the_ritual_proposes_to_remove_an_improver_line_that_did_not_help():
    template, _, _, proposal = removal_proposed()
    [removal] = proposal.payload["removals"]
    assert removal["text"] == FRICTION["text"] and removal["action"] == "remove"
    assert "did not fall" in removal["reason"] or "rose" in removal["reason"]
    # Tested line by line, taking it out must be shown not to raise what it was written to lower.
    assert removal["target"] == ["tool:npm_install:NOTFOUND"]
    [[level]] = [f for f in line_factors(proposal.payload, template) if f[0].get("remove")]
    assert level["remove"] == [FRICTION["text"]] and level["targets"] == ["tool:npm_install:NOTFOUND"]
    assert FRICTION["text"] not in proposal.payload["proposed_directives"]
    assert "Run the tests before reporting done." in proposal.payload["proposed_directives"]  # a human's line


@pytest.mark.django_db
def test_a_removal_a_human_aborted_is_not_proposed_again_by_the_review():
    template, improver, client, proposal = removal_proposed()
    # the agents name their sessions on reads: the removal is tested as a line of its own
    assert client.get("/api/v1/agents/me/directives", {"session_id": "first"}).status_code == 200
    reviewer = APIClient()
    reviewer.force_authenticate(approver())
    assert reviewer.post(f"/api/v1/proposals/{proposal.pk}/approve", {}, format="json").status_code == 200
    [removal] = [f for f in LineFactor.objects.filter(template=template) if f.levels[0].get("remove")]
    aborted = reviewer.post(f"/api/v1/line-tests/{removal.pk}/abort", {"reason": "keep it"}, format="json")
    assert aborted.status_code == 200, aborted.json()

    complaints(client, 3, at=WAKE + timedelta(days=6))  # a week of new feedback: the ritual runs
    ritual_run(improver=improver, period="w2", now=WAKE + timedelta(days=7))
    assert "new feedback item" not in RitualRun.objects.get(period="w2").detail  # it reviewed the lines
    again = Proposal.objects.exclude(pk=proposal.pk)
    assert not any(FRICTION["text"] in str(p.payload.get("removals")) for p in again)


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("status", "removed"), [("pending", False), ("approved", False), ("implemented", True)]
)
def test_a_friction_lines_removal_waits_while_the_tool_it_points_to_is_being_built(status, removed):
    from governance.services import proposal_create
    from improver.services import directive_review

    template, improver, client = coder_fleet()
    did_not_help(client, template, FRICTION)  # its target cannot fall: the tool is missing
    tool = proposal_create(
        type="new_tool", title="Build npm_install", dedup_key="friction:npm_install:NOTFOUND"
    )
    type(tool).objects.filter(pk=tool.pk).update(status=status)
    template.refresh_from_db()
    _, _, prunings = directive_review.review(template)
    assert any(p.line.text == FRICTION["text"] for p in prunings) is removed


@pytest.mark.parametrize(
    ("directive_lines", "facts", "budget"),
    [
        (1, 200, 1200),  # what was learned overflows: cut from its end
        (300, 3, 480),  # the directives alone are over (a human's long template): cut too
        (5, 10, 480),  # the default: about a page
        (0, 0, 50),
    ],
)
def test_the_served_prompt_block_never_exceeds_the_token_budget(directive_lines, facts, budget):
    from improver.context import estimate_tokens
    from improver.prompt import prompt_block

    block = prompt_block(
        template="coder",
        version=3,
        directives="".join(f"Rule {i}: read the file before editing it.\n" for i in range(directive_lines)),
        learned_facts=[
            {"content": f"Fact number {i} about the repository layout and its tools."} for i in range(facts)
        ],
        anti_patterns=[{"pattern": "Big bang", "line": "AVOID: Big bang. Failed 4/4 times"}],
        proven_patterns=["Write the failing test first"],
        budget=budget,
    )
    assert estimate_tokens(block) <= budget
    if directive_lines:
        assert block.startswith("# Directives (coder v3)\nRule 0: read the file before editing it.")


@pytest.mark.django_db
@pytest.mark.parametrize(("downstream", "removed"), [([], True), (["booking"], False)])
def test_a_line_learned_a_hand_off_away_is_not_judged_on_its_own_templates_sessions(downstream, removed):
    # the planner's hand-off line shows its effect in the booking desk's sessions: the planner's
    # own, which it cannot change, are no evidence that it did not help
    from improver.services import directive_review

    line = {
        "text": "Include the passport number in every hand-off to the booking desk.",
        "origin": "remedy",
        "sources": ["observation:1"],
        "downstream": downstream,
    }
    template, improver, client = coder_fleet()
    did_not_help(client, template, line)
    template.refresh_from_db()
    _, _, prunings = directive_review.review(template)
    assert any(p.line.text == line["text"] for p in prunings) is removed


@pytest.mark.parametrize(
    ("recent", "overall", "removed"),
    [
        ((30, 18), (40, 12), True),  # 60% this window against 30% without it ever: it hurts now
        ((30, 10), (40, 12), False),  # 33% against 30%: no evidence it hurts
        ((5, 5), (40, 12), False),  # too few sessions this window to say
        ((30, 3), (40, 12), False),  # it still helps
    ],
)
def test_a_line_that_hurts_now_is_read_by_a_one_sided_two_proportion_test(recent, overall, removed):
    line = dl.Line("Always offer the flexible fare.", 2, "improver", "remedy")
    verdict = dl.hurts_now(line, dl.Effect(*recent, 0, 0), dl.Effect(0, 0, *overall), 20)
    assert (verdict is not None) is removed
    assert verdict is None or verdict.reason.startswith("it now hurts: 60%")


@pytest.mark.django_db
def test_a_line_that_helped_and_hurts_now_is_proposed_for_removal():
    import time_machine

    from improver.services import directive_review

    template, improver, client = coder_fleet()
    with time_machine.travel(WAKE - timedelta(days=30), tick=False):
        sessions(client, 40, 12, "before", WAKE - timedelta(days=30))  # 30% without it
    improver_adds(template, FRICTION)
    with time_machine.travel(WAKE - timedelta(days=20), tick=False):
        sessions(client, 60, 3, "helped", WAKE - timedelta(days=20))  # 5% with it, for weeks
    with time_machine.travel(WAKE - timedelta(days=2), tick=False):
        sessions(client, 30, 18, "turned", WAKE - timedelta(days=2))  # 60% with it this week
    template.refresh_from_db()
    with time_machine.travel(WAKE, tick=False):
        _, _, prunings = directive_review.review(template)
    [pruning] = [p for p in prunings if p.line.text == FRICTION["text"]]
    assert pruning.action == "remove" and pruning.reason.startswith("it now hurts: 60%")


LONG = "Quote the ticket number, the customer's plan and the last three replies in every hand-off note."


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("under_test", "proposed", "pruned"), [((), (), False), ((LONG,), (), True), ((), (LONG,), True)]
)
def test_the_head_keeps_room_for_the_lines_under_test_and_the_lines_proposed(
    settings, under_test, proposed, pruned
):
    # a session drawn every line under test still has the learned facts' share of its block: the
    # head is pruned to its share less what the tests (and the change proposed now) may add
    from experiments.services import factors_start
    from improver.context import estimate_tokens
    from improver.services import directive_review

    template, _, _ = coder_fleet()
    improver_adds(template, {"text": "Summarise the failing step first.", "origin": "remedy", "sources": []})
    template.refresh_from_db()
    head = estimate_tokens(template.document.head.text)
    settings.KAIZEN = {
        **settings.KAIZEN,
        "PROMPT_TOKEN_BUDGET": int((head + 4) / directive_review.DIRECTIVES_SHARE),
    }
    if under_test:
        factors_start(
            template=template,
            proposal=None,
            factors=[[{"add": list(under_test), "targets": ["negative"]}]],
            at=WAKE,
        )
    _, _, prunings = directive_review.review(template, proposed)
    over = [p for p in prunings if "budget" in p.reason]
    assert bool(over) is pruned
    assert not over or over[0].line.author == "improver"  # a human's line is the last to go


def share_of(settings, template, *, over_by: int) -> None:
    """The directives' share of the prompt block set `over_by` tokens below what the head holds."""
    from improver.context import estimate_tokens
    from improver.services import directive_review

    head = estimate_tokens(template.document.head.text)
    settings.KAIZEN = {
        **settings.KAIZEN,
        "PROMPT_TOKEN_BUDGET": int((head - over_by) / directive_review.DIRECTIVES_SHARE),
    }


def line_test_ended(template, level: dict, status: str, **decided) -> LineFactor:
    """A line test of the template with one `level`, ended at WAKE as `status`."""
    return LineFactor.objects.create(
        template=template,
        levels=[level],
        share=0.5,
        status=status,
        started_at=WAKE,
        decided_at=WAKE,
        **decided,
    )


@pytest.mark.django_db
def test_over_budget_a_line_its_test_proved_goes_after_one_never_tested(settings):
    # the ledger's with-and-without cannot see a line a line test promoted (the version it landed
    # in held both arms); its value is the test's estimate, so an untested line goes first
    from improver.services import directive_review

    template, _, _ = coder_fleet()
    untested = "Summarise the failing step first."
    proved = "Quote the failing command and its exit code in every report."
    for text in (untested, proved):
        improver_adds(template, {"text": text, "origin": "remedy", "sources": []})
        template.refresh_from_db()
    line_test_ended(
        template,
        {"add": [proved], "targets": ["negative"]},
        LineFactor.Status.PROMOTED,
        promoted_level=1,
        last_check={"1": {"judged_on": ["negative"], "intervals": {"negative": [-0.3, -0.45, -0.15]}}},
    )
    share_of(settings, template, over_by=4)
    _, _, prunings = directive_review.review(template)
    assert [p.line.text for p in prunings if "budget" in p.reason] == [untested]


@pytest.mark.django_db
def test_over_budget_a_line_whose_removal_a_test_rolled_back_is_not_shed_again(settings):
    # its removal was tested and taken back: the head alone over its share sheds the untested
    # line, not it again week after week (each time its test would
    # take it back, and its sessions pay for the test)
    from improver.services import directive_review

    template, _, _ = coder_fleet()
    kept = "When ci_runner fails with TIMEOUT, use the queue tool instead of retrying."
    untested = "Summarise the failing step first."
    for text in (untested, kept):  # (the newer goes first between lines of equal value)
        improver_adds(template, {"text": text, "origin": "remedy", "sources": []})
        template.refresh_from_db()
    target = "tool:ci_runner:TIMEOUT"
    line_test_ended(template, {"remove": [kept], "targets": [target]}, LineFactor.Status.ROLLED_BACK)
    share_of(settings, template, over_by=4)
    _, _, prunings = directive_review.review(template)
    assert [p.line.text for p in prunings if "budget" in p.reason] == [untested]


@pytest.mark.django_db
@pytest.mark.parametrize("head_over", [False, True])
def test_a_line_whose_removal_was_taken_back_makes_no_room_for_lines_under_test(settings, head_over):
    # its removal was tested and rolled back: the lines under test wait for room rather than
    # evict it again, and so does the head alone over its share (the served block is kept within
    # the budget whatever the head holds)
    from experiments.services import factors_start
    from improver.services import directive_review

    template, _, _ = coder_fleet()
    kept = "Summarise the failing step first."
    improver_adds(template, {"text": kept, "origin": "remedy", "sources": []})
    template.refresh_from_db()
    line_test_ended(template, {"remove": [kept], "targets": ["negative"]}, LineFactor.Status.ROLLED_BACK)
    factors_start(
        template=template, proposal=None, factors=[[{"add": [LONG], "targets": ["negative"]}]], at=WAKE
    )
    share_of(settings, template, over_by=4 if head_over else -4)
    _, _, prunings = directive_review.review(template)
    assert not [p.line.text for p in prunings if "budget" in p.reason and p.line.author == "improver"]
