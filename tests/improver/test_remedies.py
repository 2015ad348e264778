"""Evolutions derived from evidence: remedies stated in negative feedback, chronic friction."""

from improver.proposer import CATEGORY_FIXES, DeterministicProposer, ProposalInput
from language.remedies import Remedy, Said, group

BASE = "Answer from the documentation.\n"
CITE = Remedy("Cite the source for every number.", 4, 3, ("observation:1", "observation:2"))


def test_a_chronic_friction_pair_gets_a_line_with_the_remedy_that_names_its_tool():
    fix = Remedy("Use pnpm instead of npm in this repo.", 3, 2, ("correction:5",))
    change = DeterministicProposer().propose(
        ProposalInput(
            template="coder",
            directives=BASE,
            negative_by_category={"tooling": 9},
            remedies=(fix, CITE),
            friction=({"tool": "npm_install", "failure_mode": "NOTFOUND.package", "sessions": 4},),
        )
    )
    lines = change.directives.splitlines()
    assert (
        "When npm_install fails with NOTFOUND.package, do not retry it unchanged: use pnpm instead of npm in this repo."
        in lines
    )
    assert "Cite the source for every number." in lines
    assert CATEGORY_FIXES["tooling"] not in lines  # evidence exists: no canned line
    friction = next(a for a in change.additions if a.origin == "friction")
    assert friction.sources == ("friction:npm_install:NOTFOUND.package", "correction:5")


def test_without_evidence_the_domain_neutral_category_line_is_the_fallback():
    change = DeterministicProposer().propose(
        ProposalInput(template="support", directives=BASE, negative_by_category={"tooling": 3})
    )
    assert change.additions[0].origin == "category"
    for words in ("npm", "pnpm", "lockfile", "package"):
        assert all(words not in line.lower() for line in CATEGORY_FIXES.values())


def test_a_remedy_about_one_instance_never_becomes_a_line_but_a_threshold_rule_does():
    said = [
        Said(text, f"s{i}", f"observation:{i}")
        for i, text in enumerate(
            ["Don't use issue_refund for $632."] * 3
            + ["Refunds over $500 need the escalate_refund tool."] * 3
        )
    ]
    remedies = tuple(group(said))
    assert [r.text for r in remedies] == ["Refunds over $500 need the escalate_refund tool."]
    data = ProposalInput(
        template="support",
        directives="Be kind.\n",
        negative_by_category={"accuracy": 3},
        remedies=remedies + (Remedy("Don't use issue_refund for $632.", 9, 9, ("observation:99",)),),
    )
    change = DeterministicProposer().propose(data)
    assert "Refunds over $500 need the escalate_refund tool." in change.directives
    assert "$632" not in change.directives


def test_a_rule_asked_from_now_on_with_its_fee_is_proposed_as_the_asks_reader_read_it():
    """ "Going forward …" says the ask holds from here on: the fee it names is the house's, no one
    case, and the line served without those words is proposed as it was read."""
    asked = (
        "It told a bloke he could bring in any old swing-top. Going forward tell people it's our "
        "growlers or sealed screw-caps only, and mention the £2 clean fee for ones not bought here."
    )
    remedies = tuple(group([Said(asked, f"s{i}", f"observation:{i}") for i in range(4)]))
    line = "Tell people it's our growlers or sealed screw-caps only, and mention the £2 clean fee for ones not bought here."
    assert [(r.text, r.standing) for r in remedies] == [(line, True)]
    data = ProposalInput(
        template="taproom", directives=BASE, negative_by_category={"accuracy": 4}, remedies=remedies
    )
    assert line in DeterministicProposer().propose(data).directives.splitlines()
    # a line that names one order's amount, without "going forward", stays one case
    one = "Tell people it's our growlers or sealed screw-caps only, and refund the £312 to her card."
    once = Remedy(one, 4, 4, ("observation:1",))
    left = DeterministicProposer().propose(ProposalInput(**{**data.__dict__, "remedies": (once,)}))
    assert left is None or one not in left.directives
