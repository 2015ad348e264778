"""What of a letter or a pinned note is its message (pure).

Feedback written as a letter or a note has a frame around what it says: who it is to and what
about, above ("Dear Revenues Team,", "Re: account 40021178", "Staff note (pinned):", "INTERNAL -
Ops Manager", "!! kitchen note !!"), and who wrote it, below ("Yours faithfully,", "Kind
regards,", "Mrs E. Garside", "- Maya, Studio Owner"). The frame asks nothing, and read as part of
the message it misleads: an account number in the subject line, or the writer's name, reads as
the one case an instruction is about. Only whole lines at either end are the frame; a message on
one line is read as it is, but for the label it may open with ("PINNED - …", "Note for everyone: …").
"""

import re

# A line that says who the message is to, or what about: a greeting, a subject, a label.
HEAD = re.compile(
    r"^(?:dear|to\s+whom\s+it\s+may\s+concern|attn|fao|for\s+the\s+attention\s+of)\b[^.!?]{0,50}$"
    # a greeting, then only whom it greets: "Hi all,", "Hello Priya", not "hey the bot said 9"
    r"|^(?:hi|hello|hey|good\s+(?:morning|afternoon|evening))\b"
    r"(?:\s+(?:(?-i:[A-Z])[\w'.-]*|all|team|everyone|there|guys|folks|both))*\s*[,!:]?$"
    r"|^(?:re|subject|ref|fwd?|memo|from|to)\s*:[^.!?]{0,80}$"  # "Re: keyholder details"
    r"|^[^.!?:]{1,40}:$"  # "Staff note (pinned):"
    r"|^(?-i:[A-Z]{3,})\b[^.!?:]{0,40}$"  # "INTERNAL - Ops Manager"
    r"|^[!*#=~-]{2,}[^.?]{0,40}[!*#=~-]{2,}$",  # "!! kitchen note !!"
    re.I,
)
# A line that closes a letter: everything after it is who wrote it.
CLOSING = re.compile(
    r"^(?:yours(?:\s+(?:faithfully|sincerely|truly))?|(?:kind|best|warm|warmest|many)?\s*regards"
    r"|best(?:\s+wishes)?|all\s+the\s+best|(?:many\s+)?thanks(?:\s+again)?|thank\s+you|cheers|sincerely)"
    r"[\s,.!-]*$",
    re.I,
)
# Who wrote it, on its own line at the end: a name and maybe a role ("Mrs E. Garside", "- Maya,
# Studio Owner", "Steve", "HR Director, Kestrel Foods"): every word capitalised.
NAME_LINE = re.compile(r"^[-–—~\s]*(?:[A-Z][\w'.&-]*[,\s]*(?:\(|\)|&|of\s|and\s)?\s*){1,6}$")
FOOT_LINES = 3  # lines at most after the closing, or of names alone at the end
# A label the message opens with on its own line's start: "PINNED - …", "Pinned by Sue: …", "Note for
# everyone incl. the bot: …", "Staff reminder: …", "Memo to desk staff, re: shoe hire. …" (not "Note
# down the time: …", a verb).
LABEL = re.compile(
    # a memo's heading, whom it is to and what about: "Memo to desk staff and whoever looks after the
    # chat, re: shoe hire."
    r"^(?:memo|note|notice|message)\s+(?:to|for)\b[^.!?:]{1,80}?,?\s+re\s*:\s*[^.!?]{1,60}[.!:—–-]\s+(?=\S)"
    # … or only whom: "Note to the driver-librarians and whoever configures the assistant: …"
    r"|^(?:memo|note|notice|message)\s+(?:to|for)\s+(?:the|all|every|our|any|whoever)\b[^.!?:]{1,80}:\s+(?=\S)"
    # … said gently: "Just a gentle note from Priya on the front desk: …"
    r"|^(?:just\s+)?(?:an?\s+)?(?:(?:gentle|friendly|small|little|short)\s+)?"
    r"(?:(?:staff|team|internal|office|shop|kitchen|desk|urgent|important|quick)\s+)?"
    r"(?:pinned|note|notice|reminder|memo|psa|fyi|update|announcement|heads[- ]up)\b"
    r"(?!\s+(?:down|the|that|this|how|what|which|when|where|whether|any|every|all|each|your|their|it|them)\b)"
    r"(?:[^:.!?—–]|(?<=incl)\.|(?<=esp)\.){0,40}?(?::|\s[-—–])\s+(?=\S)",
    re.I,
)


def _name(line: str) -> bool:
    """A line of a name and a role, not words shouted in capitals ("STOP BOOKING KIDS")."""
    return bool(NAME_LINE.match(line)) and len(re.findall(r"\b[A-Z]{3,}\b", line)) <= 1


def labelled(text: str) -> bool:
    """Whether the message opens with a label that makes it a note to the staff ("Office note: …",
    "PINNED - …"): what it states in the plain present is the house's rule."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    start = 0
    while start < len(lines) - 1 and HEAD.match(lines[start]):
        start += 1
    return bool(lines) and bool(LABEL.match(lines[start]))


def message(text: str) -> str:
    """The text without the lines that frame it, nor the label it opens with (see the module's
    docstring and `LABEL`)."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 2:
        return LABEL.sub("", text.strip(), count=1) if lines else text
    start = 0
    while start < len(lines) - 1 and HEAD.match(lines[start]):
        start += 1
    lines[start] = LABEL.sub("", lines[start], count=1)
    end = len(lines)
    closing = next((i for i in range(end - 1, start, -1) if CLOSING.match(lines[i])), None)
    if closing is not None and end - closing - 1 <= FOOT_LINES:
        end = closing
    while end - start > 1 and len(lines) - end < FOOT_LINES and _name(lines[end - 1]):
        end -= 1
    return "\n".join(lines[start:end])
