"""Words that pull opposite ways, and scales whose values exclude each other (pure).

Two directive lines contradict when one asks for "formal" and the other for "casual", or one
quotes weights in kilograms and the other in pounds, even when they share no other word. These
are general English opposites and scales, not any one business's vocabulary.
"""

import functools
import re

from lemminflect import getAllLemmas, getLemma

# Pairs of words (by lemma) that ask for opposite things.
OPPOSITES = [
    ("always", "never"),
    ("all", "none"),
    ("include", "exclude"),
    ("show", "hide"),
    ("add", "remove"),
    ("allow", "forbid"),
    ("allow", "ban"),
    ("allow", "block"),
    ("permit", "forbid"),
    ("accept", "reject"),
    ("accept", "refuse"),
    ("approve", "deny"),
    ("approve", "reject"),
    ("grant", "deny"),
    ("open", "close"),
    ("start", "stop"),
    ("begin", "end"),
    ("enable", "disable"),
    ("before", "after"),
    ("first", "last"),
    ("early", "late"),
    ("earlier", "later"),
    ("more", "less"),
    ("more", "fewer"),
    ("increase", "decrease"),
    ("raise", "lower"),
    ("higher", "lower"),
    ("high", "low"),
    ("long", "short"),
    ("longer", "shorter"),
    ("brief", "detailed"),
    ("short", "detailed"),
    ("concise", "detailed"),
    ("brief", "detail"),
    ("short", "detail"),
    ("concise", "thorough"),
    ("brief", "thorough"),
    ("brief", "lengthy"),
    ("formal", "casual"),
    ("formal", "informal"),
    ("formally", "casually"),
    ("public", "private"),
    ("internal", "external"),
    ("inside", "outside"),
    ("manual", "automatic"),
    ("manually", "automatically"),
    ("online", "offline"),
    ("online", "paper"),
    ("digital", "paper"),
    ("electronic", "paper"),
    ("written", "verbal"),
    ("writing", "phone"),
    ("fixed", "flexible"),
    ("strict", "lenient"),
    ("cheap", "expensive"),
    ("cheapest", "fastest"),
    ("lowest", "highest"),
    ("minimum", "maximum"),
    ("now", "later"),
    ("immediately", "later"),
    ("immediately", "wait"),
    ("right away", "wait"),
    ("delay", "expedite"),
    ("together", "separately"),
    ("combine", "split"),
    ("merge", "split"),
    ("batch", "individually"),
    ("keep", "delete"),
    ("keep", "discard"),
    ("keep", "remove"),
    ("keep", "close"),
    ("save", "delete"),
    ("retain", "purge"),
    ("retain", "delete"),
    ("send", "hold"),
    ("share", "withhold"),
    ("disclose", "withhold"),
    ("disclose", "conceal"),
    ("reveal", "conceal"),
    ("reveal", "hide"),
    ("share", "hide"),
    ("mention", "omit"),
    ("new", "old"),
    ("newest", "oldest"),
    ("latest", "oldest"),
    ("ascending", "descending"),
    ("top", "bottom"),
    ("with", "without"),
    ("mandatory", "optional"),
    ("required", "optional"),
    ("require", "skip"),
    ("upgrade", "downgrade"),
    ("buy", "sell"),
    ("credit", "debit"),
    ("gross", "net"),
    ("inclusive", "exclusive"),
    ("approximate", "exact"),
    ("round", "exact"),
    ("estimate", "exact"),
    ("summary", "full"),
    ("summarize", "verbatim"),
    ("summarise", "verbatim"),
    ("paraphrase", "verbatim"),
    ("literal", "loose"),
    ("literal", "free"),
    ("literally", "freely"),
    ("slow", "fast"),
    ("slowly", "quickly"),
    ("every", "no"),
    ("each", "no"),
    ("warm", "cold"),
    ("hot", "cold"),
    ("upfront", "later"),
    ("single", "multiple"),
    ("one", "multiple"),
    ("alone", "together"),
    ("yourself", "escalate"),
    ("direct", "indirect"),
    ("directly", "through"),
    ("plain", "technical"),
    ("simple", "technical"),
    ("lowercase", "uppercase"),
    ("empty", "full"),
    ("vacant", "occupied"),
    ("in person", "remote"),
    ("in person", "online"),
    ("remote", "onsite"),
    ("visit", "remote"),
    ("visit", "photo"),
    ("waive", "charge"),
    ("waive", "apply"),
    ("refund", "charge"),
    ("free", "charge"),
    ("free", "paid"),
    ("sooner", "later"),
    ("publish", "private"),
    ("publish", "withhold"),
    ("public", "confidential"),
    ("show", "strip"),
    ("list", "leave out"),
    ("display", "hide"),
    ("on", "off"),
    ("switch on", "disable"),
    ("enable", "switch off"),
    ("own", "outsource"),
    ("in-house", "outsource"),
    ("before", "once"),
    ("before", "until"),
    ("release", "hold"),
    ("instant", "warn"),
    ("gentle", "strict"),
    ("ahead", "after"),
    ("first", "after"),
    ("never", "every"),
    ("up", "down"),
    ("list", "hide"),
    ("include", "hide"),
    ("include", "omit"),
    ("include", "strip"),
    ("email", "paper"),
]
# Scales: a line naming one value and the other line another value of the same scale, and
# neither naming the other's, ask for different things.
SCALES = [
    {"kilogram", "kg", "kilo", "pound", "lb", "lbs", "ounce", "oz", "gram"},
    {"celsius", "fahrenheit"},
    {"kilometer", "kilometre", "km", "mile"},
    {"meter", "metre", "foot", "feet", "inch", "centimeter", "centimetre", "cm"},
    {"metric", "imperial"},
    {"utc", "gmt", "local", "est", "pst", "cet"},
    {"aisle", "window", "middle"},
    {"daily", "weekly", "monthly", "hourly", "nightly", "yearly", "annually", "quarterly", "biweekly"},
    {"formal", "casual", "informal", "friendly", "chatty", "stiff"},
    {"email", "phone", "call", "text", "sms", "chat", "letter", "mail", "post", "fax", "portal", "whatsapp"},
    {"usd", "eur", "gbp", "dollar", "euro", "yen", "local currency"},
    {"monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"},
    {"morning", "afternoon", "evening", "night", "noon", "midnight"},
    {"weekday", "weekend"},
    {"american", "british", "us", "uk"},
    {"english", "spanish", "french", "german", "italian", "portuguese", "chinese", "japanese"},
    {"first name", "last name", "surname", "full name", "title"},
    {"check", "cheque", "direct deposit", "wire", "cash", "card", "transfer"},
    {"ascending", "descending", "alphabetical", "chronological"},
    {"pdf", "docx", "csv", "spreadsheet", "xlsx", "word"},
    {"standard", "express", "overnight", "economy"},
    {"table", "list", "paragraph", "bullet"},
    {"byte", "kilobyte", "kb", "megabyte", "mb", "gigabyte", "gb", "terabyte", "tb"},
    {"rail", "road", "air", "sea", "ocean", "barge"},
]
# The units of each system of measure: "feet and inches" are imperial, against a line that asks
# for metric.
SYSTEMS = {
    "imperial": {
        "foot",
        "feet",
        "inch",
        "pound",
        "lb",
        "lbs",
        "ounce",
        "oz",
        "mile",
        "yard",
        "fahrenheit",
        "gallon",
    },
    "metric": {
        "meter",
        "metre",
        "centimeter",
        "centimetre",
        "cm",
        "mm",
        "kilogram",
        "kg",
        "gram",
        "km",
        "celsius",
        "litre",
    },
}


