"""Remedies stated in negative feedback, grouped across sessions (pure).

Users and agents often say what would have helped: "Please cite the source for every number".
A sentence is a remedy only when it says what to do (an instruction, a request, an obligation of
the agent, a preference: `is_remedy`); a complaint is not one because it contains a word such as
"never" or "check". Remedies are grouped with their near-duplicates, and a group seen at
least `min_count` times across at least `min_sessions` sessions yields its most representative
sentence (the one most similar to the rest of its group).

Similarity is rapidfuzz's token-set ratio over the content words (stop words such as "please",
"you", "should", "always" removed, plurals folded). Measured on paraphrase sets of realistic
feedback: raw token-set ratio ≥ 70 joins 7 of 14 same-remedy pairs; over content words, ≥ 65
joins 14 of 14 and 0 of 77 pairs of different remedies.
"""

import re
from dataclasses import dataclass

from rapidfuzz import fuzz

THRESHOLD = 65
STOP_WORDS = """
a an the you your i me my we our us please should always never must to for of in on at be is are
was it its this that these those every each any before after again forgot do does did with without
first then and or but so just make sure can could would will
"""
STOP = frozenset(STOP_WORDS.split())
# What a remedy does, in the base form an instruction takes ("Cite …", "Never retry …").
VERB_WORDS = """
    add answer apologise apologize ask attach avoid begin book call cancel check choose cite clarify
    build close collect commit compare confirm consider continue copy correct create delete deploy
    describe double-check drop email end ensure escalate estimate explain fetch fill find finish flag
    focus follow format install merge print publish pull push upload download approve reject
    forward give group greet handle highlight hold identify include inform keep label lead limit link
    list log look lower make mark measure mention name note notify offer open pick point prefer
    prepare prioritise prioritize provide put quote raise re-run read recheck record refer refund
    remember remind remove repeat rephrase reply report request reread reset respond restart retry
    return review rewrite run save say schedule search select send set share shorten show sign skip
    sort speak spell split start state stay stick stop suggest summarise summarize switch take tell
    test thank track translate try update use validate verify wait warn write
"""
VERBS = frozenset(VERB_WORDS.split())
LEAD_IN = re.compile(
    r"^(?:(?:no|nope|actually|also|and|so|just|well|ok|okay|again|then|next time|in future|"
    r"in the future|from now on|going forward|always|kindly|please)\b[,:;]?\s+)+",
    re.I,
)
NEGATIVE = re.compile(r"^(?:don'?t|do not|never|stop|avoid)\s+(\S+)", re.I)
REQUEST = re.compile(r"^(?:can|could|would|will)\s+you\s+(?:please\s+)?(\S+)", re.I)
# the agent (not the user's parcel) as the subject of an obligation
OBLIGATION = re.compile(
    r"\b(?:you|the (?:agent|assistant|bot|support)|agents?|it|we)\s+(?:\w+\s+)?"
    r"(?:should|must|needs? to|ha(?:ve|s) to|ought to|had better)\b",
    re.I,
)
PREFERENCE = re.compile(
    r"\b(?:i'?d prefer|i would prefer|i prefer|it would help to|better to|instead of)\b", re.I
)


def _verb(word: str) -> bool:
    word = word.lower().strip(",.;:!?\"'")
    return word in VERBS or word.endswith(("ize", "ise", "ify"))


PAST_OR_STATIVE_WORDS = """
got went came did saw heard knew told said had was were received answered know understand think
like care get see why
"""
PAST_OR_STATIVE = frozenset(PAST_OR_STATIVE_WORDS.split())


def _instruction_after_never(word: str) -> bool:
    """After "never" or "don't" an instruction goes on with a verb in its base form ("Never push
    to main"), a complaint with a past or a stative one ("Never got a reply", "Don't know why")."""
    word = word.lower().strip(",.;:!?\"'")
    return _verb(word) or (word.isalpha() and not word.endswith("ed") and word not in PAST_OR_STATIVE)


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


def is_remedy(sentence: str) -> bool:
    """Whether the sentence says what to do: an instruction ("Cite the source …", "Never retry …",
    "Please keep it short"), a request ("Could you verify …?"), an obligation of the agent ("You
    should have asked …") or a stated preference. A complaint that merely contains such a word
    ("My parcel went to an address I never entered.", "How is it possible to change my address
    without any security check?") is not one."""
    if not 3 <= len(sentence.split()) <= 30:
        return False
    if sentence.rstrip().endswith("?"):
        request = REQUEST.match(sentence.strip())
        return bool(request and _verb(request.group(1)))
    rest = LEAD_IN.sub("", sentence.strip())
    negative = NEGATIVE.match(rest)
    return bool(
        (negative and _instruction_after_never(negative.group(1)))
        or _imperative(rest)
        or OBLIGATION.search(sentence)
        or PREFERENCE.search(sentence)
    )


def _imperative(text: str) -> bool:
    """The sentence opens with an instruction's verb (not a noun subject: "Check failed again")."""
    words = text.split()
    if len(words) < 2 or not _verb(words[0]):
        return False
    return words[1].lower() not in {
        "is",
        "was",
        "were",
        "failed",
        "went",
        "did",
        "has",
        "had",
        "broke",
        "took",
        "of",
    }


def similarity(a: str, b: str) -> float:
    return fuzz.token_set_ratio(content(a), content(b))


def group(
    said: list[Said], *, min_count: int = 3, min_sessions: int = 2, threshold: int = THRESHOLD
) -> list[Remedy]:
    """Groups of near-duplicate remedy sentences that recur; strongest first."""
    clusters: list[list[Said]] = []
    for item in said:
        for sentence in sentences(item.text):
            if not is_remedy(sentence):
                continue
            one = Said(sentence, item.session, item.source)
            home = next(
                (c for c in clusters if any(similarity(sentence, m.text) >= threshold for m in c)), None
            )
            if home is None:
                clusters.append([one])
            else:
                home.append(one)
    remedies = []
    for members in clusters:
        sessions = {m.session for m in members}
        if len(members) < min_count or len(sessions) < min_sessions:
            continue
        best = max(
            members,
            key=lambda m: (sum(similarity(m.text, o.text) for o in members), -len(m.text)),
        )
        text = re.sub(r"^(no|nope|actually|well)\b[,.!]?\s+", "", best.text, flags=re.I).rstrip(" .!;") + "."
        remedies.append(
            Remedy(text[0].upper() + text[1:], len(members), len(sessions), tuple(m.source for m in members))
        )
    return sorted(remedies, key=lambda r: (-r.count, r.text))
