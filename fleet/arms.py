"""Which version of a document an agent is served during a canary, pure.

Assignment is sticky: a stable hash of (agent, candidate version) decides, so an agent stays in
its arm for the whole rollout and two processes always agree.
"""

import hashlib
import math
from datetime import datetime


def arm_hash(agent_id: int, version_id: int) -> float:
    """A stable number in [0, 1) per (agent, version): who gets a candidate never changes."""
    digest = hashlib.sha256(f"{agent_id}:{version_id}".encode()).digest()
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
) -> int | None:
    """The version an agent runs: the candidate for its canary agents (and for that share of
    agents created after the canary started), the head for everyone else."""
    if candidate_id is None:
        return head_id
    if agent_id in canary_agents:
        return candidate_id
    joined_later = since is not None and agent_created_at is not None and agent_created_at > since
    return candidate_id if joined_later and arm_hash(agent_id, candidate_id) < share else head_id


def canary_pick(agent_ids: list[int], version_id: int, share: float) -> list[int]:
    """The agents that run a candidate: ceil(share × n), at least one, chosen by stable hash."""
    if not agent_ids:
        return []
    count = max(1, math.ceil(share * len(agent_ids) - 1e-9))
    return sorted(sorted(agent_ids, key=lambda a: arm_hash(a, version_id))[:count])
