"""Slots of a fact: what it acts on and which way (pure).

A fact learned from a correction asks for some things and forbids others. Each clause that is an
imperative gives one slot: the verb (generic verbs of applying a tool — use, run, call, execute —
read as one), the object it acts on (the words after the verb up to a preposition or a clause
break, lower-cased, determiners and adverbs such as "first" or "instead" left out, plurals folded),
what narrows it (the content words after that), and its stance: "do", "don't" ("Stop running X",
"Never X", "Avoid X") or "instead-of" (the X of "use Y instead of X", "rather than X", "Y, not X",
"prefer Y over X"), which forbids X as "don't" does.

"Stop running X, use Y instead" reads (don't, run X) and (do, use Y); "Don't grow Z, run X first"
reads (don't, grow Z) and (do, run X): the two are contrary on X, however differently they say it.
Two facts are contrary on a slot when one asks what the other forbids with the same verb and
the forbidden object covers the asked one (its words are all in it) and is not narrower than it
(what narrows the prohibition also narrows the ask): "Never run the migrations" is contrary to
"Run the migrations on staging", but "Don't run tests on main" is not to "Run tests first". Facts
that ask the same way ("Store timestamps in UTC" / "Show timestamps to users in their local time
zone") or act on different objects are never contrary here.
"""

import re
from dataclasses import dataclass
from functools import lru_cache

from lemminflect import getAllLemmas, getLemma

DO, DONT, INSTEAD_OF = "do", "don't", "instead-of"

LEAD_IN = re.compile(
    r"^(?:(?:no|nope|actually|well|ok|okay|so|wrong|always|please|kindly|remember|next time|"
    r"from now on|in future|going forward|instead|rather|just|also|then|and|but)\b[,:;!.]?\s*)+",
    re.I,
)
NEGATION = re.compile(r"^(?:don'?t|do not|never|no longer|stop|quit|avoid|refrain from|cease|skip)\s+", re.I)
# What starts the narrowing part of a clause after its object.
_BREAK = """in on at for to from with without by into onto over under about via per through during within
    before after until when whenever if unless while because since as so that which who whose where
    you we they except only than but"""
BREAK_WORDS = frozenset(_BREAK.split())
# Words of an object phrase that name nothing it acts on.
_EMPTY = """a an the any all some every each your our their its my his her this these those it them
    first again always never now instead anymore manually directly also just still ever too
    please here there more"""
EMPTY_WORDS = frozenset(_EMPTY.split())
# Verbs that apply a tool or a command: "use X", "run X", "call X", "prefer X" act on X alike.
_APPLY = "use run call invoke execute apply employ try launch start prefer"
APPLY = frozenset(_APPLY.split())
CLAUSES = re.compile(r"[;,:!?()]|\.(?:\s|$)| - | — | but | then | and then | otherwise ", re.I)
REPLACED = re.compile(r"\b(?:instead of|rather than|in place of|over|not)\s+(.+)$", re.I)
LEADING_REPLACED = re.compile(r"^(?:instead of|rather than|in place of|and not|not)\s+", re.I)
WORD = re.compile(r"[\w./@#+\-]+")


@dataclass(frozen=True)
class Slot:
    verb: str  # the verb's lemma ("apply" for the generic ones), with a particle when it has one
    thing: tuple[str, ...]  # the object's words
    narrowing: frozenset[str]  # the content words that narrow it
    stance: str  # do | don't | instead-of

    @property
    def forbids(self) -> bool:
        return self.stance != DO


@lru_cache(maxsize=4096)
def slots(text: str) -> tuple[Slot, ...]:
    """The slots of one fact, in the order its clauses say them. Remembered per text: the facts a
    read compares are the same from one read to the next, and a long fact takes milliseconds."""
    out: list[Slot] = []
    for clause in CLAUSES.split(text.replace("’", "'").replace("`", "").replace('"', "")):
        replaced = LEADING_REPLACED.match(clause.strip())
        asked = [slot for slot in out if slot.stance == DO]
        if replaced and asked:  # "Use pnpm, not npm": npm is what pnpm replaces
            thing, narrowing = _phrase(WORD.findall(clause.strip()[replaced.end() :]))
            out += [Slot(asked[-1].verb, thing, narrowing, INSTEAD_OF)] if thing else []
            continue
        out += _clause_slots(clause.strip())
    return tuple(out)


