"""Session-level canary assignment: a read that names its session is assigned to an arm by a
stable hash of (agent, session, candidate), whatever the agent's own arm, and the assignment is
kept once (an exposure) so that every later read of that session gets the same version."""

from datetime import UTC, datetime

import pytest

from config.paginators import BoundedCountPaginator
from fleet.arms import served_version_id, session_hash
from fleet.documents import candidate_start, document_version_append, exposure_record
from fleet.models import Document, Exposure
from tests.conftest import FIXED_NOW
from tests.factories import AgentFactory, TemplateFactory, admin_list_read

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def served(agent_id: int, session_id: str | None, *, canary=(), share=0.3) -> int | None:
    return served_version_id(
        agent_id=agent_id,
        agent_created_at=T0,
        head_id=1,
        candidate_id=2,
        canary_agents=list(canary),
        share=share,
        since=T0,
        session_id=session_id,
    )


def test_the_session_hash_is_stable_and_in_the_unit_interval():
    assert session_hash(7, "s-1", 42) == session_hash(7, "s-1", 42)
    values = [session_hash(7, f"s-{n}", 42) for n in range(1000)]
    assert all(0 <= v < 1 for v in values)
    assert session_hash(7, "s-1", 42) != session_hash(8, "s-1", 42) != session_hash(7, "s-1", 43)


def test_sessions_split_near_the_share_whatever_the_agents_arm():
    sessions = [f"s-{n}" for n in range(10_000)]
    for canary in ((), (5,)):  # outside the canary, then in it: the session decides either way
        on_candidate = [s for s in sessions if served(5, s, canary=canary) == 2]
        assert 0.28 < len(on_candidate) / len(sessions) < 0.32
        assert on_candidate == [s for s in sessions if session_hash(5, s, 2) < 0.3]
    assert served(5, None, canary=(5,)) == 2 and served(5, None) == 1  # no session: the agent's arm
    assert (
        served_version_id(
            agent_id=5,
            agent_created_at=T0,
            head_id=1,
            candidate_id=None,
            canary_agents=[],
            share=0.3,
            since=None,
            session_id="s-1",
        )
        == 1
    )  # no candidate: every session runs the head


@pytest.fixture
def canary(db, clock):
    """A template whose v2 runs as a candidate for half the sessions, with one agent outside the
    agent-level canary."""
    template = TemplateFactory(slug="coder")
    agent, other = AgentFactory(name="alice", template=template), AgentFactory(name="bob", template=template)
    document = Document.objects.get(pk=template.document_id)
    head = document.head
    candidate = document_version_append(document=document, text="Be brief.\n", as_candidate=True)
    candidate_start(document=document, version=candidate, agent_ids=[other.pk], share=0.5, at=FIXED_NOW)
    return agent, Document.objects.get(pk=document.pk), head, candidate


def session_on(agent, candidate, arm: str) -> str:
    """The first session id the hash assigns to `arm` ("candidate" or "head") at share 0.5."""
    return next(
        key
        for key in (f"s-{n}" for n in range(100))
        if (session_hash(agent.pk, key, candidate.pk) < 0.5) == (arm == "candidate")
    )


def test_a_session_is_assigned_once_and_keeps_its_version_when_the_share_changes(canary):
    agent, document, head, candidate = canary
    key = session_on(agent, candidate, "candidate")
    assert exposure_record(agent=agent, session_key=key, document=document) == candidate.pk
    Document.objects.filter(pk=document.pk).update(candidate_share=0.0)  # nobody new gets it now
    document.refresh_from_db()
    assert exposure_record(agent=agent, session_key=key, document=document) == candidate.pk
    [exposure] = Exposure.objects.all()
    assert (exposure.agent, exposure.session_key, exposure.candidate, exposure.version) == (
        agent,
        key,
        candidate,
        candidate,
    )
    assert exposure.at == FIXED_NOW
    assert exposure_record(agent=agent, session_key="new", document=document) == head.pk


def test_a_concurrent_first_read_returns_the_version_the_other_stored(canary):
    agent, document, head, candidate = canary
    key = session_on(agent, candidate, "candidate")
    # another process assigned this session first (to the head, under an earlier share)
    Exposure.objects.create(agent=agent, session_key=key, candidate=candidate, version=head, at=FIXED_NOW)
    assert exposure_record(agent=agent, session_key=key, document=document) == head.pk
    assert Exposure.objects.count() == 1


def test_without_a_candidate_the_head_is_served_and_nothing_is_recorded(db):
    agent = AgentFactory(template=TemplateFactory(slug="plain"))
    document = Document.objects.get(pk=agent.template.document_id)
    assert exposure_record(agent=agent, session_key="s-1", document=document) == document.head_id
    assert not Exposure.objects.exists()


def test_the_exposure_list_is_read_only_and_never_counts_the_table(canary, monkeypatch):
    agent, document, _, _ = canary
    for n in range(8):
        exposure_record(agent=agent, session_key=f"listed-{n}", document=document)
    monkeypatch.setattr(BoundedCountPaginator, "LIMIT", 5)
    staff, page, reads = admin_list_read("/admin/fleet/exposure/", "fleet_exposure")
    assert page.status_code == 200
    assert not [sql for sql in reads if "COUNT(" in sql.upper()], reads
    text = page.content.decode()
    assert "listed-" in text and "alice" in text and "6 exposures" in text  # the bound, not the 8
    assert staff.get("/admin/fleet/exposure/add/").status_code == 403
    exposure = Exposure.objects.first()
    assert "Save" not in staff.get(f"/admin/fleet/exposure/{exposure.pk}/change/").content.decode()
