"""What a passive obligation asks the agent to do (pure): "that has to be recorded on the report"
asks "record that on the report"; "they should be given the claims reference" asks "give them the
claims reference"; "Can we have the inspection notes sent the same day?" asks "have the
inspection notes sent the same day". Said after a condition ("If a caller says they've had
damage, that has to be recorded …") or in a wish ("I'd appreciate it if, whenever someone asks
for an update, they were told which stage it's at"), with no one named to do it, it is the
agent's to do."""

import re

from lemminflect import getInflection, getLemma

WHO = (
    r"(?:that|this|it|they|he|she|those|these|everyone|anyone|"
    r"(?:the|their|his|her|its|each|every|any)\s+[a-z-]+(?:\s+[a-z-]+)?)"
)
SUBJECT = rf"(?P<subject>{WHO})"
MODAL = (
    r"(?:has\s+to|have\s+to|must|should|needs\s+to|need\s+to|ought\s+to|is\s+to|are\s+to)"
    r"\s+(?:always\s+|also\s+)?be"
)
PAST = r"(?:were|was|could\s+be|would\s+be)\s+(?:always\s+|also\s+)?"
PASSIVE = re.compile(rf"^{SUBJECT}\s+{MODAL}\s+(?P<part>[a-z]+)\b(?P<rest>.*)$", re.I)
# In a wish, a kind of person named bare ("… if authors could be told …") is one too.
WISHED_FOR = rf"(?P<subject>{WHO}|[a-z]+s)"
PASSIVE_PAST = re.compile(rf"^{WISHED_FOR}\s+(?:{MODAL}|{PAST})\s*(?P<part>[a-z]+)\b(?P<rest>.*)$", re.I)
# A further obligation joined on: "… on the report and they should be given …".
JOINED = re.compile(rf"\s+and\s+(?={WHO}\s+(?:{MODAL}|{PAST})\s*[a-z]+\b)", re.I)
OBJECT = {"they": "them", "he": "him", "she": "her"}
# The wish that frames such an obligation: "I would genuinely appreciate it if, …", "I would
# simply be grateful if …".
DEGREE = r"(?:(?:really|genuinely|truly|greatly|so|simply|just|very|most|ever\s+so|extremely)\s+)?"
APPRECIATED = re.compile(
    rf"^(?:i|we)(?:'d|\s+would)\s+{DEGREE}(?:appreciate\s+it|be\s+{DEGREE}(?:grateful|thankful))\s+if,?\s+"
    r"(?P<rest>.+?)[\s.!]*$",
    re.I,
)
CONDITION_FIRST = re.compile(
    r"^(?P<condition>(?:if|when|whenever|once|as\s+soon\s+as)\b[^,;]+),\s+(?P<rest>.+)$", re.I
)


def passive_act(clause: str, *, past: bool = False) -> str:
    """The act a passive obligation of the clause asks for, each joined one in turn ('' when the
    clause is none); `past`: a wish's "they were told …" too."""
    text = " ".join(clause.replace("’", "'").split()).rstrip(" .!")
    acts = []
    for part in JOINED.split(text):
        found = (PASSIVE_PAST if past else PASSIVE).match(part.strip())
        verb = participle_of(found["part"].lower()) if found else ""
        if not verb:
            return ""
        subject = found["subject"]
        acts.append(f"{verb} {OBJECT.get(subject.lower(), subject)}{found['rest']}")
    return " and ".join(acts)


def participle_of(word: str) -> str:
    """The verb whose past participle the word is ("given" → "give"); '' for none ("red")."""
    lemmas = (lemma for lemma in getLemma(word, upos="VERB") if lemma != word)
    return next((lemma for lemma in lemmas if word in getInflection(lemma, tag="VBN")), "")


def appreciated(sentence: str) -> str:
    """What "I'd appreciate it if …" asks, when what follows is a passive obligation, after any
    condition it holds under ("…, whenever someone asks for an update, they were told which stage
    it's at" → "Whenever someone asks for an update, tell them which stage it's at"); ''
    otherwise."""
    found = APPRECIATED.match(" ".join(sentence.replace("’", "'").split()))
    if not found:
        return ""
    rest = re.sub(r",?\s+rather\s+than\b.*$", "", found["rest"])  # what it is instead of
    condition = CONDITION_FIRST.match(rest)
    act = passive_act(condition["rest"] if condition else rest, past=True)
    if not act:
        return ""
    return f"{condition['condition']}, {act}" if condition else act


# A thing asked to be had done: "Can we have the inspection notes sent the same day please?",
# "Could we get all invoices copied to accounts?".
HAD_DONE = re.compile(
    r"^(?:can|could)\s+(?:we|i|you)\s+(?:please\s+)?(?:have|get)\s+"
    r"(?P<thing>(?:the|our|all|any|every|each|your)\s+(?:[a-z'-]+\s+){0,3}?)(?P<part>[a-z]+ed|[a-z]+en|sent|put|made|done|kept|told|left)\b"
    r"(?P<rest>[^?]*?)(?:,?\s+please)?[\s?.!]*$",
    re.I,
)


def had_done(sentence: str) -> str:
    """What a question asking to have a thing done asks ("Can we have the inspection notes sent
    the same day please?" → "Have the inspection notes sent the same day"); '' otherwise."""
    found = HAD_DONE.match(" ".join(sentence.replace("’", "'").split()))
    if not found or not participle_of(found["part"].lower()):
        return ""
    return f"Have {found['thing']}{found['part']}{found['rest']}".rstrip(" ,")