def _clause_slots(clause: str) -> list[Slot]:
    clause = LEAD_IN.sub("", clause.strip()).strip()
    negation = NEGATION.match(clause)
    rest = clause[negation.end() :] if negation else clause
    words = WORD.findall(rest)
    if not words:
        return []
    verb = _verb(words[0], gerund=negation is not None)
    if verb is None:
        return []
    replaced = REPLACED.search(" ".join(words[1:]))
    body = words[1:]
    extra: list[Slot] = []
    if replaced and not negation:
        body = WORD.findall(" ".join(words[1:])[: replaced.start()])
        thing, narrowing = _phrase(WORD.findall(replaced.group(1)))
        if thing:
            extra.append(Slot(verb, thing, narrowing, INSTEAD_OF))
    if body and body[0].lower() in BREAK_WORDS and body[0].lower() not in ("that", "which", "who"):
        verb, body = f"{verb} {body[0].lower()}", body[1:]  # "ask for X", "reply in X"
    thing, narrowing = _phrase(body)
    if not thing:
        return extra
    return [Slot(verb, thing, narrowing, DONT if negation else DO), *extra]


def _verb(word: str, *, gerund: bool) -> str | None:
    """The lemma of an imperative's verb ("running" only after a negation: "Stop running"), or
    None when the clause does not begin with one ("Orders ship in two days")."""
    lower = word.lower()
    if "-" in lower:  # "force-push", "re-run": the verb is its last part
        head, _, last = lower.rpartition("-")
        verb = _verb(last, gerund=gerund)
        return verb and (verb if verb == "apply" else f"{head}-{verb}")
    lemmas = getAllLemmas(lower).get("VERB")
    if not lemmas:
        return None
    if lower not in lemmas and not (gerund and lower.endswith("ing")):
        return None
    lemma = getLemma(lower, upos="VERB")[0]
    return "apply" if lemma in APPLY else lemma


def _phrase(words: list[str]) -> tuple[tuple[str, ...], frozenset[str]]:
    """An object phrase's own words, and the content words after it that narrow it."""
    thing: list[str] = []
    for i, word in enumerate(words):
        lower = word.lower().strip(".-'")
        if lower in BREAK_WORDS:
            return tuple(thing), _content(words[i:])
        if lower and lower not in EMPTY_WORDS:
            thing.append(_fold(lower))
    return tuple(thing), frozenset()


def _content(words: list[str]) -> frozenset[str]:
    return frozenset(
        _fold(w.lower()) for w in words if w.lower() not in BREAK_WORDS and w.lower() not in EMPTY_WORDS
    )


def _fold(word: str) -> str:
    """A word as its noun lemma from the dictionary ("replies" and "reply" are one word); a word
    the dictionary does not know loses a plural "s" ("APIs" and "API")."""
    known = getAllLemmas(word).get("NOUN")
    if known:
        return known[0]
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


def opposed(forbidden: Slot, asked: Slot) -> bool:
    """Whether a prohibition forbids what an ask asks: the same verb, every word of the forbidden
    object in the asked one, and nothing narrowing the prohibition that does not narrow the ask."""
    if not forbidden.forbids or asked.forbids or forbidden.verb != asked.verb:
        return False
    return set(forbidden.thing) <= set(asked.thing) and forbidden.narrowing <= asked.narrowing


def contrary_on(a: str, b: str) -> str:
    """The object on which the two facts take opposite stances ('' when none): what one asks and
    the other forbids. Reads a pair the same in either order."""
    return slots_contrary(slots(a), slots(b))


def slots_contrary(slots_a: tuple[Slot, ...], slots_b: tuple[Slot, ...]) -> str:
    """contrary_on of two facts already read as slots (each fact read once, compared many times)."""
    for x in slots_a:
        for y in slots_b:
            if opposed(x, y) or opposed(y, x):
                return " ".join(y.thing if x.forbids else x.thing)
    return ""


def different_acts(a: str, b: str) -> bool:
    """Whether the two facts ask for different acts on one object and forbid nothing ("Store
    timestamps in UTC" / "Show timestamps to users in their local time zone"): two steps of the
    work, each with its own value of one scale. (Verbs of opposite sense, "Allow links" / "Block
    links", are the contrary reader's to weigh, not this reading's.)"""
    slots_a, slots_b = slots(a), slots(b)
    if any(s.forbids for s in (*slots_a, *slots_b)):
        return False
    return any(x.thing == y.thing and x.verb != y.verb for x in slots_a for y in slots_b)


def narrower(a: str, b: str) -> bool:
    """Whether one fact forbids the act the other asks, on its object, only in a case the ask does
    not name ("Stop running migrations on prod" / "Run migrations first"): both can be followed."""
    slots_a, slots_b = slots(a), slots(b)
    return any(_narrower(x, y) or _narrower(y, x) for x in slots_a for y in slots_b)


def _narrower(forbidden: Slot, asked: Slot) -> bool:
    if not forbidden.forbids or asked.forbids or forbidden.verb != asked.verb:
        return False
    return forbidden.thing == asked.thing and not forbidden.narrowing <= asked.narrowing
