"""Whether a sentence of feedback says what to do, read by its grammar (pure).

An instruction is a sentence in the imperative mood: it opens with a verb in its base form and has
no subject before it ("Post a status update every 30 minutes", "Rebase onto main first"). Which
words can be verbs, and in which forms, comes from LemmInflect's English lexicon (with its rules
for words it has not seen), so no list of remedy verbs decides. The grammar itself is written
here with the closed classes of English (determiners, pronouns, prepositions, auxiliaries): a
sentence whose first word is a verb-like noun followed by a finite verb ("Check arrived with the
wrong amount", "Book club invite went to everyone") has a subject, so it tells, it does not ask.

Besides the imperative, a remedy can be a prohibition ("Never force-push", "Stop padding the
report"), a request ("Could you list the search terms?"), an obligation of the agent ("The bot
should comment on the PR"), a rule of the work ("Refunds over $500 need the escalate_refund
tool") or a stated preference ("I'd prefer a phone callback").
"""

import functools
import re

from lemminflect import getAllInflections, getAllLemmas, getAllLemmasOOV
from rapidfuzz.distance import OSA


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


DETERMINERS = words(
    "a an the this that these those every each all any some no another both either neither "
    "my your his her its our their whose what which"
)
PRONOUNS = words("it them me us him her you one someone anyone everyone everything something")
PREPOSITIONS = words("""
    to for with in on at by from into onto before after until till when whenever if unless so
    while across over under above below behind between through during without within about against
    around along alongside beside instead than as like via per towards toward up down out off
    because since once where who whom""")
AUXILIARIES = words("""
    is was were are am be been has had have does did will would can could shall should may might
    must isn't wasn't weren't aren't hasn't hadn't doesn't didn't won't wouldn't can't couldn't""")
ADVERBS = words("again never always just still also already really only even ever then now twice")
# Verbs that open a sentence with an unsaid "I" ("Love the new design", "Need help with my
# account") rather than an instruction; and those that, after "don't", say what the user knows.
FEELING = words("love like hate need want hope wish guess think feel wonder appreciate enjoy")
KNOWING = words("know understand think care see get remember recall mind")

# What announces the asks to come: "two things:", "quick one -", "one more thing:", "quick one from
# accounts —", "Feedback from the front desk, for the chat:".
ANNOUNCING = (
    r"(?:(?:(?:two|three|a couple of|couple of|a few) things|(?:a |one )?(?:quick|small|last) (?:one|thing)|"
    r"one more thing)(?: (?:from|for|re|about) (?:the )?[\w&-]+(?: [\w&-]+)?)?\s*[:—–-]\s+"
    r"|(?:some |a bit of |a )?(?:feedback|request|suggestion) (?:from|for) [^:.!?]{1,60}?:\s+)"
)
ANNOUNCED = re.compile(rf"^{ANNOUNCING}", re.I)
LEAD_IN = re.compile(
    r"^(?:(?:no|nope|actually|also|and|so|just|well|ok|okay|again|then|next time|in future|"
    r"in the future|from now on|from here on(?: out)?|going forward|from today|as of today|starting today|"
    r"with immediate effect|effective immediately|always|kindly|please|pls|plz|"
    rf"plse|pleas|maybe|perhaps|specifically)\b[,:;]?\s+|{ANNOUNCING})+",
    re.I,
)
# Words that open an instruction without being its verb, which people misspell ("allways",
# "alwyas", "pleae"): a first word the lexicon does not know, within two edits of one of them,
# reads as it.
LEAD_WORDS = ("always", "never", "please")
PROHIBITION = re.compile(r"^(don'?t|do not|never|stop|avoid)\s+(\S+)", re.I)
REQUEST = re.compile(r"^(?:can|could|would|will)\s+you\s+(?:please\s+)?(\S+)", re.I)
# the agent (not the user's parcel) as the subject of an obligation
OBLIGATION = re.compile(
    r"\b(?:you|the (?:agent|assistant|bot|support)|agents?|it|we)\s+(?:\w+\s+)?"
    r"(?:should|must|needs? to|ha(?:ve|s) to|ought to|had better)\b",
    re.I,
)
# a rule stated of the work ("Refunds over $500 need the escalate_refund tool"), not a wish of the
# user's own ("I need a refund") nor a regret ("My order should have arrived")
RULE = re.compile(
    r"^(?!(?:i|i'm|my|we|our|need|needs)\b)\w.*?\b(?:needs?|requires?|must|should|has to|have to)\b"
    r"(?!\s+(?:have|been)\b)",
    re.I,
)
# A rule said as a thing and its quantity, with no verb: "One status update per day", "Max two
# follow-ups a week, tops" (not "Two calls a day from the bot", which says what happened).
LIMIT = re.compile(
    r"^(?:one|two|three|four|five|\d+|no more than|at most|at least|max(?:imum)?|min(?:imum)?|only|up to)"
    r"\s+[\w\s'-]*?\b(?:per|a|an|each|every)\s+(?:day|week|month|hour|minute|call|ticket|order|"
    r"customer|client|person|session|message|reply|email|shift|visit|load|claim|case|account|user)\b"
    r"\s*(?:$|[,.;!]|for\b|to\b|unless\b|except\b|at most\b|max\b|tops\b)",
    re.I,
)
# Words that judge a thing, which the lexicon also knows as verbs ("to wrong", "to double"): before
# a noun without a determiner they describe it ("Wrong company name in the first line").
JUDGING = words(
    "wrong missing incorrect duplicate duplicated broken late another same zero no bad terrible awful "
    "total complete endless outdated stale old empty blank useless confusing unclear rude double"
)
PREFERENCE = re.compile(
    r"\b(?:i'?d prefer|i would prefer|i prefer|i'?d rather|i would rather|i'?d like you to|"
    r"i want you to|it would help to|it would be better to|better to)\b",
    re.I,
)