def _lemmas(text: str) -> set[str]:
    """The words of the text and their lemmas, with each pair of neighbours ("in person")."""
    words = re.findall(r"[a-z]+", text.lower().replace("’", "'"))
    out = set(words) | {f"{a} {b}" for a, b in zip(words, words[1:], strict=False)}
    # a verb's lemma with its particle: "switched on" is "switch on"
    out |= {f"{lemma} {b}" for a, b in zip(words, words[1:], strict=False) for lemma in _word_lemmas(a)}
    for word in words:
        out.update(_word_lemmas(word))
    if "out" in out and out & LEAVING:  # "keep donor names out of the report"
        out.add("leave out")
    return out


# Verbs whose "out" leaves a thing out; any other "out" ("go out by text", "sort out") does not.
LEAVING = frozenset({"leave", "keep", "take", "cut", "strip", "drop", "edit", "rule", "miss", "cross"})


@functools.lru_cache(maxsize=65_536)
def _word_lemmas(word: str) -> tuple[str, ...]:
    """A word's lemmas as a verb, a noun and an adjective (LemmInflect's model is slow: each word
    is read once): the lexicon's when it knows the word, else its rules' guesses. The rules alone
    would read any word in -er as a comparative ("offer" as "off", "water" as "wate")."""
    known = getAllLemmas(word)
    upos = ("VERB", "NOUN", "ADJ")
    lemmas = [lemma for u in upos for lemma in (known.get(u, ()) if known else getLemma(word, upos=u))]
    if word.endswith("ly") and len(word) > 4:  # formally → formal, casually → casual
        lemmas.append(word[:-2])
    if word.endswith("ically"):  # automatically → automatic
        lemmas.append(word[:-4])
    return tuple(lemmas)


