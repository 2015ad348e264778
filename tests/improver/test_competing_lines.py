"""Competing lines: two remedies for one problem ("Rotate the logs." and "Expand the volume." for a
disk that fills up) are never served together. The better supported is proposed and the other is
named beside it on the review page; a stronger newcomer takes a served competitor's place in one
change (a replacement), never beside it; lines for different problems are proposed as before,
even when their feedback falls in one category (a wrong figure and a wrong date are both accuracy)."""

from datetime import timedelta

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.test import Client
from rest_framework.test import APIClient

from experiments.models import Rollout
from fleet.services import agent_create
from governance.models import Proposal
from improver.competitors import Contender, competing, complementary, contest, outgrown
from improver.models import EvolutionNote
from improver.services.ritual import ritual_run
from tests.factories import approver
from tests.improver.helpers import WAKE, coder_fleet, observation

pytestmark = pytest.mark.django_db

ROTATE, EXPAND = "Rotate the logs.", "Expand the volume."
DISK = Contender(ROTATE, ("negative:general",), "disk filled up", sessions=6)
CITE, DATES = "Cite the source for every number.", "Check every date against the release calendar."
FIGURE, DATE = "The revenue figure was wrong.", "The release date was wrong."


@pytest.mark.parametrize(
    ("a", "b", "rivals"),
    [
        (DISK, Contender(EXPAND, ("negative:general",), "disk full", sessions=3), True),  # one problem
        (DISK, Contender(EXPAND, ("negative:general",), "summary too long verbose"), False),  # two
        (  # one tool failing one way, whatever the feedback said beside it
            Contender("Pull and rebase before pushing.", ("tool:git_push:REJECTED",)),
            Contender("Push to a branch and open a merge request.", ("tool:git_push:REJECTED",)),
            True,
        ),
        (  # "some failure" names no problem
            Contender("Cite the source for every number.", ("any_failure",)),
            Contender("Keep reports concise.", ("any_failure",)),
            False,
        ),
        (  # one says when, the other how: one remedy, both may be served
            Contender("When the disk is full, rotate the logs.", (), "disk filled up"),
            Contender("Rotate the logs with logrotate, keeping seven days.", (), "disk filled up"),
            False,
        ),
        (  # one feedback category, two problems: a wrong figure is not a wrong date
            Contender(CITE, ("negative:accuracy",), "revenue figure wrong", about="revenue figure"),
            Contender(DATES, ("negative:accuracy",), "release date wrong", about="release date"),
            False,
        ),
        (  # alike words of two things ("build failed", "deploy failed") are two problems
            Contender(ROTATE, (), "build failed", about="build"),
            Contender(EXPAND, (), "deploy failed", about="deploy"),
            False,
        ),
        (  # one thing said two ways ("the disk filled up", "the disk is full") is one problem
            Contender(ROTATE, (), "disk filled up", about="disk"),
            Contender(EXPAND, (), "disk full", about="disk"),
            True,
        ),
        (  # two remedies stated in the same feedback rows answer the same complaint
            Contender(CITE, ("negative:accuracy",), rows=frozenset({"observation:1", "observation:2"})),
            Contender(DATES, ("negative:accuracy",), rows=frozenset({"observation:2", "observation:3"})),
            True,
        ),
        (
            Contender(CITE, ("negative:accuracy",), rows=frozenset({"observation:1", "observation:2"})),
            Contender(DATES, ("negative:accuracy",), rows=frozenset({"observation:3", "observation:4"})),
            False,
        ),
    ],
)
def test_lines_compete_when_they_answer_one_problem_with_different_actions(a, b, rivals):
    assert bool(competing(a, b)) is rivals and bool(competing(b, a)) is rivals


def test_a_line_that_only_adds_to_another_complements_it():
    assert complementary("Rotate the logs.", "Rotate the logs every night.")
    assert not complementary("Rotate the logs.", "Expand the volume.")


def test_support_is_sessions_then_people_then_evidence_and_a_served_line_keeps_a_tie():
    many_people = Contender(EXPAND, ("tool:disk:FULL",), sessions=4, people=3, evidence=10)
    said_often = Contender(ROTATE, ("tool:disk:FULL",), sessions=4, people=1, evidence=90)
    kept, lost, replaced = contest([said_often, many_people], [])
    assert kept == [many_people] and [c.loser for c in lost] == [said_often] and not replaced
    served = Contender("Page the storage team.", ("tool:disk:FULL",), sessions=4, people=3, evidence=10)
    kept, lost, replaced = contest([many_people], [served])
    assert not kept and lost[0].winner == served and not replaced


