"""Whether a dotted path (`package.module.Name`) names something its module defines, found at
start-up without running the module: the settings are read before the apps are, so importing a
class that imports models would fail for a reason that is not the setting's."""

import ast
import importlib.util
from pathlib import Path

# Statements whose bodies still define names at a module's top level.
BLOCKS = (ast.If, ast.Try, ast.With)


def dotted_name(path: str) -> None:
    """Raise ValueError saying why `path` names nothing (empty: nothing asked for, no error)."""
    path = path.strip()
    if not path:
        return
    module, _, name = path.rpartition(".")
    if not module or not all(part.isidentifier() for part in path.split(".")):
        raise ValueError(f"{path!r} is not a dotted path to a class (package.module.Class)")
    try:
        spec = importlib.util.find_spec(module)
    except ImportError:  # a package on the way is missing
        spec = None
    if spec is None:
        raise ValueError(f"{path!r}: there is no module {module} to import it from")
    if not (spec.origin or "").endswith(".py"):
        return  # a compiled or namespace module: what it defines shows only once it runs
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    names, star = defined(tree.body)
    if name not in names and not star:
        raise ValueError(f"{path!r}: module {module} defines no {name}")


def defined(body: list[ast.stmt]) -> tuple[set[str], bool]:
    """The names `body` defines at its own level, and whether it imports `*` (then any may be)."""
    names, star = set(), False
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            for alias in node.names:
                star = star or alias.name == "*"
                names.add(alias.asname or alias.name.split(".")[0])
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            names |= {n.id for t in targets for n in ast.walk(t) if isinstance(n, ast.Name)}
        elif isinstance(node, BLOCKS):
            inner = [*node.body, *getattr(node, "orelse", []), *getattr(node, "finalbody", [])]
            inner += [stmt for handler in getattr(node, "handlers", []) for stmt in handler.body]
            more, more_star = defined(inner)
            names, star = names | more, star or more_star
    return names, star
