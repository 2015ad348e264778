"""What of a letter or a pinned note is its message (pure).

Feedback written as a letter or a note has a frame around what it says: who it is to and what
about, above ("Dear Revenues Team,", "Re: account 40021178", "Staff note (pinned):", "INTERNAL -
Ops Manager", "!! kitchen note !!"), and who wrote it, below ("Yours faithfully,", "Kind
regards,", "Mrs E. Garside", "- Maya, Studio Owner"). The frame asks nothing, and read as part of
the message it misleads: an account number in the subject line, or the writer's name, reads as
the one case an instruction is about. Only whole lines at either end are the frame; a message on
one line is read as it is.
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


def _name(line: str) -> bool:
    """A line of a name and a role, not words shouted in capitals ("STOP BOOKING KIDS")."""
    return bool(NAME_LINE.match(line)) and len(re.findall(r"\b[A-Z]{3,}\b", line)) <= 1


def message(text: str) -> str:
    """The text without the lines that frame it (see the module's docstring)."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if len(lines) < 2:
        return text
    start = 0
    while start < len(lines) - 1 and HEAD.match(lines[start]):
        start += 1
    end = len(lines)
    closing = next((i for i in range(end - 1, start, -1) if CLOSING.match(lines[i])), None)
    if closing is not None and end - closing - 1 <= FOOT_LINES:
        end = closing
    while end - start > 1 and len(lines) - end < FOOT_LINES and _name(lines[end - 1]):
        end -= 1
    return "\n".join(lines[start:end])