@pytest.mark.parametrize(
    ("settled", "sessions", "outcome"),
    [
        (True, 4, "beside"),  # still asked for, in over half the sessions, once the rival reached all
        (True, 9, "beside"),  # more support than the served line: beside it, which proved itself
        (True, 2, "left out"),  # a minority's ask about the same thing stays a rival
        (False, 4, "left out"),  # the rival has not reached every session for a window yet
        (False, 9, "replaces"),
    ],
)
def test_a_newcomer_outgrows_a_served_rival_that_left_its_complaints_standing(settled, sessions, outcome):
    served = Contender(ROTATE, ("tool:disk:FULL",), sessions=6, served=True, settled=settled)
    newcomer = Contender(EXPAND, ("tool:disk:FULL",), sessions=sessions)
    kept, lost, replaced = contest([newcomer], [served])
    found = "replaces" if replaced else "beside" if kept else "left out"
    assert found == outcome and outgrown(newcomer, served) == (outcome == "beside")


def test_on_equal_support_the_line_that_says_more_is_proposed_whichever_comes_first():
    rows = frozenset({"observation:1", "observation:2", "observation:3"})
    terse = Contender(
        "Metric only again.", ("negative:general",), sessions=3, people=3, evidence=3, rows=rows
    )
    full = Contender("Give every measurement in metric units too.", ("negative:general",), sessions=3,
                     people=3, evidence=3, rows=rows)  # fmt: skip
    for order in ([terse, full], [full, terse]):
        kept, lost, _ = contest(order, [])
        assert kept == [full] and [c.loser for c in lost] == [terse]


def test_on_equal_support_a_line_that_instructs_comes_before_a_longer_description():
    rows = frozenset({"observation:1", "observation:2", "observation:3"})
    described = Contender("The reminders at 11pm the night before are keeping the whole house awake.",
                          ("negative:general",), sessions=3, people=3, evidence=3, rows=rows)  # fmt: skip
    asked = Contender(
        "Send them by 7pm the evening before.",
        ("negative:general",),
        sessions=3,
        people=3,
        evidence=3,
        rows=rows,
    )
    for order in ([described, asked], [asked, described]):
        kept, lost, _ = contest(order, [])
        assert kept == [asked] and [c.loser for c in lost] == [described]


def said(client, n: int, text: str, at, first: int = 0) -> None:
    """`n` complaints, each in a session of its own (numbered from `first`)."""
    batch = [
        observation(i, text, at, sentiment="negative", category="complaint", session_id=f"s{i}")
        for i in range(first, first + n)
    ]
    response = client.post("/api/v1/ingest", {"batch": batch}, format="json")
    assert all(r["status"] == 201 for r in response.json()["results"]), response.json()


def approve(proposal) -> None:
    reviewer = APIClient()
    reviewer.force_authenticate(approver())
    response = reviewer.post(f"/api/v1/proposals/{proposal.pk}/approve", {"rating": 4}, format="json")
    assert response.status_code == 200, response.json()


def served(client) -> str:
    response = client.get("/api/v1/agents/me/directives")
    assert response.status_code == 200, response.json()
    return response.json()["prompt_block"]


def review_page(proposal) -> str:
    admin = Client()
    admin.force_login(get_user_model().objects.create_superuser("root", "root@example.com", "pw"))
    return admin.get(f"/admin/governance/proposal/{proposal.pk}/change/").content.decode()


def test_two_remedies_for_a_full_disk_propose_one_and_name_the_other_as_its_competitor():
    _, improver, client = coder_fleet()
    at = WAKE - timedelta(days=1)
    said(client, 6, f"The disk filled up again. {ROTATE}", at)
    said(client, 3, f"The disk is full again. {EXPAND}", at - timedelta(hours=2), first=20)
    ritual_run(improver=improver, period="w1", now=WAKE)

    proposal = Proposal.objects.get(status="pending")
    assert ROTATE in proposal.payload["proposed_directives"]
    assert EXPAND not in proposal.payload["proposed_directives"]
    assert [a["text"] for a in proposal.payload["additions"]] == [ROTATE]
    [rival] = proposal.payload["competitors"]
    assert (rival["line"], rival["sessions"], rival["against"], rival["against_sessions"]) == (
        EXPAND,
        3,
        ROTATE,
        6,
    )
    assert not rival["served"] and "disk" in rival["addresses"]
    assert EXPAND not in proposal.rationale.split("Leaves out")[0]
    # should a human reject the winner, the runner-up is what the refinement proposes instead
    assert proposal.payload["alternatives"][0]["text"] == EXPAND
    page = review_page(proposal)
    assert "Competing lines" in page
    assert f"competes with: {EXPAND} — 3 sessions" in page

    approve(proposal)
    block = served(client)
    assert ROTATE in block and EXPAND not in block