def lead_in_off(text: str) -> str:
    """The sentence without its lead-in ("Please", "Next time", "pls", a misspelt "allways")."""
    first, _, rest = text.strip().partition(" ")
    word = _word(first)
    if len(word) >= 5 and not _lemmas(word) and rest:
        near = [lead for lead in LEAD_WORDS if OSA.distance(word, lead) <= 2]
        if near:
            text = f"{near[0]} {rest}"
    return LEAD_IN.sub("", text.strip())


def _word(token: str) -> str:
    return token.lower().strip(",.;:!?\"'()")


def tokens_of(text: str) -> list[str]:
    """The words of `text`, lower case, punctuation stripped, a typographic apostrophe read as a
    plain one."""
    return [w for w in (_word(t) for t in text.replace("’", "'").split()) if w]


@functools.lru_cache(maxsize=8192)
def _lemmas(word: str) -> dict[str, tuple[str, ...]]:
    return getAllLemmas(word)


# Verbs of messaging the lexicon knows only as nouns ("text us the day before")
NOUNS_AS_VERBS = frozenset({"text", "whatsapp", "dm", "screenshot"})


def closed(word: str) -> bool:
    return (
        word in DETERMINERS
        or word in PRONOUNS
        or word in PREPOSITIONS
        or word in AUXILIARIES
        or word in LINKING_ADVERBS
    )


# Adverbs that link a sentence to the one before ("However, the keys were handed to …"): no verb.
LINKING_ADVERBS = words(
    "however nevertheless nonetheless meanwhile otherwise therefore moreover furthermore besides "
    "anyhow anyway thus hence consequently instead regardless"
)


@functools.lru_cache(maxsize=16384)
def base_verb(word: str) -> bool:
    """The word can be a verb in its base form ("post", "dedupe", "prioritise")."""
    if closed(word) or not re.fullmatch(r"[a-z][a-z-]*", word):
        return False
    if word in NOUNS_AS_VERBS:
        return True
    lemmas = _lemmas(word)
    if lemmas:
        return word in lemmas.get("VERB", ()) and not past(word)
    # a word the lexicon has not seen: a verb unless its form says otherwise
    return not word.endswith(("ed", "ing", "ly")) and word in getAllLemmasOOV(word, "VERB")["VERB"]


@functools.lru_cache(maxsize=16384)  # pure, and read for every word of every sentence
def past(word: str) -> bool:
    """The word is the past tense of a verb other than itself ("saw" of "see", "went")."""
    return any(
        word in getAllInflections(lemma).get("VBD", ())
        for lemma in _lemmas(word).get("VERB", ())
        if lemma != word
    )


def finite(word: str, following: str) -> bool:
    """The word is a verb with a tense here (so what came before it was its subject): an
    auxiliary, or a past or third-person form that cannot be a noun — a past participle directly
    before a noun is an adjective instead ("updated figures")."""
    if word in AUXILIARIES:
        return True
    lemmas = _lemmas(word)
    verbs = [lemma for lemma in lemmas.get("VERB", ()) if lemma != word]
    if not verbs or "NOUN" in lemmas:
        return False
    forms = {tag for lemma in verbs for tag, words in getAllInflections(lemma).items() if word in words}
    if not forms & {"VBD", "VBZ", "VBN"}:
        return False
    if "VBN" not in forms or not following or closed(following):
        return True
    after = _lemmas(following)
    return not ("NOUN" in after and "ADV" not in after and "ADJ" not in after)


def has_subject(words: list[str], *, verb_first: bool) -> bool:
    """Whether the words after the first run up to a finite verb (the first word then began its
    subject). A verb is followed by its object, so for a verb the scan stops at the first
    determiner or pronoun; any scan stops at a preposition or subordinate clause ("…when the
    error rate passes"), except "of" inside a subject ("Use of the old API caused …")."""
    for i, word in enumerate(words):
        following = words[i + 1] if i + 1 < len(words) else ""
        if word in ADVERBS:
            continue
        if word == "of":  # "Use of the old API …": the first word was a noun
            verb_first = False
            continue
        if finite(word, following):
            return True
        if word in PREPOSITIONS or (verb_first and (word in DETERMINERS or word in PRONOUNS)):
            return False
        if word == "and":
            return False
    return False


