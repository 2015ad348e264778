"""The floors hold in the code and in the schema: a lower app never names an upper one, neither
by import, nor by a model's relation, nor by a migration's dependency."""

import ast
from pathlib import Path

import pytest
from django.apps import apps
from django.db.migrations.loader import MigrationLoader

ROOT = Path(__file__).resolve().parents[1]
FLOORS = {
    "config": 0,
    "language": 0,
    "fleet": 1,
    "telemetry": 2,
    "learning": 3,
    "governance": 4,
    "planner": 5,
    "experiments": 6,
    "improver": 7,
    "dashboard": 8,
    "demo": 8,
}
COMPOSITION_ROOT = {"config/urls.py"}  # the URLconf mounts every app's views by design
NOT_APPS = ("config", "language")  # packages on a floor that are no installed app: no models, no migrations


def floor_of(label: str) -> int | None:
    return FLOORS.get(label.split(".")[0])


def imported_apps(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            names.update(alias.name.split(".")[0] for alias in node.names)
    return {name for name in names if name in FLOORS}


@pytest.mark.parametrize("app", list(FLOORS))
def test_modules_import_only_their_floor_or_lower(app):
    offenders = []
    for path in sorted((ROOT / app).rglob("*.py")):
        relative = str(path.relative_to(ROOT))
        if relative in COMPOSITION_ROOT:
            continue
        above = {other for other in imported_apps(path) if FLOORS[other] > FLOORS[app]}
        if above:
            offenders.append(f"{relative} imports {sorted(above)}")
    assert not offenders


@pytest.mark.parametrize("app", [label for label in FLOORS if label not in NOT_APPS])
def test_models_relate_only_to_their_floor_or_lower(app):
    offenders = []
    for model in apps.get_app_config(app).get_models():
        for field in model._meta.get_fields():
            target = getattr(field, "related_model", None)
            if target is None or not field.concrete:
                continue
            target_floor = floor_of(target._meta.app_label)
            if target_floor is not None and target_floor > FLOORS[app]:
                offenders.append(f"{model.__name__}.{field.name} → {target._meta.label}")
    assert not offenders


@pytest.mark.parametrize("app", [label for label in FLOORS if label not in NOT_APPS])
def test_migrations_depend_only_on_their_floor_or_lower(db, app):
    loader = MigrationLoader(None, ignore_no_migrations=True)
    offenders = [
        f"{name} depends on {dep_app}.{dep_name}"
        for (label, name), migration in loader.disk_migrations.items()
        if label == app
        for dep_app, dep_name in [*migration.dependencies, *migration.run_before]
        if (floor_of(dep_app) or 0) > FLOORS[app]
    ]
    assert not offenders


def test_telemetry_holds_events_not_what_is_learned_from_them():
    """Learning (loops 1-3, the facts and friction they keep, the failure signals each session
    showed, the feedback classified from the events) has one home: the learning app.
    Telemetry keeps no model of it, no module of it, and names none of it."""
    telemetry = apps.get_app_config("telemetry")
    assert not {"LearnedFact", "FactSighting", "FrictionEvent"} & {m.__name__ for m in telemetry.get_models()}
    assert {m.__name__ for m in apps.get_app_config("learning").get_models()} == {
        "LearnedFact",
        "FactSighting",
        "FrictionEvent",
        "SessionSignal",
        "FeedbackItem",
    }
    moved = ("loops.py", "corrections.py", "digest.py", "friction.py", "scope_weights.json")
    assert not [name for name in moved if (ROOT / "telemetry" / name).exists()]
    assert not [
        str(path.relative_to(ROOT))
        for path in sorted((ROOT / "telemetry").rglob("*.py"))
        if "migrations" not in path.parts and "learning" in imported_apps(path)
    ]


def test_the_improver_leaves_canaries_to_experiments_and_learning_to_learning():
    """Rollouts are the experiments app's, session signals and feedback items learning's: the
    improver keeps no model and no module of them."""
    assert not {"Rollout", "SessionSignal", "FeedbackItem"} & {
        m.__name__ for m in apps.get_app_config("improver").get_models()
    }
    assert apps.get_model("experiments", "Rollout") and apps.get_model("learning", "FeedbackItem")
    moved = ("outcomes.py", "services/rollouts.py", "services/session_signals.py")
    assert not [name for name in moved if (ROOT / "improver" / name).exists()]


def _modules() -> dict[str, Path]:
    found = {}
    for app in FLOORS:
        for path in (ROOT / app).rglob("*.py"):
            if "migrations" not in path.parts:
                found[".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")] = path
    return found


def _imports(path: Path, modules: dict) -> set[str]:
    """Every project module the file imports, at the top or inside a function."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                full = f"{node.module}.{alias.name}"
                names.add(full if full in modules else node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names & modules.keys()


def test_no_module_imports_itself_through_others():
    """No import circle, counting the imports inside functions that would hide one."""
    modules = _modules()
    graph = {name: _imports(path, modules) for name, path in modules.items()}
    circles = []
    for start in graph:
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for nxt in graph[node]:
                if nxt == start:
                    circles.append(" → ".join([*trail, start]))
                elif nxt not in seen:
                    seen.add(nxt)
                    stack.append((nxt, [*trail, nxt]))
    assert not circles


def test_imports_are_at_the_top_but_at_start_up():
    """Only an AppConfig.ready imports inside a function (the registries it fills need the
    models loaded first)."""
    hidden = []
    for name, path in _modules().items():
        if path.name == "apps.py":
            continue
        tree = ast.parse(path.read_text())
        top = {id(node) for node in tree.body}
        hidden += [
            f"{name}:{node.lineno}"
            for node in ast.walk(tree)
            if isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top
        ]
    assert not hidden