def rotate_served(sessions: int):
    """ROTATE asked in `sessions` sessions the day before the wake, proposed and approved at
    the wake: (the improver, the agent's client)."""
    _, improver, client = coder_fleet()
    said(client, sessions, f"The disk filled up again. {ROTATE}", WAKE - timedelta(days=1))
    ritual_run(improver=improver, period="w1", now=WAKE)
    with time_machine.travel(WAKE, tick=False):
        approve(Proposal.objects.get(status="pending"))
    return improver, client


def expand_asked_later(improver, client, sessions: int, days: int = 7):
    """EXPAND asked in `sessions` sessions the day before a ritual run `days` after the wake (a
    week: ROTATE has reached every session for the whole window; fewer: it has not)."""
    later = WAKE + timedelta(days=days)
    said(client, sessions, f"The disk is full again. {EXPAND}", later - timedelta(days=1), first=40)
    return ritual_run(improver=improver, period="w2", now=later)


def test_a_stronger_newcomer_replaces_its_served_competitor_in_one_change():
    improver, client = rotate_served(3)
    assert ROTATE in served(client)

    expand_asked_later(improver, client, 6, days=3)  # ROTATE served for less than the window

    proposal = Proposal.objects.get(status="pending")
    directives = proposal.payload["proposed_directives"]
    assert EXPAND in directives and ROTATE not in directives
    assert [a["text"] for a in proposal.payload["additions"]] == [EXPAND]
    [replaced] = [r for r in proposal.payload["removals"] if r["action"] == "replace"]
    assert (replaced["text"], replaced["into"]) == (ROTATE, EXPAND)
    assert "Replaces:" in proposal.rationale
    page = review_page(proposal)
    assert f"replaced by &#x27;{EXPAND}&#x27;" in page

    approve(proposal)
    block = served(client)
    assert EXPAND in block and ROTATE not in block


@pytest.mark.parametrize(("asked", "sessions", "days"), [(6, 3, 3), (7, 3, 7)])
def test_a_weaker_newcomer_is_left_out_beside_its_served_competitor(asked, sessions, days):
    """Before its rival has reached every session for a window, or asked for by a minority (under
    half the sessions that asked for the served line) after it has."""
    improver, client = rotate_served(asked)

    run = expand_asked_later(improver, client, sessions, days=days)

    assert run.outcome == "noop" and not Proposal.objects.filter(status="pending").exists()
    [note] = EvolutionNote.objects.filter(content__startswith="Competing lines")
    assert (
        f"'{EXPAND}' ({sessions} sessions) is left out for '{ROTATE}' ({asked} sessions, served now)"
        in note.content
    )
    block = served(client)
    assert ROTATE in block and EXPAND not in block


def test_a_rival_still_asked_for_once_the_served_line_reached_everyone_is_proposed_beside_it():
    """ROTATE has reached every session for a whole week and the disk is still full: four sessions
    ask to expand the volume (six asked to rotate the logs). Rotating did not take those
    complaints away, so expanding is no alternative to it: it is proposed on its own, beside it,
    and ROTATE stays."""
    improver, client = rotate_served(6)

    run = expand_asked_later(improver, client, 4)

    assert run.outcome == "proposed"
    proposal = Proposal.objects.get(status="pending")
    assert [a["text"] for a in proposal.payload["additions"]] == [EXPAND]
    assert ROTATE in proposal.payload["proposed_directives"]
    assert not [r for r in proposal.payload["removals"] if r["action"] == "replace"]
    [note] = EvolutionNote.objects.filter(content__startswith="Competing lines")
    assert f"'{EXPAND}' is proposed beside '{ROTATE}', not in its place" in note.content
    assert "4 sessions still ask for this one (it was asked for in 6)" in note.content
    approve(proposal)
    block = served(client)
    assert ROTATE in block and EXPAND in block


