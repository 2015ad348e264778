"""Whether two directive lines say opposite things (pure).

"Rotate the logs when the disk is full" and "Don't rotate the logs, we need them for the audit"
ask for the same action with opposite polarity. A line's action is what it asks once its lead-in
("Always", "Please", "Next time") and its negation ("Don't", "Never", "Stop", "Avoid") are taken
off, up to the first clause break, with its verb in its base form ("Stop rotating" → "rotate");
two lines are contrary when one is negated and the other is not and what the negated one forbids
covers what the other asks: at least 80% of its content words are in it ("Never rotate the logs"
against "Rotate the logs every night"), or the two are near duplicates (rapidfuzz's token-sort
ratio ≥ 80). A prohibition narrower than the instruction is no contrary: "Never cite sources you
did not open" narrows "Always cite sources".
"""

import re
from pathlib import Path

from lemminflect import getLemma
from rapidfuzz import fuzz

from language.bounds import rule_text
from language.grammar import PREPOSITIONS, PROHIBITION, imperative, lead_in_off
from language.lengths import length_conflict
from language.linear_model import load
from language.opposites import opposed_words, same_scale_conflicts
from language.remedy_shapes import CONDITION
from language.sentences import sentences
from language.slots import contrary_on, different_acts, narrower
from language.words import content

WEIGHTS = Path(__file__).with_name("contrary_weights.json")
# The readings of a pair that show an opposition by themselves; without one, no pair is contrary.
OPPOSITION = frozenset(
    {"rule:contrary", "negated-one:shared", "opposite-words", "opposite-quantifiers", "scale-conflict"}
)
NARROWING = re.compile(r"\b(?:only|except|unless|beyond|over|under|above|below|more than|less than)\b", re.I)

LEAD_IN = re.compile(
    r"^(?:(?:remember:|(?:always|please|kindly|next time|from now on|in future|going forward|actually)\b)"
    r"[,:;]?\s*|no\s*[,:;.!]\s*)+",
    re.I,
)
NEGATION = re.compile(r"^(?:don'?t|do not|never|no longer|no|stop|avoid|refrain from)\s+", re.I)
EMPHASIS = re.compile(r"[,;-]?\s*\b(?:full stop|period|end of story|no ifs or buts|simple as that)\b", re.I)
THRESHOLD = 80
SHARE = 0.8
LONG = 12  # content words: more than one ask holds


def action(line: str) -> tuple[bool, str]:
    """(negated, what it asks) of one line."""
    text = LEAD_IN.sub("", line.strip().lstrip("-* ").replace("’", "'"))
    negation = NEGATION.match(text)
    text = text[negation.end() :] if negation else text
    text = re.split(
        r"[,;:(]| - | (?:because|since|as|so|when|whenever|if|unless|before|after|until|while) ",
        text,
        maxsplit=1,
    )[0].rstrip(" .!")
    words = text.split()
    if words:
        verb = getLemma(words[0].lower(), upos="VERB")
        words[0] = verb[0] if verb else words[0]
    return negation is not None, " ".join(words)


def contrary(a: str, b: str) -> bool:
    """Whether the two lines ask what cannot both be done: the same action with opposite polarity,
    opposite words on one topic ("Write formally" / "Keep it casual"), two values of one scale
    ("Quote weights in kilograms" / "Use pounds for weights"), or opposite asks in other words. The
    readings are weighed by a logistic regression fitted on labelled pairs (contrary_weights.json,
    written by bench/train_language.py); it reads a pair the same in either order.

    Before them, how much each line asks a message to say (language.lengths: "Keep replies
    short" / "Explain each fee at length" cannot both be followed), and the slots of the two
    lines (language.slots): a line that forbids what the other asks on one object is contrary
    however differently the two are worded ("Stop running X, use Y instead" / "Run X first");
    one that forbids it only in a narrower case is not ("Stop running migrations on prod" / "Run
    migrations first"), nor are two lines whose only opposition is two values of one scale for
    different acts on one object ("Store timestamps in UTC" / "Show timestamps to users in their
    local time zone"), or said of different things (`_apart`)."""
    a, b = EMPHASIS.sub("", a), EMPHASIS.sub("", b)  # "…, full stop": no word of what is asked
    if contrary_on(a, b) or length_conflict(a, b):
        return True
    if narrower(a, b) or _unrelated(a, b) or _another_tools(a, b):
        return False
    if action(a)[0] == action(b)[0] and fuzz.token_set_ratio(content(a), content(b)) >= 95:
        return False  # the same line (or one inside the other), asked the same way
    features = pair_features(a, b)
    if not features.keys() & OPPOSITION:
        return False  # sharing words and a verb is no opposition: two wordings of one ask
    if features.keys() & OPPOSITION == {"scale-conflict"} and (different_acts(a, b) or _apart(a, b)):
        return False  # one value to store and another to show are two steps, not a contrary
    if features.keys() & OPPOSITION == {"opposite-words"} and _apart(a, b):
        return False  # "Lessons … are charged in full" / "Don't do free transcription work"
    return load(WEIGHTS).says_yes(features)


