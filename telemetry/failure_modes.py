"""A failure mode from the text a tool reported (its error, status message or exception type),
by ordered rules over the taxonomy (pure). The first rule that matches decides; text that matches
none gives no mode (the failure is stored, and friction, which needs a mode, ignores it)."""

import re

RULES: tuple[tuple[str, str], ...] = (
    (
        "PERM",
        r"permission|forbidden|unauthori[sz]ed|access denied|\beacces\b|\beperm\b|\b40[13]\b|"
        r"not permitted",
    ),
    ("TIMEOUT", r"timed? ?out|timeout|deadline exceeded|\betimedout\b"),
    (
        "NETWORK",
        r"connection|econnrefused|econnreset|network|name resolution|"
        r"could not resolve host|unreachable|ssl|tls|\b50[234]\b",
    ),
    (
        "NOTFOUND",
        r"not found|no such file|\benoent\b|\b404\b|does not exist|cannot find|could not find|modulenotfound|"
        r"\bno (?:matching )?[\w-]+(?: [\w-]+)? found\b|\bno [\w-]+ named\b",  # "No matching version found"
    ),
    ("SYNTAX", r"syntax ?error|parse error|unexpected token|invalid json|jsondecodeerror|yaml"),
    ("CONFLICT", r"conflict|\b409\b|already exists|is locked|lock held"),
    (
        "ARGS",
        r"invalid argument|bad request|\b400\b|missing required|unexpected keyword|typeerror|valueerror|"
        r"invalid value|unrecognized (argument|option)",
    ),
    ("TOOL_GAP", r"not supported|not implemented|unknown command|no such command|unsupported"),
    ("RUNTIME", r"error|exception|traceback|failed|panic|exit (code|status)|crash"),
)
COMPILED = tuple((mode, re.compile(pattern, re.I)) for mode, pattern in RULES)


def derive(text: str) -> str:
    """The failure mode `text` describes, or "" when no rule matches."""
    return next((mode for mode, pattern in COMPILED if pattern.search(text or "")), "")