def test_lines_for_different_problems_are_both_proposed_as_before():
    _, improver, client = coder_fleet()
    at = WAKE - timedelta(days=1)
    concise = "Keep reports concise: lead with the result."
    cite = "Cite the source for every number."
    said(client, 4, f"The summary was too long and verbose. {concise}", at)
    said(client, 3, f"The revenue figure was wrong. {cite}", at - timedelta(hours=2), first=20)
    ritual_run(improver=improver, period="w1", now=WAKE)

    proposal = Proposal.objects.get(status="pending")
    assert {a["text"] for a in proposal.payload["additions"]} == {concise, cite}
    assert proposal.payload["competitors"] == []


def test_a_replacement_is_canaried_against_the_line_it_replaces():
    improver, client = rotate_served(3)  # one agent: the head moves for everyone
    agent_create(name="coder-2", template_slug="coder")

    expand_asked_later(improver, client, 6, days=3)
    proposal = Proposal.objects.get(status="pending")
    approve(proposal)

    rollout = Rollout.objects.get(proposal=proposal)
    assert ROTATE in rollout.champion.text and EXPAND not in rollout.champion.text
    assert EXPAND in rollout.candidate.text and ROTATE not in rollout.candidate.text
    assert (
        rollout.targets[: len(proposal.payload["additions"][0]["target"])]
        == (proposal.payload["additions"][0]["target"])
    )


def test_remedies_for_two_problems_of_one_feedback_category_are_both_proposed():
    _, improver, client = coder_fleet()
    at = WAKE - timedelta(days=1)
    said(client, 4, f"{FIGURE} {CITE}", at)
    said(client, 3, f"{DATE} {DATES}", at - timedelta(hours=2), first=20)
    ritual_run(improver=improver, period="w1", now=WAKE)

    proposal = Proposal.objects.get(status="pending")
    # each targets the complaints about the thing it acts on, then the category both fall in
    assert {a["text"]: tuple(a["target"]) for a in proposal.payload["additions"]} == {
        CITE: ("negative:about:source", "negative:accuracy"),
        DATES: ("negative:about:date", "negative:accuracy"),
    }
    assert proposal.payload["competitors"] == []
    assert "Competing lines" not in review_page(proposal)


def test_a_remedy_for_another_problem_of_a_served_lines_category_is_proposed_beside_it():
    _, improver, client = coder_fleet()
    said(client, 6, f"{FIGURE} {CITE}", WAKE - timedelta(days=1))
    ritual_run(improver=improver, period="w1", now=WAKE)
    approve(Proposal.objects.get(status="pending"))
    later = WAKE + timedelta(days=7)
    said(client, 3, f"{DATE} {DATES}", later - timedelta(days=1), first=40)

    run = ritual_run(improver=improver, period="w2", now=later)

    assert run.outcome == "proposed", run.detail
    proposal = Proposal.objects.get(status="pending")
    assert [a["text"] for a in proposal.payload["additions"]] == [DATES]
    assert proposal.payload["removals"] == [] and proposal.payload["competitors"] == []
    approve(proposal)
    block = served(client)
    assert CITE in block and DATES in block


def test_two_asks_said_together_in_each_complaint_are_one_line_in_the_order_said():
    # what to stop and what to do instead, sent together complaint after complaint: one request,
    # which either line alone would serve half of
    _, improver, client = coder_fleet()
    said(client, 4, f"The report was wrong. {CITE} Recompute every total by hand.", WAKE - timedelta(days=1))
    ritual_run(improver=improver, period="w1", now=WAKE)

    proposal = Proposal.objects.get(status="pending")
    assert [a["text"] for a in proposal.payload["additions"]] == [f"{CITE} Recompute every total by hand."]
    assert not proposal.payload.get("competitors")


def test_two_asks_said_apart_stay_two_lines():
    _, improver, client = coder_fleet()
    at = WAKE - timedelta(days=1)
    said(client, 4, f"{FIGURE} {CITE}", at)
    said(client, 4, f"{DATE} {DATES}", at, first=10)
    said(client, 1, f"{FIGURE} {CITE} {DATES}", at, first=20)
    ritual_run(improver=improver, period="w1", now=WAKE)

    texts = {a["text"] for a in Proposal.objects.get(status="pending").payload["additions"]}
    assert texts == {CITE, DATES}