NEGATIONS = frozenset({"not", "no", "never", "nothing"})


def topic(text: str) -> set[str]:
    """The content words a line says something of: no negation, and no letter left of a
    contraction ("it's" holds no "s" two lines could share)."""
    return {w for w in content(text).split() if len(w) > 1 and w not in NEGATIONS}


def same_subject(words_a: set[str], words_b: set[str]) -> bool:
    """Whether two lines' topic words make them said of one subject: two words shared, or one when
    neither line is longer than one ask (`LONG` content words). A word shared by a long complaint
    and a line ("the student" of a room swap and of a payment plan) is no subject of their own."""
    shared = len(words_a & words_b)
    return shared >= 2 or (shared == 1 and max(len(words_a), len(words_b)) <= LONG)


def _unrelated(a: str, b: str) -> bool:
    """Whether the two lines share no content word and one of them is longer than any one ask
    (`LONG` content words): a tool's announcement quoted in a line ("… partner venues are free on a
    given date") is about something else than "Show the service charge as its own line", whatever
    opposite words the two hold. Opposite asks in other words are short ("Keep it short." /
    "Explain each decision in full detail.")."""
    words_a, words_b = topic(a), topic(b)
    return not words_a & words_b and max(len(words_a), len(words_b)) > LONG


TOOL_CONDITION = re.compile(
    r"^\s*(?:when|if|whenever)\s+(?:the\s+)?(?P<tool>[a-z][a-z0-9]*(?:_[a-z0-9]+)+)\b", re.I
)


def _another_tools(a: str, b: str) -> bool:
    """Whether one line says what to do when a tool fails ("When route_lookup fails with TIMEOUT,
    use …") and the other never names that tool: the first applies only then, and nothing the
    other asks can be its opposite."""
    for one, other in ((a, b), (b, a)):
        found = TOOL_CONDITION.match(one)
        if found and found["tool"].lower() not in other.lower():
            return True
    return False


def _apart(a: str, b: str) -> bool:
    """Whether two values of one scale are said of different things: the lines share no content
    word, and one states how things are while the other instructs. A learned fact's time ("The
    cutoff is noon") and a line's ("serve the tables from a nightly snapshot") do not clash; two
    instructions may, in other words ("Pay claims by direct deposit." / "Issue every settlement
    as a paper check."), and so may two statements."""
    if topic(a) & topic(b):
        return False
    return _instructs(a) != _instructs(b)


def _instructs(line: str) -> bool:
    """Whether the line tells what to do, after any condition it opens with ("When X fails, use Y")."""
    bare = lead_in_off(line)
    condition = CONDITION.match(bare)
    clause = condition.group(1) if condition else bare
    return imperative(clause) or bool(PROHIBITION.match(clause))  # "Don't do free work": it instructs


def pair_features(a: str, b: str) -> dict[str, float]:
    first, second = action(a), action(b)
    words_a, words_b = set(content(a).split()), set(content(b).split())
    shared = len(words_a & words_b) / max(1, min(len(words_a), len(words_b)))
    negated_one = first[0] != second[0]
    asked_a, asked_b = asked_part(a), asked_part(b)  # what each asks for, its forbidden values left out
    # Each reading is evidence of opposition by itself; none is "the lines share no word", which
    # is true of almost every pair of lines a template holds.
    features = {
        "rule:contrary": float(_opposed(first, second)),
        "negated-one:shared": float(negated_one) * shared,
        "negated-both:shared": float(first[0] and second[0]) * shared,
        "ratio": fuzz.token_set_ratio(content(a), content(b)) / 100,
        "same-verb": float(bool(first[1]) and first[1].split()[:1] == second[1].split()[:1]),
        "opposite-words": float(
            min(2, opposed_words(asked_a, asked_b, same_subject=same_subject(topic(a), topic(b))))
        ),
        # "always" against "every" says nothing of lines about different things
        "opposite-quantifiers": float(min(2, opposed_words(a, b, quantifiers=True)))
        if words_a & words_b
        else 0.0,
        "scale-conflict": float(min(2, same_scale_conflicts(asked_a, asked_b))),
        "narrowing": float(bool(NARROWING.search(a)) != bool(NARROWING.search(b))),
        "numbers-differ": float(_numbers(a) != _numbers(b) and bool(_numbers(a)) and bool(_numbers(b))),
    }
    return {name: value for name, value in features.items() if value}


