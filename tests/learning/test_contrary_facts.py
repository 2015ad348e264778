"""Two contrary facts are never served together: when corrections that say opposite things both
recur across a template's agents, the one more agents (then more sessions) stated is served and
the other waits, kept and shown in the admin; the waiting one is served once the stronger one is
retired, and waits again when it is restored. Corrections go through the ingest API and what is
served is read from the directives API, as agents read it."""

import pytest

from learning.models import LearnedFact
from tests.learning.test_fact_reach import _agents, _correct, _served

# One says stop running the linter, the other run it first: contrary on "linter", in other words.
MAJORITY = "No, stop running the linter, use the formatter instead."
MINORITY = "No, don't grow the diff, run the linter first."
SERVED_MAJORITY = "Stop running the linter, use the formatter instead."
SERVED_MINORITY = "Don't grow the diff, run the linter first."
NAMES = ("alice", "bob", "carol", "dave", "erin", "frank")


def _facts_learned(clients, majority_first: bool):
    """The majority stated by alice, bob and carol, the minority by dave and erin: both recur
    across two agents or more, so both reach the template; in either order."""
    by = dict(zip(NAMES, clients, strict=True))
    majority = [(by[n], MAJORITY, f"{n}-1") for n in ("alice", "bob", "carol")]
    minority = [(by[n], MINORITY, f"{n}-1") for n in ("dave", "erin")]
    for n, (client, text, session) in enumerate(
        majority + minority if majority_first else minority + majority
    ):
        _correct(client, n, text, session)
    strong = LearnedFact.objects.get(content=MAJORITY)
    weak = LearnedFact.objects.get(content=MINORITY)
    assert strong.reach == weak.reach == LearnedFact.Reach.TEMPLATE  # both recurred
    return strong, weak


def _reads_only(client, expected: str, left_out: str):
    facts, block = _served(client)
    assert expected in facts and left_out not in facts
    assert f"- {expected}" in block and left_out not in block


@pytest.mark.django_db
@pytest.mark.parametrize("majority_first", [True, False])
def test_of_two_contrary_template_wide_facts_only_the_one_with_more_support_is_served(majority_first):
    clients = _agents(*NAMES)
    strong, weak = _facts_learned(clients, majority_first)
    for client in clients:  # every agent, those who stated the minority too, and one who stated neither
        _reads_only(client, SERVED_MAJORITY, SERVED_MINORITY)
    weak.refresh_from_db()
    assert weak.status == LearnedFact.Status.ACTIVE and weak.waiting_on_id == strong.pk  # kept


@pytest.mark.django_db
def test_the_waiting_fact_is_served_when_the_majority_is_retired_in_the_admin_and_waits_again_on_restore(
    admin_client,
):
    clients = _agents(*NAMES)
    strong, weak = _facts_learned(clients, majority_first=True)
    page = admin_client.get("/admin/learning/learnedfact/").content.decode()
    assert f"waiting: contrary to fact #{strong.pk}, which has more support" in page
    page = admin_client.get(f"/admin/learning/learnedfact/{weak.pk}/change/").content.decode()
    assert f"waiting: contrary to fact #{strong.pk}, which has more support" in page

    changelist = "/admin/learning/learnedfact/"
    response = admin_client.post(changelist, {"action": "retire", "_selected_action": [strong.pk]})
    assert response.status_code == 302
    _reads_only(clients[-1], SERVED_MINORITY, SERVED_MAJORITY)
    weak.refresh_from_db()
    assert weak.waiting_on_id is None

    admin_client.post(changelist, {"action": "restore", "_selected_action": [strong.pk]})
    _reads_only(clients[-1], SERVED_MAJORITY, SERVED_MINORITY)


@pytest.mark.django_db
def test_a_fact_served_to_its_own_agent_gives_way_to_a_contrary_template_wide_one():
    clients = _agents(*NAMES)
    by = dict(zip(NAMES, clients, strict=True))
    for n, name in enumerate(("alice", "bob")):
        _correct(by[name], n, MAJORITY, f"{name}-1")
    _correct(by["dave"], 5, MINORITY, "dave-1")  # once: dave's own fact, not the template's
    assert LearnedFact.objects.get(content=MINORITY).reach == LearnedFact.Reach.AGENT
    _reads_only(by["dave"], SERVED_MAJORITY, SERVED_MINORITY)


@pytest.mark.django_db
def test_facts_that_are_not_contrary_are_both_served():
    clients = _agents(*NAMES)
    by = dict(zip(NAMES, clients, strict=True))
    # ("store timestamps in UTC" alone reads as one instance: "always" makes it a rule)
    utc, local = (
        "No, always store timestamps in UTC.",
        "No, show timestamps to users in their local time zone.",
    )
    for n, (name, text) in enumerate([("alice", utc), ("bob", utc), ("carol", local), ("dave", local)]):
        _correct(by[name], n, text, f"{name}-1")
    facts, block = _served(by["frank"])
    assert {"Always store timestamps in UTC.", "Show timestamps to users in their local time zone."} <= set(
        facts
    )
    assert "Always store timestamps in UTC." in block and "local time zone" in block
    assert not LearnedFact.objects.filter(waiting_on__isnull=False).exists()


@pytest.mark.django_db
def test_the_admin_says_a_fact_the_directives_contradict_is_left_out(admin_client):
    """Left out of every block beside a directive line saying the contrary, and the page says so."""
    from fleet.templates import template_version_create

    clients = _agents(*NAMES)
    for n, name in enumerate(("alice", "bob", "carol")):
        _correct(clients[n], n, MAJORITY, f"{name}-1")
    fact = LearnedFact.objects.get(content=MAJORITY)
    assert fact.reach == LearnedFact.Reach.TEMPLATE
    page = admin_client.get(f"/admin/learning/learnedfact/{fact.pk}/change/").content.decode()
    assert "served to every agent of the template" in page
    template_version_create(
        template=fact.template, directives="Always run the linter before the formatter.\n"
    )
    for url in ("/admin/learning/learnedfact/", f"/admin/learning/learnedfact/{fact.pk}/change/"):
        page = admin_client.get(url).content.decode()
        assert "left out: it repeats or contradicts a line of the template&#x27;s directives" in page
    facts, block = _served(clients[0])
    assert SERVED_MAJORITY not in facts and SERVED_MAJORITY not in block
