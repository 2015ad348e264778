"""Which version of a document an agent is served during a canary, pure.

Assignment is sticky and made by stable hashes, so two processes always agree. A read that names
its session is assigned per session: a hash of (agent, session, candidate version) decides, so
every agent runs both arms and is its own control. A read without one is assigned per agent: a
hash of (agent, candidate version) decides, and the agent stays in its arm for the whole rollout.
"""

import hashlib
import math
from datetime import datetime


def arm_hash(agent_id: int, version_id: int) -> float:
    """A stable number in [0, 1) per (agent, version): who gets a candidate never changes."""
    digest = hashlib.sha256(f"{agent_id}:{version_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def session_hash(agent_id: int, session_id: str, version_id: int) -> float:
    """A stable number in [0, 1) per (agent, session, version): which arm a session runs."""
    digest = hashlib.sha256(f"{agent_id}:{session_id}:{version_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def served_version_id(
    *,
    agent_id: int,
    agent_created_at: datetime | None,
    head_id: int | None,
    candidate_id: int | None,
    canary_agents: list[int],
    share: float,
    since: datetime | None,
    session_id: str | None = None,
) -> int | None:
    """The version an agent runs: the candidate for its canary agents (and for that share of
    agents created after the canary started), the head for everyone else.

    With `session_id`, the version that session runs: the candidate for a `share` of the
    sessions (by `session_hash`), the head for the others, whichever arm the agent is in."""
    if candidate_id is None:
        return head_id
    if session_id is not None:
        return candidate_id if session_hash(agent_id, session_id, candidate_id) < share else head_id
    if agent_id in canary_agents:
        return candidate_id
    joined_later = since is not None and agent_created_at is not None and agent_created_at > since
    return candidate_id if joined_later and arm_hash(agent_id, candidate_id) < share else head_id


def canary_pick(agent_ids: list[int], version_id: int, share: float) -> list[int]:
    """The agents that run a candidate when assignment is per agent: floor(share × n) of them (at
    least one, and never more than half of two or more), matched on the order of `agent_ids` (the
    caller orders them by their recent failure share). The ordered agents are cut into that many
    consecutive blocks of near-equal size and the stable hash picks one agent of each block, so
    the canary's agents and the champion's look alike before the change: at a share of one half,
    the agents are matched in pairs."""
    n = len(agent_ids)
    if not n:
        return []
    count = 1 if n == 1 else min(n // 2, max(1, math.floor(share * n + 1e-9)))
    picked, start = [], 0
    for block in range(count):
        size = n // count + (block < n % count)
        picked.append(min(agent_ids[start : start + size], key=lambda a: arm_hash(a, version_id)))
        start += size
    return sorted(picked)
