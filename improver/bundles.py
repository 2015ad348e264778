"""Lines judged one by one where a bundle hid them, and lines that come back (pure).

A canary tests a version, not a line: when a version that added several lines is rolled back, the
harm may come from one of them only. A line of such a bundle is *cleared* for a trial on its own
when the rollback's last check shows, for each of its own targets, fewer sessions with that signal
on the candidate than on the champion, and no signal found significantly worse blames it — the
worse signal is none of its targets and its subject (the tool or kind after the colon,
"tool_failure:cite_sources" → "cite sources") is not named in the line. A cleared line is proposed
again alone, once, on the evidence that first proposed it.

Any other line a canary took back (rolled back, or aborted by a human) is not proposed again on
the evidence it was tried on. It *comes back* when new evidence asks for it again: the ritual's
remedies and chronic friction read from what arrived after its rollout ended (and within the
ritual's window) propose the same line. Then it is proposed alone, one such line per proposal, and
its reason says what happened to it before. The rule (`comes_back`):
- aborted (a human, or a head that moved, ended the canary) with no harm in sight: any new
  evidence the ritual would propose a line on; but a line tested on its own whose test saw it
  unlikely to lower its target (less than 80% likely) did not take its complaints away where it
  was served, and the same complaints going on are no new evidence: it comes back only when asked
  for in at least twice the sessions that first proposed it (a few users who want the opposite of
  a served line ask for theirs week after week);
- rolled back for harm, or aborted when its last check saw harm (a signal significantly worse,
  or a recommendation to abort: a signal likely past its margin, or its target likely worse):
  new evidence at least as large as what first proposed it — as many sessions, as many people
  and as much evidence as the proposal that put it in the canary recorded — since a canary
  already measured it doing harm.
A line a human rejected in a proposal never comes back.
"""

import re
from dataclasses import dataclass
from datetime import datetime
from statistics import NormalDist

from experiments.metrics import target_of
from improver.proposer import normalised
from language.contrary import contrary_to
from language.remedies import similarity

SAME_LINE = 80  # the same line in other words (as a withdrawn line is recognised)


def worse(last_check: dict) -> list[str]:
    """The signals the check found significantly worse on the candidate (interval above zero)."""
    return [metric for metric, ci in (last_check.get("intervals") or {}).items() if ci and ci[1] > 0]


def _rate(arm) -> float | None:
    sessions, showing = arm
    return showing / sessions if sessions else None


def improved(metric: str, last_check: dict) -> bool:
    arms = (last_check.get("arms") or {}).get(metric)
    if not arms:
        return False
    candidate, champion = _rate(arms["candidate"]), _rate(arms["champion"])
    return candidate is not None and champion is not None and candidate < champion


def blamed(addition: dict, metric: str) -> bool:
    subject = metric.split(":", 1)[1] if ":" in metric else ""
    words = normalised(re.sub(r"[_\-.]+", " ", subject))
    return metric in target_of(addition) or bool(
        words and words in normalised(re.sub(r"[_\-.]+", " ", addition["text"]))
    )


def cleared(additions: list[dict], last_check: dict) -> list[dict]:
    """The lines of a rolled-back bundle that deserve a trial alone (none for a single line)."""
    if len(additions) < 2:
        return []
    harms = worse(last_check)
    return [
        a
        for a in additions
        if all(improved(t, last_check) for t in target_of(a)) and not any(blamed(a, m) for m in harms)
    ]


def memory(
    rollbacks: list[tuple[list[dict], dict]], refused: list[list[dict]]
) -> tuple[list[str], list[dict]]:
    """(lines never proposed again, lines to try again alone) from the rolled-back versions'
    additions with their last checks and the additions a human rejected or aborted. A line is
    withdrawn when a human refused it, when a rollback blamed it, or when it was cleared but
    rolled back again; a line cleared once and never refused waits for its trial alone."""
    withdrawn: dict[str, None] = {}
    chances: dict[str, list[dict]] = {}
    for additions, last_check in rollbacks:
        spared = {a["text"] for a in cleared(additions, last_check)}
        for a in additions:
            if a["text"] in spared:
                chances.setdefault(a["text"], []).append(a)
            else:
                withdrawn[a["text"]] = None
    for additions in refused:
        withdrawn.update(dict.fromkeys(a["text"] for a in additions))
    for text, seen in chances.items():
        if len(seen) > 1:
            withdrawn[text] = None
    retry = [seen[0] for text, seen in chances.items() if text not in withdrawn]
    return list(withdrawn), retry


