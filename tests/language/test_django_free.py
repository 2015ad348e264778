"""The readers of people's words stand on their own: no module of `language/` imports Django or
any package of the project (an app, the settings), and the whole package imports, and reads a
sentence, in a fresh interpreter that has no Django settings and never loads Django."""

import ast
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LANGUAGE = ROOT / "language"
# every top-level package of this tree but `language` itself (the apps, the settings, the SDK,
# the bench and the tests), and Django with anything built on it
PROJECT = {path.parent.name for path in ROOT.glob("*/__init__.py")} - {"language"}
FORBIDDEN = PROJECT | {"django", "rest_framework", "drf_spectacular", "celery", "django_celery_beat"}


def imported(path: Path) -> set[str]:
    """The top-level names of every module `path` imports (at the top or inside a function); a
    relative import names `language`."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
        if isinstance(node, ast.ImportFrom):
            names.add("language" if node.level else (node.module or "").split(".")[0])
        elif isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
    return names


def test_the_check_knows_the_packages_it_forbids():
    assert {"config", "fleet", "learning", "improver", "experiments"} <= PROJECT


def test_no_module_of_language_imports_django_or_an_app():
    modules = sorted(LANGUAGE.rglob("*.py"))
    assert len(modules) > 10
    offenders = {
        str(path.relative_to(ROOT)): sorted(imported(path) & FORBIDDEN)
        for path in modules
        if imported(path) & FORBIDDEN
    }
    assert not offenders


PROBE = """
import importlib, pkgutil, sys
import language
names = [m.name for m in pkgutil.walk_packages(language.__path__, "language.")]
for name in names:
    importlib.import_module(name)
from language.contrary import contrary
from language.remedy_reading import is_remedy
from language.scope import is_instance
assert is_remedy("Please cite the source for every number.")
assert is_instance("No, the refund for order #A66468 was $42.50.")
assert contrary("Use bullet points.", "Don't use bullet points.")
loaded = sorted(m for m in sys.modules if m.split(".")[0] in {"django", "config"})
print(len(names), loaded)
"""


def test_the_package_imports_and_reads_without_django_settings():
    env = {key: value for key, value in os.environ.items() if key != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    count, loaded = done.stdout.split(" ", 1)
    assert int(count) > 10
    assert loaded.strip() == "[]"  # neither Django nor the settings were ever loaded
