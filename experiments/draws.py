"""Which of a factor's levels a session is served, and the directives that makes (pure).

The draw is a stable hash of (factor, agent, session), so every process agrees and each factor's
draw is independent of every other's: one session carries a random subset of the lines under
test, and each line's effect is read from all sessions at once (with it against without it, within
each agent).
"""

import hashlib


def unit(factor_id: int, agent_id: int, session_key: str) -> float:
    """A stable number in [0, 1) per (factor, agent, session)."""
    digest = hashlib.sha256(f"line:{factor_id}:{agent_id}:{session_key}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def level_of(u: float, share: float, levels: int, dropped=()) -> int:
    """The level (1-based) a session with draw `u` is served, or 0 for none: level k for draws in
    [(k−1)·share, k·share). A level that was rolled back serves none, so the other levels' draws
    never move."""
    if share <= 0:
        return 0
    level = int(u // share) + 1
    return level if level <= levels and level not in dropped else 0


def served_text(head: str, changes: list[dict]) -> str:
    """`head` with each change applied: its removed lines taken out, its added lines appended
    (once: a line already there is not served twice)."""
    removed = {line.strip() for change in changes for line in change.get("remove", ())}
    lines = [line for line in head.rstrip("\n").split("\n") if line.strip() not in removed]
    present = {line.strip() for line in lines}
    for change in changes:
        for line in change.get("add", ()):
            if line.strip() not in present:
                lines.append(line)
                present.add(line.strip())
    return "\n".join(lines).strip("\n") + "\n"
