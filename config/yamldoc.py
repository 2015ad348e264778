"""YAML documents that remember where each key came from, so errors name file, line and key.

Used for templates, goals, actions and config documents. `load` parses with PyYAML's safe
loader; `Doc.require` and friends check shapes and raise `YamlDocError` pointing at the line.
"""

from dataclasses import dataclass, field

import yaml

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


def load(text: str, source: str) -> Doc:
    """Parse YAML text; syntax errors become YamlDocError with the line of the problem."""
    try:
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc)
        raise YamlDocError(source, mark.line + 1 if mark else None, "", f"invalid YAML: {problem}") from exc
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
