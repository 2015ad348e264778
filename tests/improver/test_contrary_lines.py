"""A line and its contrary are never served together: when feedback pulls both ways, the side
stated in more sessions is proposed and the other is shown, with both counts, on the review page."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from experiments.models import LineFactor
from fleet.templates import template_version_create
from governance.models import Proposal
from improver.models import EvolutionNote
from improver.proposer import DeterministicProposer, ProposalInput
from improver.services.ritual import ritual_run
from language.contrary import contrary
from language.remedies import Remedy
from tests.improver.helpers import WAKE, coder_fleet, complaints
from tests.improver.test_competing_lines import said

pytestmark = pytest.mark.django_db

PAIRS = [
    ("Rotate the logs when the disk is full.", "Don't rotate the logs, we need them for the audit.", True),
    ("Rotate the logs.", "Stop rotating the logs.", True),
    ("Never push to main.", "Push to main when the tests pass.", True),
    ("Always cite sources.", "Never cite sources you did not open.", False),  # narrows, not contrary
    ("Rotate the logs.", "Expand the volume.", False),
    # a word of a pair the first line holds both of ("signed off on it") opposes nothing in the other
    (
        "Any load over 5 tonnes has to be booked with two riggers and the supervisor signed off on it first.",
        "Office note: weekend hire goes on sale only once the supervisor rota for that month is published.",
        False,
    ),
    ("Cite the source for every number.", "Never cite blogs.", False),
    # opposite words ("free" / "charged") in a rule and an instruction about different things
    (
        "Our policy is that lessons cancelled with less than 24 hours' notice are charged in full.",
        "Don't do free transcription work for anyone.",
        False,
    ),
]


PAGE = "Page the on-call engineer for outages.\n"


def proposed(directives: str, *remedies: Remedy, **more):
    """What the deterministic proposer makes of `remedies` against the ops template's `directives`
    (`more`: the rest of its input, what was asked earlier or what a human aborted)."""
    return DeterministicProposer().propose(
        ProposalInput(
            template="ops",
            directives=directives,
            negative_by_category={"accuracy": 12},
            remedies=remedies,
            **more,
        )
    )


def rotate_or_not(*, against: int) -> tuple[Remedy, Remedy]:
    """Rotating the logs asked in 10 sessions, and its contrary in `against`."""
    return (
        Remedy("Rotate the logs when the disk is full.", 10, 10, ("observation:1",)),
        Remedy("Don't rotate the logs, we need them for the audit.", against, against, ("observation:2",)),
    )


@pytest.mark.parametrize(("a", "b", "expected"), PAIRS)
def test_contrary_lines_are_the_same_action_with_opposite_polarity(a, b, expected):
    assert contrary(a, b) is expected and contrary(b, a) is expected


def test_the_side_with_more_evidence_is_proposed_and_the_conflict_kept():
    change = proposed(PAGE, *rotate_or_not(against=2))
    assert "Rotate the logs when the disk is full." in change.directives
    assert "Don't rotate the logs" not in change.directives
    [conflict] = change.conflicts
    assert conflict["line"].startswith("Don't rotate") and conflict["sessions"] == 2
    assert conflict["against_sessions"] == 10 and not conflict["served"]


def propose_against_served(served: str, *remedies: Remedy, **more):
    return proposed(served + "\n", *remedies, **more)


def test_when_newer_feedback_asks_the_opposite_of_a_served_line_it_replaces_it():
    change = propose_against_served(
        "Rotate the logs every night.", Remedy("Never rotate the logs.", 30, 30, ("o:2",))
    )
    assert "Never rotate the logs." in change.directives
    assert "Rotate the logs every night." not in change.directives  # never served beside its opposite
    [removal] = change.removals
    assert (removal["text"], removal["action"], removal["into"]) == (
        "Rotate the logs every night.",
        "replace",
        "Never rotate the logs.",
    )
    assert "Replaces: 'Rotate the logs every night.'" in change.rationale


def test_a_served_line_still_asked_for_as_often_is_kept_and_its_opposite_left_out():
    change = propose_against_served(
        "Rotate the logs every night.",
        Remedy("Never rotate the logs.", 4, 4, ("o:2",)),
        Remedy("Rotate the logs every night, please.", 6, 6, ("o:3",)),
    )
    assert change is None or "Never rotate" not in change.directives
    assert change is None or "Rotate the logs every night." in change.directives


def test_one_session_asking_the_opposite_does_not_replace_a_served_line():
    change = propose_against_served(
        "Rotate the logs every night.", Remedy("Never rotate the logs.", 3, 1, ("o:2",))
    )
    assert change is None or "Never rotate" not in change.directives


def test_a_minority_that_always_asked_the_opposite_has_not_turned():
    # a served line that works is asked for less; the few who always wanted the opposite, asked as
    # often the week before, do not replace it (a turn is new)
    standing = propose_against_served(
        "Rotate the logs every night.",
        Remedy("Never rotate the logs.", 7, 7, ("o:2",)),
        earlier=(("Never rotate the logs.", 6),),
    )
    assert standing is None or "Never rotate" not in standing.directives
    turning = propose_against_served(
        "Rotate the logs every night.",
        Remedy("Never rotate the logs.", 14, 14, ("o:2",)),
        earlier=(("Never rotate the logs.", 6),),
    )
    assert "Never rotate the logs." in turning.directives


def test_a_standing_minority_does_not_turn_a_served_line_in_the_ritual():
    template, improver, client = coder_fleet()
    head = template.document.head
    template_version_create(
        template=template, directives=head.text + "Rotate the logs when the disk is full.\n"
    )
    said = "We need them for the audit. Don't rotate the logs when the disk is full."
    complaints(client, 5, at=WAKE - timedelta(days=9), text=said)  # the window before
    complaints(client, 5, at=WAKE - timedelta(days=1), text=said)
    ritual_run(improver=improver, period="w1", now=WAKE)
    pending = Proposal.objects.filter(status="pending").first()
    assert pending is None or "Don't rotate" not in pending.payload["proposed_directives"]


def test_a_preference_that_turned_is_reviewed_as_a_replacement():
    template, improver, client = coder_fleet()
    head = template.document.head
    template_version_create(template=template, directives=head.text + "Always offer the flexible plan.\n")
    complaints(
        client,
        6,
        at=WAKE - timedelta(days=1),
        text="Wrong plan again. Offer the fixed plan now; flexible plans are no longer allowed.",
    )
    ritual_run(improver=improver, period="w1", now=WAKE)
    proposal = Proposal.objects.get(status="pending")
    proposed = proposal.payload["proposed_directives"]
    assert "Offer the fixed plan now." in proposed
    assert "Always offer the flexible plan." not in proposed
    assert [r["action"] for r in proposal.payload["removals"]] == ["replace"]
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    page = admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert "Always offer the flexible plan." in page and "replace" in page


def test_the_ritual_proposes_the_majority_and_the_review_page_shows_the_conflict():
    _, improver, client = coder_fleet()
    at = WAKE - timedelta(days=1)
    complaints(client, 10, at=at, text="The disk filled up again. Rotate the logs when the disk is full.")
    complaints(
        client, 3, at=at - timedelta(hours=2), text="Don't rotate the logs, we need them for the audit."
    )
    ritual_run(improver=improver, period="w1", now=WAKE)
    proposal = Proposal.objects.get(status="pending")
    assert "Rotate the logs when the disk is full." in proposal.payload["proposed_directives"]
    assert "rotate the logs, we need" not in proposal.payload["proposed_directives"]
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    page = admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()
    assert "Lines left out for contradicting a stronger one" in page
    assert "Don&#x27;t rotate the logs, we need them for the audit." in page


def test_a_withdrawn_majority_line_still_keeps_its_weaker_contrary_out():
    aborted = ("Rotate the logs when the disk is full.",)  # a human aborted it
    change = proposed(PAGE, *rotate_or_not(against=3), exclude=aborted)
    assert change is None or "rotate the logs" not in change.directives.lower()


def test_once_its_own_test_showed_the_majority_line_worse_its_contrary_is_tried():
    rolled_back = ("Rotate the logs when the disk is full.",)  # its line test rolled it back
    change = proposed(PAGE, *rotate_or_not(against=3), exclude=rolled_back, dropped=rolled_back)
    assert "Don't rotate the logs, we need them for the audit." in change.directives.splitlines()
    assert "Rotate the logs when the disk is full." not in change.directives


def test_a_line_asked_by_those_who_argue_against_another_is_its_contrary():
    # "the photo thing is overkill … let it confirm straight away" shares no words of what it
    # opposes with "Ask for a photo of the vaccination card …", but names it: the two are never
    # proposed together, and the side with more evidence stays
    asked = Remedy("Ask for a photo of the vaccination card before confirming.", 10, 10, ("o:1",))
    other_side = Remedy(
        "Let it confirm straight away and check cards at the door.", 3, 3, ("o:2",), 3, (), "vacc photo"
    )
    change = proposed(PAGE, asked, other_side)
    assert "Ask for a photo" in change.directives and "confirm straight away" not in change.directives
    [conflict] = change.conflicts
    assert conflict["line"].startswith("Let it confirm") and conflict["against"].startswith("Ask for a photo")
    # those who argue against a served line never turn it, however the counts move: the line
    # that works is complained of less and less, and they go on
    served = propose_against_served(
        "Ask for a photo of the vaccination card before confirming.", other_side, earlier=()
    )
    assert served is None or "confirm straight away" not in served.directives
    apart = proposed(PAGE, Remedy("Quote the deposit in every reply.", 10, 10, ("o:1",)), other_side)
    assert "confirm straight away" in apart.directives  # it argues against nothing proposed here


def test_the_ritual_passes_on_the_lines_their_own_test_rolled_back_not_those_a_human_aborted():
    from improver.services.ritual import dropped_by_tests

    template, _, _ = coder_fleet()

    def ended(text: str, status: str) -> None:
        addition = {"text": text, "origin": "remedy", "evidence": 10, "sessions": 10}
        LineFactor.objects.create(
            template=template,
            levels=[{"add": [text], "targets": ["negative:general"], "addition": addition}],
            share=0.5,
            status=status,
            started_at=WAKE,
            decided_at=WAKE + timedelta(days=3),
        )

    ended("Rotate the logs when the disk is full.", LineFactor.Status.ROLLED_BACK)
    ended("Expand the volume before it fills.", LineFactor.Status.ABORTED)
    assert dropped_by_tests(template) == ("Rotate the logs when the disk is full.",)


ROTATE = "Rotate the logs when the disk is full."
KEEP = "Don't rotate the logs, we need them for the audit."


def test_a_minority_s_contrary_of_a_line_under_test_waits_for_that_test():
    # drawn on its own beside the line under test, it would be served with it to some sessions
    keep = Remedy(KEEP, 30, 30, ("observation:2",))
    waits = DeterministicProposer()
    change = waits.propose(
        ProposalInput(
            template="ops",
            directives=PAGE,
            negative_by_category={"accuracy": 12},
            remedies=(keep, Remedy("Expand the volume before it fills.", 5, 5, ("observation:3",))),
            testing=((ROTATE, 80),),
        )
    )
    assert KEEP not in change.directives and "Expand the volume" in change.directives
    [left] = [x for x in waits.last_left_out if x["line"] == KEEP]
    assert left["why"].startswith(f"contradicts {ROTATE!r}, which is under test now and far better supported")
    assert KEEP in proposed(PAGE, keep).directives  # once no test serves that line, it is tried
    # of comparable support, it is tested on its own: its test, not the reading, tells
    assert KEEP in proposed(PAGE, keep, testing=((ROTATE, 40),)).directives


CONCISE = "Keep reports concise: lead with the result."


def proposed_with_a_concise_ask(client, improver) -> list[str]:
    """The lines the ritual proposes once four more people ask for concise reports."""
    said(client, 4, f"The summary was too long and verbose. {CONCISE}", WAKE.replace(hour=0), first=20)
    ritual_run(improver=improver, period="w1", now=WAKE)
    [proposal] = Proposal.objects.filter(status="pending")
    return [a["text"] for a in proposal.payload["additions"]]


def test_the_ritual_holds_back_the_contrary_of_a_line_under_test_and_says_why():
    template, improver, client = coder_fleet()
    LineFactor.objects.create(
        template=template,
        levels=[
            {"add": [ROTATE], "targets": ["negative:general"], "addition": {"text": ROTATE, "sessions": 20}}
        ],
        share=0.5,
        started_at=WAKE - timedelta(days=2),
    )
    said(client, 8, f"The audit trail had a gap. {KEEP}", WAKE.replace(hour=0))

    assert proposed_with_a_concise_ask(client, improver) == [CONCISE]
    [note] = EvolutionNote.objects.filter(content__startswith=f"Left out {KEEP!r}")
    assert f"contradicts {ROTATE!r}, which is under test now and far better supported" in note.content


CAREFUL = "Ask for the ceiling height before quoting a stairlift."
FIRST_CALL = "Book jobs on the first call and let the fitter sort out the rest."


def test_a_minority_s_shortcut_is_the_contrary_of_the_line_it_shares_no_word_with():
    # "on the first call and let the fitter sort out the rest" argues against asking first in no
    # word of it: asked in fewer than half that line's sessions, it is left out and shown beside it
    careful, first_call = Remedy(CAREFUL, 12, 12, ("o:1",)), Remedy(FIRST_CALL, 3, 3, ("o:2",))
    proposer = DeterministicProposer()
    change = proposer.propose(
        ProposalInput(
            template="ops",
            directives=PAGE,
            negative_by_category={"accuracy": 12},
            remedies=(careful, first_call),
        )
    )
    assert CAREFUL in change.directives and FIRST_CALL not in change.directives
    [conflict] = change.conflicts
    assert (conflict["line"], conflict["against"]) == (FIRST_CALL, CAREFUL)
    [left] = [x for x in proposer.last_left_out if x["line"] == FIRST_CALL]
    assert "skip or settle for less" in left["why"]
    # asked as often as the other, its own test tells
    both = proposed(PAGE, careful, Remedy(FIRST_CALL, 10, 10, ("o:2",)))
    assert CAREFUL in both.directives and FIRST_CALL in both.directives
    # a line that asks for more is no shortcut: two such asks of different things are both tried
    more = proposed(PAGE, careful, Remedy("Quote the deposit in every reply.", 3, 3, ("o:3",)))
    assert "Quote the deposit" in more.directives


def test_a_shortcut_waits_while_a_served_line_that_asks_for_care_stands():
    waits = propose_against_served(CAREFUL, Remedy(FIRST_CALL, 30, 30, ("o:2",)))
    assert waits is None or FIRST_CALL not in waits.directives
    # a served line that asks for no care is no side of it
    assert (
        FIRST_CALL
        in propose_against_served(
            "Page the on-call engineer.", Remedy(FIRST_CALL, 30, 30, ("o:2",))
        ).directives
    )
    # a served shortcut may be the template's own ("Just answer what is asked"): care asked for
    # later is no reason to take it out
    kept = propose_against_served("Just answer what is asked.", Remedy(CAREFUL, 30, 30, ("o:1",)))
    assert (
        CAREFUL in kept.directives and "Just answer what is asked." in kept.directives and not kept.removals
    )


GATED = "Ask what the fault is before it books an engineer."
STRAIGHT_AWAY = "Book the engineer and text the user the date."


def test_a_minority_s_line_that_does_the_gated_act_straight_away_is_its_contrary():
    # "Book the engineer" answers "ask … before it books" in none of its words but the act: asked
    # in fewer than half that line's sessions, it waits for that line's test, and is left out
    # while the line is served
    minority = Remedy(STRAIGHT_AWAY, 3, 3, ("o:2",))
    under_test = proposed(PAGE, minority, testing=((GATED, 12),))
    assert under_test is None or STRAIGHT_AWAY not in under_test.directives
    served = propose_against_served(GATED, minority)
    assert served is None or STRAIGHT_AWAY not in served.directives
    # asked as often as the line under test, its own test tells
    assert (
        STRAIGHT_AWAY
        in proposed(PAGE, Remedy(STRAIGHT_AWAY, 12, 12, ("o:2",)), testing=((GATED, 12),)).directives
    )
    # a line that gates the act as well is no contrary of it
    gated_too = Remedy("Book the engineer once the fault is known.", 3, 3, ("o:2",))
    assert gated_too.text in propose_against_served(GATED, gated_too).directives


def test_a_line_waits_for_the_test_of_a_shortcut_it_opposes():
    change = proposed(PAGE, Remedy(CAREFUL, 30, 30, ("o:1",)), testing=((FIRST_CALL, 5),))
    assert change is None or CAREFUL not in change.directives
    assert CAREFUL in proposed(PAGE, Remedy(CAREFUL, 30, 30, ("o:1",))).directives


def test_two_asks_of_comparable_support_that_only_their_words_oppose_are_each_tested():
    # "the night before" and "the morning" read as two values of one scale: the pair reader errs on
    # lines of different problems more often than half the users want the opposite of the others
    short = Remedy("If an order is short, tell us the night before rather than at the dock.", 9, 9, ("o:1",))
    window = Remedy(
        "Give every delivery a two-hour arrival window so we can plan the morning.", 10, 10, ("o:2",)
    )
    assert contrary(short.text, window.text)
    both = proposed(PAGE, short, window)
    assert short.text in both.directives and window.text in both.directives and not both.conflicts
    # a minority's is still left out beside the stronger side
    few = proposed(PAGE, Remedy(short.text, 4, 4, ("o:1",)), window)
    assert short.text not in few.directives and [c["line"] for c in few.conflicts] == [short.text]


def test_a_minority_s_contrary_waits_for_the_test_of_a_shortcut_too():
    under_test = "Just rotate the logs when the disk is full."
    change = proposed(PAGE, Remedy(KEEP, 5, 5, ("o:2",)), testing=((under_test, 80),))
    assert change is None or KEEP not in change.directives


def test_a_few_asking_for_less_of_what_a_line_asks_are_kept_out_beside_it():
    # the few answer the majority's line in words of their own: what they ask shares no word with
    # it, and only what their items are about (the engineer's visit) does
    majority = Remedy("Send a preparation checklist before the engineer visits.", 10, 10, ("observation:1",))
    few = Remedy(
        "Text the user the arrival time.",
        3,
        3,
        ("observation:2",),
        against="less: engineer visits every year know drill arrival time",
    )
    change = proposed(PAGE, majority, few)
    assert "Send a preparation checklist before the engineer visits." in change.directives
    assert "Text the user the arrival time." not in change.directives
    [conflict] = change.conflicts
    assert conflict["line"] == "Text the user the arrival time." and conflict["against_sessions"] == 10
    # as many asking it are no minority: each line is tested on its own
    even = Remedy(few.text, 10, 10, ("observation:2",), against=few.against)
    both = proposed(PAGE, majority, even)
    assert "Text the user the arrival time." in both.directives and not both.conflicts


def test_the_ritual_reads_a_few_asking_for_less_as_the_contrary_of_the_majority():
    _, improver, client = coder_fleet()
    at = WAKE - timedelta(days=1)
    complaints(
        client,
        10,
        at=at,
        text="No idea what to clear away. Send a preparation checklist before the engineer visits.",
    )
    complaints(
        client,
        3,
        at=at - timedelta(hours=2),
        text="The engineer visits every year and I know the drill. Just text me the arrival time.",
    )
    ritual_run(improver=improver, period="w1", now=WAKE)
    proposal = Proposal.objects.get(status="pending")
    assert (
        "Send a preparation checklist before the engineer visits." in proposal.payload["proposed_directives"]
    )
    assert "arrival time" not in proposal.payload["proposed_directives"]


def test_a_minority_objecting_to_what_the_majoritys_items_are_about_is_its_rival():
    # its objection names words the majority's line does not hold; what both sides' items are
    # about ("the wedding", "weeks", "certain") is shared
    majority = Remedy(
        "Tell every applicant the timings are only the Home Office's targets.",
        10,
        10,
        ("observation:1",),
        about="visa decision eight week booked wedding reception target nobody promise certain",
    )
    few = Remedy(
        "Give a single number of weeks.",
        3,
        3,
        ("observation:2",),
        against="paragraph nothing certain",
        about="read caveat website paragraph nothing certain roughly week single number wedding",
    )
    change = proposed(PAGE, majority, few)
    assert "Tell every applicant the timings" in change.directives
    assert "single number" not in change.directives
    unrelated = Remedy(few.text, 3, 3, ("observation:2",), against=few.against, about="parking permit fine")
    assert "single number" in proposed(PAGE, majority, unrelated).directives


def test_a_minority_answering_a_line_under_test_waits_for_its_test():
    # the line its items are about is under test, asked in 12 sessions by items about the visit
    few = Remedy(
        "Give a single number of weeks.",
        3,
        3,
        ("observation:2",),
        against="paragraph nothing certain",
        about="read caveat website paragraph nothing certain roughly week single number wedding",
    )
    tested = "Tell every applicant the timings are only the Home Office's targets."
    about = "visa decision eight week booked wedding reception target nobody promise certain"
    waiting = proposed(PAGE, few, testing=((tested, 12, about),))
    assert waiting is None or "single number" not in waiting.directives
    assert "single number" in proposed(PAGE, few, testing=((tested, 12, "parking permit fine"),)).directives


@pytest.mark.usefixtures("clock")
def test_the_ritual_keeps_a_minority_answering_a_line_under_test_out_until_its_test_ends(clock):
    from tests.improver.test_line_memory import approve as approve_change
    from tests.improver.test_line_memory import fleet_of_six, wake

    clock.move_to(WAKE)
    improver, client, reviewer, _ = fleet_of_six()
    careful = "Send a preparation checklist before the engineer visits."
    said(
        client,
        10,
        f"The engineer turned up and the boiler cupboard was full of junk. {careful}",
        WAKE - timedelta(days=1),
    )
    wake(improver, "w1", WAKE)
    approve_change(reviewer, Proposal.objects.get(status="pending"))
    # a week on, while the checklist is under test, a few answer it in words of their own
    said(
        client,
        3,
        "I've had the boiler serviced here for years and I know to clear the junk out of the cupboard. "
        "Just text me the arrival time.",
        WAKE + timedelta(days=6),
        first=100,
    )
    clock.move_to(WAKE + timedelta(days=7))
    wake(improver, "w2", WAKE + timedelta(days=7))
    for pending in Proposal.objects.filter(status="pending"):
        assert "arrival time" not in pending.payload["proposed_directives"]
    notes = " ".join(EvolutionNote.objects.values_list("content", flat=True))
    assert "arrival time" in notes and "under test" in notes


def test_a_minority_answering_a_line_a_test_promoted_is_left_out_beside_it():
    from improver.services.ritual import served_support

    template, _, _ = coder_fleet()
    careful = "Send a preparation checklist before the engineer visits."
    about = "engineer turned boiler cupboard full junk send preparation checklist visit"
    for status, line in ((LineFactor.Status.PROMOTED, careful), (LineFactor.Status.ROLLED_BACK, ROTATE)):
        LineFactor.objects.create(
            template=template,
            levels=[
                {"add": [line], "targets": ["negative:general"], "addition": {"sessions": 12, "about": about}}
            ],
            share=0.5,
            status=status,
            promoted_level=1 if status == LineFactor.Status.PROMOTED else None,
            started_at=WAKE,
            decided_at=WAKE + timedelta(days=7),
        )
    directives = f"Greet the customer by name.\n{careful}\n{ROTATE}\n"
    support = served_support(template, directives)
    assert support == ((careful, 12, about),)  # what a test promoted, still served; not what it dropped
    few = Remedy(
        "Text the user the arrival time.",
        3,
        3,
        ("observation:2",),
        against="less: boiler serviced year know clear junk cupboard text arrival time",
        about="boiler serviced year know clear junk cupboard text arrival time",
    )
    change = proposed(directives, few, served_support=support)
    assert change is None or "arrival time" not in change.directives
    assert "arrival time" in proposed(directives, few).directives  # its support unknown


def test_a_reviewers_rule_is_no_minoritys_answer():
    # said in fewer sessions than the complaints, about the same patients and letters: the
    # reviewer states the house's rule, which is tested on its own
    complaints_line = Remedy(
        "Confirm you are speaking to the patient before discussing any appointment.",
        20,
        20,
        ("observation:1",),
        about="patient letter appointment treatment sleep clinic discussing",
    )
    rule = Remedy(
        "Any letter confirming sleep apnoea must include the DVLA paragraph.",
        4,
        4,
        ("decision:7",),
        against="less: letter sleep apnoea patient dvla paragraph drive",
        about="letter sleep apnoea patient dvla paragraph drive",
    )
    change = proposed(PAGE, complaints_line, rule)
    assert "DVLA paragraph" in change.directives and not change.conflicts
    said_by_few = Remedy(rule.text, 4, 4, ("observation:9",), against=rule.against, about=rule.about)
    assert "DVLA paragraph" not in proposed(PAGE, complaints_line, said_by_few).directives
