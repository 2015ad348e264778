"""Whether a sentence of feedback says what to do (pure).

A remedy tells the agent what to do or not to do from now on, however it is phrased: an
imperative ("Post a status update every 30 minutes"), "Let's …", an instruction after praise or a
story ("Nice summary, but next time put the totals first"), a polite or indirect form ("It would
be wiser to …", "We need you to …"), a rule of the work in the plain present ("Returns over 30
days go to a supervisor"), a clause before the imperative ("When a refund fails, page the
on-call"). A complaint, a description of what went wrong ("Invoice shows the old address"), a
story, a question, praise or venting at the agent ("Leave me alone") is not one. A need of the
speaker's that says what would help ("We need the invoice by the 3rd so payroll can run") is one
(language.needs). A request said without a bare imperative — a polite question, a wish that things
had gone otherwise, a rule of the work, a noun phrase with "please" — is read by its form first
(language.request_forms), and so is a question that only asks to be told about one event, which is
none. So are a noun phrase with a
limit's mark ("Two approvals per release PR"), a remedy, and one that counts what went wrong
("Nine hours in Frankfurt and no hotel"), none (language.noun_phrases), and an imperative that
names nothing to do ("Get it right.", "Seriously, do better."), venting (language.empty_asks).

Whatever the form leaves undecided (by_form) is described by features — the grammar's readings
of the whole sentence and of each clause (language.grammar), the part of speech its first words
can take, the persons it names, the marks of a failure told as it happens (language.happenings)
and of a rule said as a fragment (language.fragments), its words — and a logistic regression
fitted on the labelled feedback of the training domains that the form leaves undecided weighs them
(remedy_weights.json, written by bench/train_language.py).
"""

import re
from pathlib import Path

from language import grammar
from language.empty_asks import empty_ask
from language.fragments import fragment_marks
from language.happenings import happening_marks
from language.linear_model import load
from language.needs import stated_need
from language.noun_phrases import limit, tally
from language.noun_rules import count_alone
from language.remedy_shapes import TURNED_UP, WHEN_WE_DID, kind_narrowed, shapes
from language.request_forms import asks_information, request

WEIGHTS = Path(__file__).with_name("remedy_weights.json")
CLAUSE_BREAK = re.compile(
    r"[,;:—–]|\s-\s|\.\s|\b(?:but|so|and then|then|though|however|instead|otherwise|pls|plz|please)\b", re.I
)
SPEAKER = {
    "i": "first",
    "i'm": "first",
    "i've": "first",
    "me": "first",
    "my": "first",
    "we": "we",
    "our": "we",
}
SPEAKER |= {"us": "we", "let's": "lets", "lets": "lets", "you": "you", "your": "you", "you're": "you"}


def _tokens(text: str) -> list[str]:
    return [w for w in (grammar._word(t) for t in text.split()) if w]


def _kind(word: str) -> str:
    """The part of speech a word can take, as far as the lexicon knows."""
    if word in grammar.AUXILIARIES:
        return "aux"
    if grammar.closed(word):
        return "closed"
    if word in grammar.ADVERBS:
        return "adverb"
    if grammar.past(word):
        return "past"
    lemmas = grammar._lemmas(word)
    if grammar.base_verb(word):
        return "verb-noun" if "NOUN" in lemmas else "verb"
    if "NOUN" in lemmas:
        return "noun-s" if word.endswith("s") else "noun"
    if "ADJ" in lemmas:
        return "adjective"
    return "other"


def _clause_features(clause: str, position: str, features: dict) -> None:
    words = _tokens(clause)
    if not words:
        return
    features[f"{position}:kind:{_kind(words[0])}"] = 1.0
    if len(words) > 1:
        features[f"{position}:kind2:{_kind(words[0])}>{_kind(words[1])}"] = 1.0
    # "…, email and app": an item of a list the comma broke off, not a verb and its object
    listed = len(words) > 2 and words[1] in {"and", "or"} and "VERB" not in grammar._lemmas(words[2])
    if not listed and grammar.imperative(grammar.lead_in_off(clause)):
        features[f"{position}:imperative"] = 1.0
        features["any:imperative"] = 1.0
    banned = grammar.PROHIBITION.match(grammar.lead_in_off(clause))
    if banned and grammar.prohibition(banned.group(1).split()[0], banned.group(2)):
        features["any:prohibition"] = 1.0


def _mark_features(text: str, features: dict) -> None:
    """The sentence's shapes, and the marks of a failure told as it happens or of a rule said as
    a fragment."""
    for shape in shapes(text):
        features[f"shape:{shape}"] = 1.0
    for mark in happening_marks(text):
        features[f"happening:{mark}"] = 1.0
    for mark in fragment_marks(text):
        features[f"fragment:{mark}"] = 1.0


