"""Sticky canary assignment: who runs a candidate is decided by a stable hash, once."""

from datetime import UTC, datetime, timedelta

import pytest

from fleet.arms import arm_hash, canary_pick, served_version_id

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def test_the_hash_is_stable_and_spreads_agents():
    assert arm_hash(7, 42) == arm_hash(7, 42)
    share = sum(arm_hash(agent, 42) < 0.2 for agent in range(10_000)) / 10_000
    assert 0.18 < share < 0.22


@pytest.mark.parametrize(
    ("agents", "share", "count"),
    [(8, 0.2, 1), (10, 0.2, 2), (3, 0.2, 1), (3, 0.5, 1), (5, 0.5, 2), (8, 0.5, 4), (1, 0.5, 1), (2, 0.9, 1)],
)
def test_the_canary_is_the_share_rounded_down_at_least_one_agent_and_at_most_half(agents, share, count):
    assert len(canary_pick(list(range(agents)), 5, share)) == count


def test_agents_assigned_whole_are_matched_in_blocks_of_the_given_order():
    """Agents ordered by their failure share: at one half, one of each consecutive pair runs the
    candidate, so the two arms hold agents alike; which one of the pair is the stable hash's."""
    ordered = [7, 3, 9, 1, 4, 8]
    picked = canary_pick(ordered, 5, 0.5)
    assert [len({a, b} & set(picked)) for a, b in zip(ordered[::2], ordered[1::2], strict=True)] == [1, 1, 1]
    assert picked == canary_pick(ordered, 5, 0.5)  # stable


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