QUANTIFIERS = {"always", "never", "all", "none", "every", "each", "no"}
# Words of order and degree ("before", "more", "with") oppose only what two lines say of one
# subject: "Run the tests before reporting" and "Put the details after the answer" do not clash.
RELATIONAL = {"before", "after", "first", "last", "early", "late", "earlier", "later", "ahead", "once"}
RELATIONAL |= {
    "until",
    "more",
    "less",
    "fewer",
    "with",
    "without",
    "on",
    "off",
    "top",
    "bottom",
    "high",
}
RELATIONAL |= {
    "low",
    "higher",
    "lower",
    "new",
    "old",
    "now",
    "sooner",
    "one",
    "single",
    "multiple",
    "out",
    "list",
}
# Keeping, and a medium, oppose only what two lines say of one subject too: "Keep a paper copy of
# every lease" does not clash with "Email the tenant about repairs", nor "Round up" with "Scroll down".
RELATIONAL |= {"keep", "paper", "up", "down"}


def opposed_words(a: str, b: str, *, quantifiers: bool = False, same_subject: bool = True) -> int:
    """How many opposite pairs have one word in each line (and not both in the same line): pairs
    of quantifiers ("always" / "never") with `quantifiers`, the other pairs without; words of
    order and degree only when the lines share a subject."""
    first, second = _lemmas(a), _lemmas(b)
    hits = 0
    for x, y in OPPOSITES:
        if (x in QUANTIFIERS or y in QUANTIFIERS) != quantifiers:
            continue
        if not same_subject and (x in RELATIONAL or y in RELATIONAL):
            continue
        for one, other in ((first, second), (second, first)):
            if x in one and y in other and not (y in one or x in other):
                hits += 1
    return hits


def same_scale_conflicts(a: str, b: str) -> int:
    """How many scales one line names a value of and the other another value, neither naming the
    other's. A line that names a system of units ("in metric") is also at odds with one whose
    units are of the other system ("in feet and inches")."""
    first, second = _lemmas(a), _lemmas(b)
    hits = int(_systems_differ(first, second) or _systems_differ(second, first))
    for scale in SCALES:
        mine, theirs = scale & first, scale & second
        if mine and theirs and not mine & theirs:
            hits += 1
    return hits


def _systems_differ(naming: set[str], other: set[str]) -> bool:
    """Whether `naming` names one system of units and `other` uses units of the other only."""
    named = {system for system in SYSTEMS if system in naming}
    used = {system for system, units in SYSTEMS.items() if units & other or system in other}
    return len(named) == 1 and bool(used) and not used & named