@pytest.mark.parametrize(
    ("named", "target", "why"),
    [
        # most complaints behind the other line name the thing this one acts on: two asks about it
        (
            {"margin", "judgement"},
            ("negative:about:margin", "negative:communication"),
            "complaints about the margin",
        ),
        # the same complaints name other things only: two problems, both may be served
        ({"invoice", "line"}, ("negative:about:margin", "negative:communication"), ""),
        # a category is no thing: lines sharing one are no rivals
        ({"margin"}, ("negative:communication",), ""),
    ],
)
def test_lines_acting_on_a_thing_the_others_complaints_name_compete(named, target, why):
    flag = Contender("Flag unclear margins back to the dentist before milling.", target)
    mill = Contender("Use your judgement and mill it.", ("negative:about:judgement",), named=frozenset(named))
    assert competing(flag, mill) == why and competing(mill, flag) == why


LUNCH = "Stop ringing patients to reschedule over lunch."
INTERPRETER = "Book the interpreter at the same time as the appointment for patients who need one."


def test_a_remedy_targets_the_thing_its_complaints_name_that_the_template_s_others_do_not():
    # every complaint at this clinic names patients: the two remedies are about lunch and the
    # interpreter, and neither stands in for the other
    _, improver, client = coder_fleet()
    at = WAKE - timedelta(days=1)
    said(client, 6, f"Patients keep getting calls over their lunch break. {LUNCH}", at)
    said(client, 4, f"A patient turned up and no interpreter was there. {INTERPRETER}", at, first=20)
    ritual_run(improver=improver, period="w1", now=WAKE)

    proposal = Proposal.objects.get(status="pending")
    assert {a["text"]: a["target"][0] for a in proposal.payload["additions"]} == {
        LUNCH: "negative:about:lunch",
        INTERPRETER: "negative:about:interpreter",
    }
    assert proposal.payload["competitors"] == []


def test_a_newcomer_competing_with_a_line_another_newcomer_replaces_is_left_out_for_it():
    # the replaced line is still served to the sessions its replacement is not drawn for
    rotate = Contender(ROTATE, rows=frozenset({"observation:1", "observation:2"}), sessions=2, served=True)
    expand = Contender(EXPAND, rows=frozenset({"observation:2", "observation:3"}), sessions=9)
    backups = Contender(
        "Delete old backups nightly.", rows=frozenset({"observation:1", "observation:5"}), sessions=5
    )
    kept, lost, replaced = contest([backups, expand], [rotate])
    assert kept == [expand]
    assert [(c.loser, c.winner) for c in replaced] == [(rotate, expand)]
    assert [(c.loser, c.winner) for c in lost] == [(backups, rotate)]


@pytest.mark.parametrize(
    ("apart", "weaker", "both"),
    [
        (True, 4, True),  # lines tested one by one, comparable support: each tested on its own
        (True, 2, False),  # a minority's ask about the same thing stays a rival
        (False, 4, False),  # one version canary: it could not tell which of the two helped
    ],
)
def test_rivals_of_comparable_support_are_both_proposed_when_lines_are_tested_one_by_one(apart, weaker, both):
    rotate = Contender(ROTATE, ("tool:disk:FULL",), sessions=6)
    expand = Contender(EXPAND, ("tool:disk:FULL",), sessions=weaker)
    kept, lost, _ = contest([rotate, expand], [], apart)
    assert kept == ([rotate, expand] if both else [rotate]) and bool(lost) != both


def test_two_remedies_for_a_full_disk_are_both_tested_where_reads_name_their_sessions(clock):
    clock.move_to(WAKE)
    _, improver, client = coder_fleet()
    agent_create(name="coder-2", template_slug="coder")
    assert client.get("/api/v1/agents/me/directives", {"session_id": "first"}).status_code == 200
    at = WAKE - timedelta(days=1)
    said(client, 6, f"The disk filled up again. {ROTATE}", at)
    said(client, 4, f"The disk is full again. {EXPAND}", at - timedelta(hours=2), first=20)

    ritual_run(improver=improver, period="w1", now=WAKE)

    proposal = Proposal.objects.get(status="pending")
    assert [a["text"] for a in proposal.payload["additions"]] == [ROTATE, EXPAND]
    assert proposal.payload["competitors"] == []


def test_a_remedy_naming_none_of_what_its_complaints_name_targets_what_they_name():
    # "Always ring the day before." names no thing: the complaints it answers name the skips, and
    # a target of every complaint of its category would dilute its effect past proving
    _, improver, client = coder_fleet()
    at = WAKE - timedelta(days=1)
    said(client, 6, "Our skip collections keep getting missed. Always ring the day before.", at)
    ritual_run(improver=improver, period="w1", now=WAKE)

    proposal = Proposal.objects.get(status="pending")
    [addition] = proposal.payload["additions"]
    assert addition["target"][0] == "negative:about:skip", addition["target"]
