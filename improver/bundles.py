"""Lines judged one by one where a bundle hid them (pure).

A canary tests a version, not a line: when a version that added several lines is rolled back, the
harm may come from one of them only. A line of such a bundle is *cleared* for a trial on its own
when the rollback's last check shows, for each of its own targets, fewer sessions with that signal
on the candidate than on the champion, and no signal found significantly worse blames it — the
worse signal is none of its targets and its subject (the tool or kind after the colon,
"tool_failure:cite_sources" → "cite sources") is not named in the line. A cleared line is proposed
again alone, once; alone, a rollback blames it for good.
"""

import re

from improver.proposer import normalised
from improver.signals import target_of


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