@dataclass(frozen=True)
class Ended:
    """A line a canary took back: the addition as its proposal recorded it (its evidence then),
    how the rollout ended (rolled_back or aborted), by whom, when, why, and the version tested."""

    addition: dict
    status: str
    version: int
    rollout: int
    decided_by: str
    started_at: datetime
    decided_at: datetime
    reason: str = ""
    alone: bool = False  # tested on its own (a line test, `rollout` its id), not in a version
    harmed: bool = False  # its last check saw harm (`harmed`), whoever ended it
    gain: float | None = None  # alone: how likely its last check saw its target lower (`gain`)


def same_line(a: str, b: str) -> bool:
    """The same line in the same or other words, never its opposite."""
    if normalised(a) == normalised(b):
        return True
    return similarity(a, b) >= SAME_LINE and not contrary_to(a, (b,))


def harmed(last_check: dict) -> bool:
    """Whether a test's last check saw harm: a signal significantly worse, or a recommendation
    to abort."""
    return bool(worse(last_check)) or (last_check.get("advice") or {}).get("action") == "abort"


def gain(check: dict) -> float | None:
    """How likely a line test's check saw the level's target lower where the line was served
    (flat prior, normal approximation on the interval of what it is judged on, as the
    recommendation reads it); None when the check holds no such interval."""
    judged = (check.get("judged_on") or [None])[0]
    seen = (check.get("intervals") or {}).get(judged)
    if not seen or len(seen) != 3 or None in seen or seen[2] <= seen[1]:
        return None
    diff, low, high = seen
    return NormalDist().cdf(-diff / ((high - low) / (2 * 1.96)))


# A line its own test saw less likely than this to lower its target did not take its complaints
# away where it was served: the same complaints going on are no new evidence for it.
RETRY_GAIN = 0.8


def comes_back(ended: Ended, sessions: int, people: int, evidence: int) -> bool:
    """Whether new evidence (its sessions, people and weight, as `improver.proposer.Addition`
    counts them) brings back a line a canary took back: any for a line aborted with no harm in
    sight, unless it was tested on its own and its test saw it unlikely to help (`RETRY_GAIN`):
    then only a turn, twice the sessions that first proposed it; for a line rolled back for harm
    or aborted on seeing it, at least as much of each as the evidence that first proposed it."""
    old = ended.addition
    if ended.alone and ended.gain is not None and ended.gain < RETRY_GAIN and not ended.harmed:
        return sessions >= 2 * max(old.get("sessions") or 0, 1)
    if ended.status != "rolled_back" and not ended.harmed:
        return True
    return (
        sessions >= (old.get("sessions") or 0)
        and people >= (old.get("people") or 0)
        and evidence >= (old.get("evidence") or 0)
    )


def before_words(ended: Ended) -> str:
    """What happened to a line before: "Proposed before in v7, aborted by alice on 2026-11-03
    after 9 days: no target significantly better"."""
    how = "rolled back" if ended.status == "rolled_back" else "aborted"
    who = "the canary test" if ended.decided_by in ("", "system") else ended.decided_by
    days = (ended.decided_at - ended.started_at).days
    after = f"{days} day{'s' if days != 1 else ''}" if days else "less than a day"
    why = ended.reason.strip().rstrip(".")
    where = f"tested on its own (line test {ended.rollout})" if ended.alone else f"in v{ended.version}"
    return f"Proposed before {where}, {how} by {who} on {ended.decided_at:%Y-%m-%d} after {after}" + (
        f": {why}" if why else ""
    )
