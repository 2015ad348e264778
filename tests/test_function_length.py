"""No function of the application is longer than 80 lines: one that grows past it is split into
functions that each do one thing their name says. A function's length runs from its `def` line to
its last line (decorators not counted); migrations, tests and the bench are not the application."""

import ast
from pathlib import Path

from django.conf import settings

ROOT = Path(__file__).resolve().parents[1]
# the project's own apps (those installed from this tree), the settings, the readers of people's
# words (a plain package) and the SDK
APPS = ("config", "language", *(app for app in settings.INSTALLED_APPS if (ROOT / app).is_dir()), "sdk")
LEFT_OUT = {"migrations", "tests"}  # folders inside an app that are not its code
MAX_LINES = 80


def long_functions() -> dict[tuple[str, str], int]:
    """(path, function name) → its length in lines, for every application function over the limit
    (methods and nested functions included)."""
    found = {}
    for app in APPS:
        for path in sorted((ROOT / app).rglob("*.py")):
            relative = path.relative_to(ROOT)
            if LEFT_OUT & set(relative.parts):
                continue
            for node in ast.walk(ast.parse(path.read_text(), filename=str(relative))):
                if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                    lines = node.end_lineno - node.lineno + 1
                    if lines > MAX_LINES:
                        found[(relative.as_posix(), node.name)] = lines
    return found


def test_no_application_function_is_over_80_lines():
    too_long = long_functions()
    assert not too_long, "\n".join(
        f"{path}: {name} is {lines} lines (at most {MAX_LINES})"
        for (path, name), lines in sorted(too_long.items())
    )
