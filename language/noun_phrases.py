"""Sentences said as a noun phrase, with no verb of their own (pure): a limit of the work, or a
tally of what went wrong.

A noun phrase that carries a limit's mark is a rule of the work asked for without a verb:

- a bound: "Max three night shifts in a row", "Three business days for transcripts, no longer",
  "Refunds only up to 48 hours before curtain";
- a rate, or a reach over every case: "Two approvals per release PR", "Fresh towels every day",
  "One site visit before any contract", "Two people on every bridge";
- a quantity that is the rule itself: how many per what ("At most two follow-ups per lead"),
  or how large ("Replies under 120 words"), with no verb of one moment and no speaker;
- none of a kind on a condition, at a time or by a channel: "No deploys after 3 pm", "No
  e-filing without the signed form", "No password resets over chat", "No fines on children's
  books"; or on any terms when asked for with "please" ("plz no burpees for the rehab folks").

A noun phrase that opens with a count or a word of lack ("no", "not a", "another", "zero") and
carries a mark of what happened tallies what went wrong: a moment ("tonight", "again", "since
March"), the speaker, a word that judges, a second statement joined on ("… and no hotel", "… and
not one triaged") or a second count ("Three emails, three different flights"). "Another …",
"Zero …" and "Not a …" are such a tally whatever follows.

Neither reading applies to a question, or to a sentence with a verb with a tense ("Two carriers
showed up …"); a limit also needs no moment, no speaker, no judging word and no second statement
("Two calls a day from the bot, and nobody answers" tells what happened).
"""

import re

from lemminflect import getInflection

from language import grammar
from language.noun_rules import AGENT, ONE_MOMENT, QUANTITY_WORDS, SECOND_STATEMENT, SPEAKER

BOUND = re.compile(
    r"\b(?:max|maximum|minimum|min|tops|at most|at least|no more than|no fewer than|no less than|"
    r"up to|no longer|no later than|or less|or fewer|at a time|at all times|only)\b",
    re.I,
)
REACH = grammar.words("per every each any everyone anyone anything anybody everything everybody")
PERIODS = grammar.words("second minute hour day night week weekend month quarter year shift")
# After "No <thing>": a condition or a time holds whatever follows; a channel or a kind of thing
# only when no one particular thing follows ("No update on the refund" is what happened).
CONDITIONS = grammar.words("after before until till past during within outside without unless except")
CHANNELS = grammar.words("over via by on between under above below beyond through")
MEANS = grammar.words("over via through")  # "No cash refunds over the phone", "via the app"
PARTICULAR = grammar.words("the this that these those your his her their its our a an")
COUNTS = QUANTITY_WORDS | grammar.words(
    "eleven twelve fifteen twenty thirty forty fifty sixty hundred dozen several zero half"
)
ALWAYS_TALLY = grammar.words("another zero not")
# The how-many-th time, said of now or a stretch of time: "Third cancellation now.", "Second
# missed bin this month."
ORDINALS = grammar.words("second third fourth fifth sixth seventh umpteenth nth")
SO_FAR = grammar.words("now again running row this")
LEADING_PLEASE = re.compile(r"^(?:please|pls|plz|kindly)\b[\s,:;—–-]*", re.I)
TRAILING_PLEASE = re.compile(r"\b(?:please|pls|plz)[\s.!]*$", re.I)
SUBJECTS = grammar.words("i we you they he she it because although though whereas")
OPENERS = COUNTS | ALWAYS_TALLY | ORDINALS | grammar.words("no max maximum min minimum only")
MOMENTS = ONE_MOMENT | grammar.words("tonight overnight since")
POSSESSED = re.compile(r"^[a-z][a-z-]*'s?$")
NOT_POSSESSORS = grammar.words("it's that's what's there's here's who's he's she's let's")