def remedy_features(sentence: str) -> dict[str, float]:
    text = sentence.strip().replace("’", "'")
    words = _tokens(text)
    features: dict[str, float] = {}
    if grammar.by_rule(text):
        features["rule:remedy"] = 1.0
    for name, pattern in (
        ("obligation", grammar.OBLIGATION),
        ("rule", grammar.RULE),
        ("preference", grammar.PREFERENCE),
        ("request", grammar.REQUEST),
    ):
        if pattern.search(text):
            features[f"rule:{name}"] = 1.0
    if text.endswith("?"):
        features["end:?"] = 1.0
    _mark_features(text, features)
    n = len(words)
    features[f"length:{'1-3' if n <= 3 else '4-8' if n <= 8 else '9-16' if n <= 16 else '17+'}"] = 1.0
    clauses = [c for c in CLAUSE_BREAK.split(text) if c and c.strip()]
    for i, clause in enumerate(clauses):
        _clause_features(clause, "first" if i == 0 else "later", features)
    if words:
        features[f"w1:{words[0]}"] = 1.0
        if len(words) > 1:
            features[f"w12:{words[0]} {words[1]}"] = 1.0
    words = [re.sub(r"^\d[\d,.:']*$", "#", w) for w in words]  # a number weighs as a number
    for a, b in zip(words, words[1:], strict=False):
        features[f"bi:{a} {b}"] = 1.0
    asked = "first:imperative" in features  # "Text me when …": the speaker as whom the act is for
    for word in words:
        features[f"w:{word}"] = 1.0
        if word in SPEAKER:
            features[f"person:{SPEAKER[word]}" + (":asked" if asked else "")] = 1.0
    return features


# Who wrote it, at the end of an item: "Okafor, Transport Team Lead", "Thanks, Gill (Ops Manager)",
# "Cheers - Tomasz": a name, a role, a thanks; every word capitalised, with a comma, a bracket or
# a thanks between them (not "Use BCC").
NAME = r"(?:[A-Z]\.\s*)*[A-Z][\w'-]*"
SIGN_OFF = re.compile(
    rf"^(?:(?:thanks|thank you|many thanks|cheers|regards|best|ta)\b[\s,!.-]*)?{NAME}(?:\s+{NAME})*"
    rf"(?:\s*(?:,|\(|\s[-–—])\s*{NAME}(?:\s+(?:&\s+|of\s+|and\s+)?{NAME})*\)?)[.!]?$"
    rf"|^(?:thanks|thank you|many thanks|cheers|regards|best|ta)\b[\s,!.-]*{NAME}(?:\s+{NAME})*[.!]?$",
    re.I,
)


# A thanks said alone, before or instead of a name: "Thank you!", "Thanks so much all."
THANKS = re.compile(
    r"^(?:thanks|thank you|many thanks|cheers|ta)"
    r"(?:\s+(?:so much|very much|a lot|all|again|team|guys|everyone|in advance))*[\s,!.]*$",
    re.I,
)


# A thanks for something, one clause and nothing more: "Thank you for the draft newsletter."
THANKS_FOR = re.compile(
    r"^(?:thanks|thank you|many thanks)(?:\s+(?:so|very)\s+much)?\s+for\s+[^,;:!?—–]+[.!]*$", re.I
)


# A reviewer's verdict on the draft, said alone: "Cannot approve.", "Not approved.", "Sending
# this back."
VERDICT = re.compile(
    r"^(?:(?:i|we)\s+)?(?:cannot|can'?t|can\s+not|won'?t|will\s+not)\s+(?:approve|accept|pass|sign)\b[^,;:]*[.!]*$"
    r"|^(?:not\s+approved|rejected|declined|sending\s+(?:(?:this|it)\s+)?back)\b[^,;:]*[.!]*$"
    r"|^(?:[\w'/-]+\s+){1,2}(?:rejected|declined|returned|not\s+approved)[.!]*$",  # "Rota rejected."
    re.I,
)


# A remark on what was asked before it: "Surely that's how every group order should come."
# Where someone should never have been: "But she should never have been on it." (a regret, no ask);
# what the speaker now has to do: "Fine, but now I have to go back up a ladder …" (what it cost them).
WHERE_NOT = re.compile(
    r"^(?:(?:but|and|so)\s+)?(?:she|he|they|it|we|i)\s+(?:should|shouldn't|should\s+not)\s+(?:never\s+)?"
    r"have\s+been\s+(?:on|in|at|there|here|near|anywhere)\b"
    r"|^(?:(?:fine|ok|okay|right|so|and|fair\s+enough)[,\s]+)*(?:but\s+)?(?:now\s+)?(?:i|we)\s+(?:now\s+)?"
    r"(?:have|had|'ve\s+(?:got|had))\s+to\b",
    re.I,
)
REMARK_BACK = re.compile(
    r"^(?:(?:surely|so|and|but|honestly|because)\s+)?(?:that'?s|that\s+is|this\s+is)\s+(?:how|what|why)\b",
    re.I,
)


