"""What a rule reads of a text (pure): its beginning, and in it runs of non-space characters
cut short.

A correction is a sentence or an edited reply, and what decides it lies in its beginning; a
free-text field may hold 20,000 characters (KAIZEN_INGEST_MAX_TEXT_CHARS), over which an edit
distance, a line diff or a regular expression tried from every position would take seconds of a
derive pass. So every rule reads the first RULE_TEXT_CHARS characters of each text (the stored fact
keeps the whole message), and of those the first RULE_TEXT_LINES lines where it compares lines, and
each run of non-space characters cut to RULE_TOKEN_CHARS where it looks for identifiers and numbers:
a regular expression that may be tried from every position of a run then reads at most that much
from each, so its cost grows with the text, not with its square. Feedback is classified
(language.classify) within the same bound.
"""

import re

RULE_TEXT_CHARS = 2_000
RULE_TEXT_LINES = 200
RULE_TOKEN_CHARS = 100
_LONG_TOKEN = re.compile(rf"\S{{{RULE_TOKEN_CHARS + 1},}}")


def rule_text(text: str) -> str:
    """The part of `text` a rule reads: its first RULE_TEXT_CHARS characters."""
    return text[:RULE_TEXT_CHARS]


def tokens_cut(text: str) -> str:
    """`text` bounded (rule_text), with each run of non-space characters cut to RULE_TOKEN_CHARS."""
    return _LONG_TOKEN.sub(lambda m: m.group()[:RULE_TOKEN_CHARS], rule_text(text))
