"""Remedies stated in negative feedback, grouped across sessions (pure).

Users and agents often say what would have helped: "Please cite the source for every number".
A sentence is a remedy only when it says what to do, read by its grammar (`improver.grammar`); a
complaint is not one because it contains a word such as "never" or "check". Remedies are grouped
with their near-duplicates, and a group seen at least `min_count` times across at least
`min_sessions` sessions yields its most representative sentence (the one most similar to the rest
of its group).

Similarity is rapidfuzz's token-set ratio over the content words (stop words such as "please",
"you", "should", "always" removed, plurals folded). Measured on paraphrase sets of realistic
feedback: raw token-set ratio ≥ 70 joins 7 of 14 same-remedy pairs; over content words, ≥ 65
joins 14 of 14 and 0 of 77 pairs of different remedies.
"""

import re
from dataclasses import dataclass

from rapidfuzz import fuzz, process

from improver.remedy_reading import is_remedy
from telemetry.corrections import is_instance

THRESHOLD = 65
STOP_WORDS = """
a an the you your i me my we our us please should always never must to for of in on at be is are
was it its this that these those every each any before after again forgot do does did with without
first then and or but so just make sure can could would will
"""
STOP = frozenset(STOP_WORDS.split())


@dataclass(frozen=True)
class Said:
    text: str
    session: str  # where it was said (a session id, or agent and day when there is none)
    source: str  # "observation:12", "correction:7" …


@dataclass(frozen=True)
class Remedy:
    text: str
    count: int
    sessions: int
    sources: tuple[str, ...]


def content(text: str) -> str:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return " ".join(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words if w not in STOP)


def sentences(text: str) -> list[str]:
    return [s.strip() for s in re.split(r"(?<=[.!?;])\s+|\n+", text) if s.strip()]


def similarity(a: str, b: str) -> float:
    return fuzz.token_set_ratio(content(a), content(b))


def group(
    said: list[Said], *, min_count: int = 3, min_sessions: int = 2, threshold: int = THRESHOLD
) -> list[Remedy]:
    """Groups of near-duplicate remedy sentences that recur; strongest first.

    A sentence said many times is read, and compared, once: the sentences are grouped by their
    content words, each distinct content joins the first group holding a content it matches, and
    the comparisons run in rapidfuzz's C loops (`process.extract`), so a week in which one remedy
    was said thousands of times costs a few comparisons, not millions."""
    said_as: dict[str, list[Said]] = {}  # content words → every sentence said with them, in order
    remedy: dict[str, bool] = {}
    for item in said:
        for sentence in sentences(item.text):
            if sentence not in remedy:  # not an instruction, or about one order, amount, host or person
                remedy[sentence] = is_remedy(sentence) and not is_instance(sentence)
            if remedy[sentence]:
                said_as.setdefault(content(sentence), []).append(Said(sentence, item.session, item.source))
    placed: list[str] = []  # every distinct content so far, and the group each joined
    home: list[int] = []
    groups: list[list[str]] = []
    for words in said_as:
        near = process.extract(
            words, placed, scorer=fuzz.token_set_ratio, processor=None, score_cutoff=threshold, limit=None
        )
        if near:
            index = min(home[i] for _, _, i in near)
        else:
            index = len(groups)
            groups.append([])
        groups[index].append(words)
        placed.append(words)
        home.append(index)
    remedies = []
    for contents in groups:
        members = [m for words in contents for m in said_as[words]]
        sessions = {m.session for m in members}
        if len(members) < min_count or len(sessions) < min_sessions:
            continue
        weight = [len(said_as[words]) for words in contents]
        closeness = {  # how near each content is to all the group's sentences
            words: sum(
                score * weight[i]
                for _, score, i in process.extract(
                    words, contents, scorer=fuzz.token_set_ratio, processor=None, limit=None
                )
            )
            for words in contents
        }
        best = max(members, key=lambda m: (closeness[content(m.text)], -len(m.text)))
        text = re.sub(r"^(no|nope|actually|well)\b[,.!]?\s+", "", best.text, flags=re.I).rstrip(" .!;") + "."
        remedies.append(
            Remedy(text[0].upper() + text[1:], len(members), len(sessions), tuple(m.source for m in members))
        )
    return sorted(remedies, key=lambda r: (-r.count, r.text))
