"""Checks for parsed JSON that is valid JSON but must never reach the database or a template.

PostgreSQL refuses NUL in text, no encoder accepts a lone surrogate, and deep nesting costs
recursion in every later json.dumps; each is reported as the path of the first bad value, so
a 400 can name the field.
"""

import json
import math
import re

from rest_framework.exceptions import ParseError, ValidationError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 32


def text_problem(text: str) -> str | None:
    if "\x00" in text:
        return "Must not contain the NUL character."
    if not text.isascii():
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return "Must not contain unpaired surrogate characters."
    return None


def _join(path: str, key) -> str:
    if isinstance(key, int):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


def first_problem(
    value, *, max_depth: int = MAX_DEPTH, path: str = "", check_strings: bool = True
) -> tuple[str, str] | None:
    """(field path, message) of the first unsafe string or too-deep container, or None.
    Without `check_strings` (the text was vouched for by `strings_are_safe`) only the nesting
    is checked."""
    stack = [(value, path, 0)]
    while stack:
        item, where, depth = stack.pop()
        if isinstance(item, str):
            message = text_problem(item)
            if message:
                return where or "body", message
        elif isinstance(item, dict | list):
            if depth >= max_depth:
                return where or "body", f"Nested deeper than {max_depth} levels."
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            for key, child in pairs:
                if check_strings and isinstance(key, str):
                    message = text_problem(key)
                    if message:
                        return where or "body", f"Key {key!r}: {message}"
                if check_strings or isinstance(child, dict | list):
                    stack.append((child, _join(where, key), depth + 1))
    return None


# What a NUL or an unpaired surrogate needs in JSON text: an escape (\u0000, \uD800-\uDFFF) or,
# raw, a surrogate's UTF-8 lead byte 0xED (which also starts some valid characters, U+D000-U+D7FF:
# such texts are simply checked string by string).
_RISKY_TEXT = re.compile(rb"\\u(?:0000|[dD][89a-fA-F])|\xed")


def strings_are_safe(raw: bytes) -> bool:
    """True when no string in this UTF-8 JSON text can hold a NUL or an unpaired surrogate, so
    the parsed value need not be checked string by string (one regex pass at C speed)."""
    return json.detect_encoding(raw).startswith("utf-8") and _RISKY_TEXT.search(raw) is None


def _no_constant(name: str):
    raise ValueError(f"{name} is not a JSON number")


def _finite(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"number {text if len(text) <= 20 else text[:20] + '…'} is too large")
    return value


def loads(raw: bytes | str):
    """json.loads that refuses what is not JSON but Python's json accepts (NaN, Infinity, and
    numbers too large for a float, which PostgreSQL's jsonb cannot hold) and turns nesting
    beyond the interpreter's limit into a ParseError."""
    try:
        return json.loads(raw, parse_constant=_no_constant, parse_float=_finite)
    except RecursionError as exc:
        raise ParseError("JSON parse error: nested too deeply.") from exc
    except ValueError as exc:
        raise ParseError(f"JSON parse error: {exc}") from exc


class SafeJSONParser(JSONParser):
    """DRF's JSON parser without the 500s: deep nesting, NUL and lone surrogates are a 400."""

    check_strings = True

    def parse(self, stream, media_type=None, parser_context=None):
        raw = stream.read() if stream is not None else b""
        data = loads(raw)
        if self.check_strings:
            problem = first_problem(data)
            if problem:
                raise ValidationError({problem[0]: [problem[1]]})
        return data


class BatchJSONParser(SafeJSONParser):
    """For batches checked item by item (ingest): one bad event must not cost its siblings."""

    check_strings = False