# A quantity said as the rule itself: how many per what ("[At most] two follow-ups per lead"),
# or how large ("Replies under 120 words", "Commit messages no longer than 72 characters").
NUMBER = (
    r"(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|"
    r"forty|fifty|a hundred|a single|a couple of)"
)
QUANTITY_BOUND = (
    r"(?:at most|at least|no more than|not more than|never more than|no fewer than|not fewer than|"
    r"up to|a maximum of|a minimum of|maximum(?: of)?|minimum(?: of)?|max\.?|only|just|exactly)"
)
TIME_UNIT = re.compile(
    r"^(?:minute|hour|day|week|month|year|shift|session|conversation|call|ticket|thread)s?$", re.I
)
NOUNS = r"(?:[a-z][\w'-]*\s+){0,4}?[a-z][\w'-]*"  # a noun phrase of one to five words
COUNT = re.compile(
    rf"^(?:{QUANTITY_BOUND}\s+)?{NUMBER}\s+(?P<what>{NOUNS})\s+(?P<scope>per|each|every|an?)\s+(?P<of>\S+)",
    re.I,
)
SIZE = re.compile(
    rf"^(?P<what>{NOUNS})\s+(?:under|below|within|over|above|at most|at least|up to|no longer than|"
    rf"no shorter than|no more than|shorter than|longer than|fewer than|less than)\s+{NUMBER}\s+[a-z]+",
    re.I,
)
ONE_TIME = grammar.words("yesterday today tonight earlier again")


def limit(text: str) -> bool:
    """Whether the sentence is a rule said as a noun phrase with a limit's mark, or as a quantity
    (see the module's docstring)."""
    bare = _without_please(text).strip()
    words = grammar.tokens_of(bare)
    if not _plain(words):
        return False
    if _quantity(bare.lstrip("-* ")):
        return True
    if not _noun_phrase(bare, words):
        return False
    if bare != text.strip() and words[0] in {"no", "nothing"}:
        return True  # "plz no burpees for the rehab folks": a ban asked for
    if BOUND.search(" ".join(words)):
        return True
    if any(w in REACH for w in words[1:]) or _per_period(words):
        return True
    return _none_on(words)


def _without_please(text: str) -> str:
    """The sentence without a "please" that opens or closes it, nor what sets that one apart
    (read in time linear in the sentence's length, whatever runs of spaces it holds)."""
    text = LEADING_PLEASE.sub("", text, count=1)
    found = TRAILING_PLEASE.search(text)
    return text[: found.start()].rstrip(" \t\n\r\f\v,;—–-") if found else text


def _quantity(text: str) -> bool:
    """A rule said as how many per what or how large, with no verb of one moment and no speaker
    ("two follow-ups to a customer" names one; "two follow-ups a day" counts)."""
    count = COUNT.match(text)
    if count and count["scope"].lower() in {"a", "an"} and not TIME_UNIT.match(count["of"].strip(".,;")):
        count = None
    if not count and not SIZE.match(text):
        return False
    return _tenseless(grammar.tokens_of(text))


def _tenseless(words: list[str]) -> bool:
    """No verb with a tense, no word of one moment and no speaker: a rule, not what happened."""
    for i, word in enumerate(words):
        following = words[i + 1] if i + 1 < len(words) else ""
        if word in SPEAKER or word in ONE_TIME or word in grammar.AUXILIARIES:
            return False
        before_noun = "NOUN" in grammar._lemmas(following)  # "cited" in "per cited claim" is an adjective
        if grammar.past(word) and not before_noun:  # "failed" in "two deploys per day failed" is a verb
            return False
    return True


def tally(text: str) -> bool:
    """Whether the sentence is a count of what went wrong said without a verb (see the module's
    docstring)."""
    words = grammar.tokens_of(text)
    if not _noun_phrase(text, words) or limit(text):
        return False
    first = words[0]
    if first in ALWAYS_TALLY or (first in ORDINALS and any(w in SO_FAR or w in MOMENTS for w in words[1:])):
        return True
    if not (first in COUNTS or first.isdigit() or first == "no"):
        return False
    if any(w in MOMENTS or w in SPEAKER or w in AGENT for w in words):
        return True
    if any(w in grammar.JUDGING and w != "no" for w in words[1:]):
        return True
    later = [grammar.tokens_of(piece)[:2] for piece in text.split(",")[1:]]  # "…, three different flights"
    return _second_statement(words) or any(w in COUNTS or w.isdigit() for piece in later for w in piece)