SAYING = words("say explain mention stress remind warn")


def _describing(rest: list[str]) -> bool:
    """Whether the first of `rest` is a participle describing the word after it ("signed copies",
    "oversized or bespoke framing"), not a verb in the past."""
    if len(rest) < 2 or not rest[0].endswith("ed") or not past(rest[0]):
        return False
    after = rest[1]
    if after in {"or", "and"}:
        return len(rest) > 2 and not closed(rest[2]) and rest[2] not in ADVERBS
    lemmas = _lemmas(after)
    return not closed(after) and after not in ADVERBS and not after.endswith("ly") and "NOUN" in lemmas


# Verbs whose object goes on to a verb of its own: "Let experienced folk tick one box"
CAUSING = words("let make have help get see watch hear")


CONCEDED = re.compile(r"^\s*(?:fair\s+enough\b|(?:fine|ok|okay|granted)\s*,)", re.I)  # "Fine, but now …"


CLAUSE_OPENERS = words("whether if what which how when where who why")


def imperative(text: str) -> bool:
    """The sentence opens with a verb and no subject: "Post a status update…", "Snapshot the
    volume first" (a noun used as a verb before its object)."""
    tokens = [t for t in text.split() if _word(t)]  # as written, beside the words read
    words = [_word(t) for t in tokens]
    if len(words) < 2 or words[0] in FEELING:
        return False
    first, rest = words[0], words[1:]
    if first in JUDGING and rest[0] not in DETERMINERS and rest[0] not in PRONOUNS:
        return False  # "Wrong company name …": an adjective before its noun
    if CONCEDED.match(text):
        return False  # "Fair enough, but …", "Fine, but …": a concession
    if first == "be":  # "Be brief", "Be sure to …", "Be polite with callers"
        return not finite(rest[0], rest[1] if len(rest) > 1 else "")
    if first == "have":  # "Have the keys ready …", not "Have the reports gone out?"
        ready = rest[0] in DETERMINERS or rest[0] in {"it", "them", "someone"}
        return ready and not text.rstrip().endswith("?") and not has_subject(rest, verb_first=True)
    if base_verb(first):
        # what follows a verb of saying is what to say: "Say we can lend a starter violin"; what
        # follows "make sure" or "ensure" is what is to be so: "Make sure hirers know they can't …"
        seeing_to = first == "ensure" or (first == "make" and rest[0] == "sure")
        # after a word that is only ever a verb, a past form before a word it describes is no
        # finite verb: "Recommend oversized or bespoke framing …", "Send signed copies …" (not
        # "Restart fixed it", "Deploy failed again"; "Staff called customers back" is left as it was)
        only_a_verb = set(_lemmas(first)) == {"VERB"}
        described = only_a_verb and first not in CAUSING and _describing(rest)
        # what a clause after "whether" or a wh-word says is what to find out: "Ask whether water is
        # flowing", "Check if stock is in" ("water is" is no subject of "Ask")
        asking = rest[0] in CLAUSE_OPENERS
        # whom to tell, a kind of person, then what: "Tell borrowers they can drop books at any branch"
        # (not "Tell Nadia we can do Thursday": one person's news, read as it was)
        telling = first == "tell" and rest[1:2] in (["they"], ["that"]) and tokens[1][:1].islower()
        return (
            first in SAYING
            or telling
            or seeing_to
            or described
            or asking
            or not has_subject(rest, verb_first=True)
        )
    # a word the lexicon knows as something else, used as a verb before its object
    if closed(first) or past(first) or first.endswith(("ing", "ly", "s")):
        return False
    return (rest[0] in DETERMINERS or rest[0] in PRONOUNS) and not has_subject(rest, verb_first=False)


def prohibition(head: str, word: str) -> bool:
    """ "Stop/avoid X" always asks for something; after "never" or "don't" an instruction goes on
    with a verb in its base form ("Never push to main"), a complaint with a past or a verb of
    knowing ("Never got a reply", "Don't know why")."""
    word = _word(word)
    if head.lower() in {"stop", "avoid"}:
        return bool(word)
    return word not in KNOWING and base_verb(word)


def by_rule(sentence: str) -> bool:
    """What the grammar alone says: an instruction, a prohibition, a request, an obligation of the
    agent or a stated preference."""
    sentence = sentence.strip().replace("’", "'")
    if not 2 <= len(sentence.split()) <= 40:
        return False
    if sentence.endswith("?"):
        request = REQUEST.match(sentence)
        return bool(request and base_verb(_word(request.group(1))))
    rest = lead_in_off(sentence)
    banned = PROHIBITION.match(rest)
    return bool(
        (banned and prohibition(banned.group(1).split()[0], banned.group(2)))
        or imperative(rest)
        or OBLIGATION.search(sentence)
        or RULE.search(rest)
        or PREFERENCE.search(sentence)
        or LIMIT.match(rest)
    )