# "Jess here.", "Tom from accounts here": who is writing, said before what they write.
SIGN_IN = re.compile(
    rf"^(?-i:{NAME})(?:\s+(?-i:{NAME}))?(?:\s+(?:from|in|at|on)\s+[\w\s'&-]{{1,30}}?)?\s+here[.!]*$", re.I
)


def signed(sentence: str) -> bool:
    """Whether the sentence only says who wrote it, or thanks (see `SIGN_OFF`, `SIGN_IN`, `THANKS`)."""
    text = sentence.strip()
    first = text.split()[0].lower()
    if THANKS.match(text):
        return True  # "Thank you!": the sign-off's thanks, its name in the next sentence
    if SIGN_IN.match(text) and first not in grammar._lemmas(first).get("VERB", ()):
        return True  # "Jess here.", not "Wait here."
    words = text.replace("(", " ").replace(")", " ").replace(",", " ").split()
    capitalised = all(w[:1].isupper() or w.lower() in {"&", "of", "and", "-", "–", "—"} for w in words[1:])
    return capitalised and bool(SIGN_OFF.match(text))


# What keeps happening, told of whoever or whatever does it: "Hires keep going out with no list …",
# "The bot keeps sending …" (not "Keep sending …", "Please keep …": asked).
HABIT_TOLD = re.compile(
    r"^(?!please\b|pls\b|just\b)(?:[\w'-]+\s+){1,4}(?:keeps?|kept)\s+(?:on\s+)?\w+ing\b", re.I
)


def habit_told(text: str) -> bool:
    """Whether the sentence tells what keeps happening (`HABIT_TOLD`), with no rule after a dash
    ("… — tattooing someone who's had a drink is a hard no")."""
    return bool(HABIT_TOLD.match(text)) and not re.search(r"\s[—–-]\s", text)


# What the agent is to stop telling or offering people: "stop telling people opened boxes can come back".
STOP_TELLING = re.compile(
    r"^(?:(?:please|pls|plz|so|and|but|just|can\s+you|could\s+you|can\s+u)\s+)*(?:stop|quit)\s+"
    r"(?:telling|promising|saying\s+to|quoting|offering|giving)\s+"
    r"(?:people|customers|them|everyone|clients|users|anyone|folk|guests|callers)\b",
    re.I,
)


def by_form(sentence: str) -> bool | None:
    """What the sentence's form alone decides, before any weight: None when it leaves the
    sentence to the fitted weights (which are fitted on such sentences only)."""
    if not 2 <= len(sentence.split()) <= 60:
        return False
    text = sentence.strip().replace("’", "'")
    if empty_ask(text):
        return False  # "Get it right.", "Seriously, do better.": venting said as a command
    if signed(text):
        return False  # "Okafor, Transport Team Lead": who wrote it
    if THANKS_FOR.match(text) or VERDICT.match(text) or REMARK_BACK.match(text):
        return False  # "Thank you for the draft newsletter.", "Cannot approve.": nothing asked
    if grammar.LIMIT.match(text) or grammar.LIMIT.match(grammar.lead_in_off(text)):
        return True  # a bound said as a thing and its quantity: no sentence of the fit is so short
    if limit(text):
        return True  # "Two approvals per release PR.", "No password resets over chat."
    if asks_information(text):
        return False  # "Could you tell me why it failed?": a question about one event
    if request(text) or kind_narrowed(text):
        return True  # a request said as a question, a wish, a rule of the work or a noun phrase;
        # what any of a kind gets: "Any address down a single-track lane gets the small truck"
    if WHEN_WE_DID.match(text) or TURNED_UP.match(text) or WHERE_NOT.match(text) or habit_told(text):
        return False  # "When we got there the lady said …, come back …", "Box turns up, …", "But she
        # should never have been on it.": what happened
    if stated_need(text) or STOP_TELLING.match(text):
        return True  # "I need the reminder two days ahead so I can get a babysitter.", "stop telling
        # people opened boxes can come back": what the agent tells people, forbidden
    if tally(text) or count_alone(text):
        return False  # "Nine hours in Frankfurt and no hotel.": what went wrong, counted; "Three
        # visits.": a count said alone tells how many there were
    return None


def is_remedy(sentence: str) -> bool:
    """Whether the sentence says what to do (see the module's docstring)."""
    decided = by_form(sentence)
    if decided is not None:
        return decided
    return load(WEIGHTS).says_yes(remedy_features(sentence))