def _noun_phrase(text: str, words: list[str]) -> bool:
    """A phrase naming things, not a clause: no question, no subject pronoun or "because", no verb
    with a tense, and no imperative unless it opens with a count, a "no" or a bound ("Max …")."""
    if len(words) < 2 or text.strip().endswith("?") or any(w in SUBJECTS for w in words):
        return False
    opener = words[0] in OPENERS or words[0].isdigit()
    if (grammar.closed(words[0]) and not opener) or tensed(words):
        return False
    if any(_finite_at(words, i) for i in range(1, len(words))):
        return False
    return opener or not grammar.imperative(" ".join(words))


def _finite_at(words: list[str], i: int) -> bool:
    """A verb with a tense at `i`: not a word after a determiner or a count ("the signed form"),
    nor one inside the phrase a count or "no" opens ("No password resets over chat"), unless it
    is a past ("Two carriers showed up")."""
    word, before = words[i], words[i - 1]
    following = words[i + 1] if i + 1 < len(words) else ""
    if grammar.closed(before) or before in COUNTS or before.isdigit() or BOUND.fullmatch(word):
        return False
    in_opening = not any(w in grammar.PREPOSITIONS for w in words[1:i])
    if words[0] in OPENERS and in_opening and not grammar.past(word):
        return False
    return grammar.finite(word, following)


def tensed(words: list[str]) -> bool:
    """A verb with a tense: an auxiliary, a contraction other than a possessive ("children's
    books" has none, "it's late" has one), or a verb only ever in the past ("went", "sat")."""
    for i, word in enumerate(words):
        if word in grammar.AUXILIARIES:
            return True
        if "'" in word and word != "o'clock":
            following = words[i + 1] if i + 1 < len(words) else ""
            possessive = POSSESSED.match(word) and word not in NOT_POSSESSORS and word[-1] in "s'"
            if not (possessive and following and not grammar.closed(following)):
                return True
        if _only_past(word):
            return True
    return False


def _only_past(word: str) -> bool:
    if not grammar.past(word):
        return False
    lemmas = grammar._lemmas(word).get("VERB", ())
    return not any(word in getInflection(lemma, "VBN") for lemma in lemmas)


def _plain(words: list[str]) -> bool:
    """No moment, speaker or agent named, no judging word, no second statement joined on."""
    if any(w in MOMENTS or w in SPEAKER or w in AGENT or w == "but" for w in words):
        return False
    if any(w in grammar.JUDGING and w != "no" for w in words):
        return False
    return not _second_statement(words)


def _second_statement(words: list[str]) -> bool:
    """ "… and no hotel", "… and not one triaged", "… and still nothing"."""
    pairs = zip(words, words[1:], strict=False)
    return any(a == "and" and (b in SECOND_STATEMENT or b in {"still", "yet"}) for a, b in pairs)


def _per_period(words: list[str]) -> bool:
    """A quantity per period said with "a": "two follow-ups a week", "one call an hour"."""
    pairs = zip(words, words[1:], strict=False)
    return any(a in {"a", "an"} and b in PERIODS for a, b in pairs) and (
        words[0] in COUNTS or words[0].isdigit()
    )


def _none_on(words: list[str]) -> bool:
    """ "No deploys after 3 pm", "No resets over chat", "No fines on children's books"."""
    if words[0] != "no":
        return False
    for i, word in enumerate(words[2:6], start=2):
        following = words[i + 1] if i + 1 < len(words) else ""
        if word in CONDITIONS and following:
            return True
        if word in CHANNELS and following and (following not in PARTICULAR or word in MEANS):
            return True
    return False
