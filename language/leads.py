"""What a writer says before an ask that asks nothing itself (pure): their own view ("I really think
that …"), from when it holds ("From today, …"), what they grant before it ("It's fine as far as it
goes but …"), what they disclaim ("I'm not cross with the shop, these things happen, but …").
What follows such a lead is read as said alone (`lead_off`): as an ask
(`language.request_forms.addressed`) and as a house rule (`language.remedies.house_rule`).
"""

import re

from language.grammar import CONCEDED

# What is granted before the ask, without its comma: "It's fine as far as it goes but every aftercare
# message … has to include …", "The draft is good but …".
GRANTED = re.compile(
    r"^(?:it'?s|it\s+is|that'?s|this\s+is|the\s+\w+\s+is)\s+(?:(?:all|mostly|generally|really|very)\s+)?"
    r"(?:fine|good|ok|okay|great|lovely|nice|not\s+bad|alright|clear|well\s+written)\b[^,;:?.]{0,40}?,?\s+but\s+(?=\S)",
    re.I,
)
# What the writer concedes or disclaims before the ask, up to its "but": "I don't want to blame anyone
# in particular, but …", "I'm not cross with the shop, these things happen, but if …", "No offence,
# but …", "Not to be that person, but …"; a run of them is taken at once.
DISCLAIMED = re.compile(
    r"^(?:(?:i|i'm|i've|i'd|we|we're|we've|not|no|sorry|with\s+(?:all\s+due\s+)?respect|look|ok|okay|"
    r"fair\s+enough|fine|granted|understood|these\s+things|mistakes)\b[^;:?]{0,120}?,\s+but\s+)+(?=\S)",
    re.I,
)
# From when what follows holds, said as a day: "From today, no install is confirmed until …"
STARTING = re.compile(
    r"^(?:from|as\s+of|starting)\s+(?:today|tomorrow|this\s+week|next\s+week|(?:this\s+|next\s+)?(?:mon|tues|wednes|thurs|fri|satur|sun)day)"
    r"\s*[,:]?\s+(?=\S)"
    r"|^(?:with\s+immediate\s+effect|effective\s+immediately)\s*,?\s+(?=\S)",
    re.I,
)
# The writer's own view announced before what is asked: "I really think that …", "In my view, …",
# "The thing is, …", "If you ask me …", "What I'm saying is …". Whose view it is asks nothing.
OPINION = re.compile(
    r"^(?:(?:i|we)\s+(?:(?:really|honestly|genuinely|do|just|personally|still|strongly|firmly)\s+)*"
    r"(?:think|feel|believe|reckon|maintain)|i'?d\s+say|(?:in\s+)?my\s+(?:(?:humble|honest|own|personal|"
    r"professional)\s+)?(?:view|opinion)(?:\s+is)?|(?:the|my)\s+(?:thing|point|fact|truth|bottom\s+line)\s+is"
    r"|what\s+i'?m\s+(?:saying|asking)\s+is|if\s+you\s+ask\s+me|as\s+far\s+as\s+i'?m\s+concerned"
    r"|to\s+be\s+(?:honest|fair|clear))\s*[,:—–-]?\s+(?:that\s+)?(?=\S)",
    re.I,
)


def lead_off(text: str) -> str:
    """What follows the lead the text opens with, capitalised (the text as it is when it opens
    with none). "Fine, but then …" concedes what was said before: no lead here."""
    lead = OPINION.match(text) or STARTING.match(text) or GRANTED.match(text)
    if not lead and not CONCEDED.match(text):
        lead = DISCLAIMED.match(text)
    rest = text[lead.end() :] if lead else text
    return rest[:1].upper() + rest[1:]
