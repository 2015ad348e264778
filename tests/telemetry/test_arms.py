"""Sticky canary assignment: who runs a candidate is decided by a stable hash, once."""

from datetime import UTC, datetime, timedelta

from fleet.arms import arm_hash, canary_pick, served_version_id

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def test_the_hash_is_stable_and_spreads_agents():
    assert arm_hash(7, 42) == arm_hash(7, 42)
    share = sum(arm_hash(agent, 42) < 0.2 for agent in range(10_000)) / 10_000
    assert 0.18 < share < 0.22


def test_the_canary_is_the_share_rounded_up_and_at_least_one_agent():
    assert len(canary_pick(list(range(8)), 5, 0.2)) == 2  # ceil(1.6)
    assert len(canary_pick(list(range(3)), 5, 0.2)) == 1
    assert canary_pick(list(range(8)), 5, 0.2) == canary_pick(list(reversed(range(8))), 5, 0.2)


def arm(agent_id, created=T0, canary=(3,), share=0.2):
    return served_version_id(
        agent_id=agent_id,
        agent_created_at=created,
        head_id=1,
        candidate_id=2,
        canary_agents=list(canary),
        share=share,
        since=T0 + timedelta(days=1),
    )


def test_agents_keep_their_arm_and_later_agents_join_by_hash():
    assert [arm(3), arm(4)] == [2, 1]  # the canary agent, and an agent that existed before
    late = [a for a in range(100, 200) if arm(a, created=T0 + timedelta(days=2)) == 2]
    assert late == [a for a in range(100, 200) if arm_hash(a, 2) < 0.2]  # the same share, stable
    assert (
        served_version_id(
            agent_id=3,
            agent_created_at=T0,
            head_id=1,
            candidate_id=None,
            canary_agents=[3],
            share=0.2,
            since=None,
        )
        == 1
    )  # no candidate: everyone runs the head