# Where one clause of a line ends and another begins: a sentence, a comma, a dash, "but", "instead".
CLAUSES = re.compile(r"(?<=[.;!?])\s+|,\s+|\s+[—–-]\s+|\s+(?:but|instead)\b\s*", re.I)


def asked_part(line: str) -> str:
    """The line without the clauses that forbid: a value said in "Never accept challenges over the
    phone" is the one not to use, so it agrees with a line that asks for another ("Say a decision
    will follow in writing"); two lines are at odds over two values only when each asks for its
    own. Naming a thing ("stop calling it a 'fine'") is no telephone call either, and the value a
    correction sets right ("…, not 28 days after you hand your keys in") is no value it asks for."""
    kept = [
        c
        for c in CLAUSES.split(line)
        if c and not (PROHIBITION.match(lead_in_off(c.strip())) or WRONG_VALUE.match(c.strip()))
    ]
    return NAMING.sub(r"naming \1", " ".join(kept))


WRONG_VALUE = re.compile(r"^not\s+", re.I)
NAMING = re.compile(r"\bcall(?:s|ed|ing)?\s+(it|this|that|these|those)\b", re.I)


def _numbers(text: str) -> set[str]:
    return set(re.findall(r"\d+(?:\.\d+)?", text))


def _opposed(a: tuple[bool, str], b: tuple[bool, str]) -> bool:
    (negated_a, action_a), (negated_b, action_b) = a, b
    if negated_a == negated_b or not action_a or not action_b:
        return False
    forbidden, asked = (action_a, action_b) if negated_a else (action_b, action_a)
    forbidden_words, asked_words = content(forbidden).split(), set(content(asked).split())
    covered = sum(w in asked_words for w in forbidden_words) / max(len(forbidden_words), 1)
    return covered >= SHARE or fuzz.token_sort_ratio(content(forbidden), content(asked)) >= THRESHOLD


SHARED_TOPIC = 2  # words of what they say a fact and a line share, at least, to be said of one thing


def against_line(fact: str, line: str) -> bool:
    """Whether a learned fact says the opposite of a directive line: the slots read the two as
    opposite stances on one object (language.slots), or the pair reads as contrary (`contrary`)
    and the two share `SHARED_TOPIC` words or more of what they say (a negation is none). A
    correction's story ("Told the agent three times now — our minimum hire period is 2 weeks,
    not 1 week like it keeps telling people on the phone line") shares a word or none with "Never
    promise a handover time in writing", and the opposite words it holds ("phone" / "writing")
    are said of other things: withholding the fact beside it would only keep it from the agents.
    Of a fact told in several sentences, each is read against the line on its own: "… offering
    people a 'free 15-minute chat'. … that £150 comes off the fee …" holds "free" in one sentence
    and "fee" in another, and says no contrary of "Tell clients the Home Office fee is paid
    separately"."""
    if contrary_on(fact, line):
        return True
    said = sentences(rule_text(fact)) or [fact]
    return any(_said_of_one_thing(part, line) and contrary(part, line) for part in said)


def _said_of_one_thing(fact: str, line: str) -> bool:
    shared = (set(content(rule_text(fact)).split()) & set(content(rule_text(line)).split())) - NEGATIONS
    # a number's digits or a preposition ("over £40" / "over 5%") is no topic the two share
    shared = {w for w in shared if not w.isdigit() and w not in PREPOSITIONS}
    return len(shared) >= SHARED_TOPIC


def contrary_to(line: str, lines) -> str:
    """The first of `lines` that says the opposite of `line` ('' when none does)."""
    return next((other for other in lines if other.strip() and contrary(line, other)), "")


def compatible(candidates: list[str], served: list[str]) -> list[int]:
    """The indexes of the candidates (strongest first) that contradict neither a served line nor
    a candidate kept before them."""
    kept_lines = [line for line in served if line.strip()]
    kept = []
    for i, line in enumerate(candidates):
        if not any(contrary(line, other) for other in kept_lines):
            kept.append(i)
            kept_lines.append(line)
    return kept
