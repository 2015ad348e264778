"""YAML documents that remember where each key came from, so errors name file, line and key.

Used for templates, goals, actions and config documents. `load` parses with PyYAML's safe
loader under hard limits (size, no aliases, depth, node count), because YAML reaches us from
agent tokens: an alias bomb or a deeply nested document is refused before it costs memory or
CPU. `Doc.mapping` and friends check shapes and raise `YamlDocError` pointing at the line.
"""

import re
from dataclasses import dataclass, field

import yaml
from django.conf import settings

from config.errors import ApplicationError

Path = tuple


class YamlDocError(ValueError):
    def __init__(self, source: str, line: int | None, key: str, message: str):
        self.source, self.line, self.key, self.message = source, line, key, message
        where = f"{source}:{line}" if line else source
        super().__init__(f"{where}: {key}: {message}" if key else f"{where}: {message}")

    def as_api_error(self, field: str = "yaml") -> ApplicationError:
        """The same error as an API 400 naming the field, the line and the key."""
        return ApplicationError(
            str(self), {"fields": {field: [str(self)]}, "line": self.line, "key": self.key}
        )


@dataclass
class Doc:
    data: object
    source: str
    lines: dict[Path, int] = field(default_factory=dict)

    def line(self, path: Path) -> int | None:
        while path and path not in self.lines:
            path = path[:-1]
        return self.lines.get(path, 1)

    def error(self, path: Path, message: str) -> YamlDocError:
        return YamlDocError(self.source, self.line(path), dotted(path), message)

    def mapping(self, path: Path, value, *, required: dict, optional: dict | None = None) -> dict:
        """Check that `value` is a mapping with the required keys, known keys only, right types."""
        optional = optional or {}
        if not isinstance(value, dict):
            raise self.error(path, "must be a mapping")
        for key in value:
            if key not in required and key not in optional:
                known = ", ".join(sorted([*required, *optional]))
                raise self.error((*path, key), f"unknown key (known keys: {known})")
        for key in required:
            if key not in value or value[key] is None:
                raise self.error(path, f"missing required key '{key}'")
        for key, kind in {**required, **optional}.items():
            if key in value and value[key] is not None and not isinstance(value[key], kind):
                raise self.error((*path, key), f"must be {_kind_name(kind)}")
        return value


def _kind_name(kind) -> str:
    names = {
        str: "a string",
        int: "an integer",
        float: "a number",
        bool: "true or false",
        list: "a list",
        dict: "a mapping",
    }
    if isinstance(kind, tuple):
        return " or ".join(names.get(k, k.__name__) for k in kind)
    return names.get(kind, kind.__name__)


def dotted(path: Path) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class LimitExceeded(yaml.YAMLError):
    def __init__(self, message: str, mark):
        super().__init__(message)
        self.problem, self.problem_mark = message, mark


class _LimitedLoader(yaml.SafeLoader):
    """The safe loader, refusing aliases and counting depth and nodes while it composes.

    Anchors and aliases are refused outright: configuration documents never need them, and
    they are the only way a few hundred bytes of YAML expand into gigabytes.
    """

    def __init__(self, stream, *, max_depth: int, max_nodes: int):
        super().__init__(stream)
        self.max_depth, self.max_nodes = max_depth, max_nodes
        self.depth = self.nodes = 0

    def compose_node(self, parent, index):
        if self.check_event(yaml.AliasEvent):
            raise LimitExceeded(
                "aliases (*name) are not allowed (no anchors or aliases)", self.peek_event().start_mark
            )
        event = self.peek_event()
        if getattr(event, "anchor", None):
            raise LimitExceeded("anchors (&name) are not allowed (no anchors or aliases)", event.start_mark)
        self.nodes += 1
        if self.nodes > self.max_nodes:
            raise LimitExceeded(f"more than {self.max_nodes} nodes", event.start_mark)
        self.depth += 1
        if self.depth > self.max_depth:
            raise LimitExceeded(f"nested deeper than {self.max_depth} levels", event.start_mark)
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


_BRACKETS = re.compile(r"[\[\]{}]")


def _bracket_depth(text: str) -> int:
    """The deepest nesting of [ and { in the text (quoted ones too: a cheap upper bound)."""
    depth = deepest = 0
    for match in _BRACKETS.finditer(text):
        depth = depth + 1 if match.group() in "[{" else max(0, depth - 1)
        deepest = max(deepest, depth)
    return deepest


def safe_data(text: str, source: str = "document"):
    """The plain data of a YAML text, parsed under the same limits as `load`."""
    return load(text, source).data


def load(text: str, source: str) -> Doc:
    """Parse YAML text under hard limits; every problem is a YamlDocError with its line."""
    cfg = settings.KAIZEN
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > cfg["YAML_MAX_BYTES"]:
        raise YamlDocError(
            source, None, "", f"document is {size} bytes; the limit is {cfg['YAML_MAX_BYTES']}"
        )
    if "\x00" in text:
        raise YamlDocError(source, None, "", "document contains a NUL character")
    if _bracket_depth(text) > cfg["YAML_MAX_DEPTH"]:
        # PyYAML's scanner looks far ahead inside flow collections ([[[[…): refuse before it runs.
        raise YamlDocError(source, None, "", f"nested deeper than {cfg['YAML_MAX_DEPTH']} levels")
    try:  # the reader refuses control characters while it is built
        loader = _LimitedLoader(text, max_depth=cfg["YAML_MAX_DEPTH"], max_nodes=cfg["YAML_MAX_NODES"])
    except yaml.YAMLError as exc:
        raise YamlDocError(source, None, "", f"invalid YAML: {getattr(exc, 'reason', None) or exc}") from exc
    try:
        node = loader.get_single_node()
    except RecursionError as exc:
        raise YamlDocError(source, None, "", "invalid YAML: nested too deeply") from exc
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise YamlDocError(source, mark.line + 1 if mark else None, "", f"invalid YAML: {problem}") from exc
    finally:
        loader.dispose()
    if node is None:
        return Doc(None, source)
    lines: dict[Path, int] = {}
    _index(node, (), lines)
    constructor = yaml.SafeLoader("")
    try:
        data = constructor.construct_document(node)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        raise YamlDocError(source, mark.line + 1 if mark else None, "", f"invalid YAML: {exc}") from exc
    except (ValueError, OverflowError) as exc:  # e.g. an integer literal of 5,000 digits
        raise YamlDocError(source, None, "", f"invalid YAML value: {exc}") from exc
    return Doc(data, source, lines)


def _index(node, path: Path, lines: dict) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            key = key_node.value
            lines[(*path, key)] = key_node.start_mark.line + 1
            _index(value_node, (*path, key), lines)
            lines[(*path, key)] = key_node.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, child in enumerate(node.value):
            _index(child, (*path, i), lines)
