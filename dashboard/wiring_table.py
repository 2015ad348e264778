"""The whole wiring between the apps, as one table read from the running registries.

Every app wires itself once at start-up, in its wiring.py (`register`, called by its
AppConfig.ready), and nowhere else: no module registers anything by being imported. This reads
back what those calls left in every registry, in the order things run:

- hooks: the handlers of newly stored events (`telemetry.hooks.on_stored`), by event type, with
  the rows they wait for and how they are called. A handler is named by its module and
  qualified name, as the derived-work to-do list stores it (PendingDerivation.handler);
- keepers: what retention keeps past its window (the receivers of
  `telemetry.retention.keep_events`; telemetry also keeps the to-do list's events itself);
- validators: the documents people edit, by name or prefix, and what checks their text
  (`fleet.documents.on_validate`);
- proposal types: what deciding a proposal of each type does and how it is shown
  (`governance.registry.register`), one row a handler;
- signals: every signal an app defines, with its receivers (none: a dash), and every Django or
  Celery signal an app answers, with the sender it listens to;
- keyed tables: the other registries filled by name: the MCP server's tools, prompts and
  resources, the query lookups and the OpenAPI authentication schemes.

It lives on the top floor because it reads every floor; it writes nothing.
"""

import ast
import functools
import re
import sys
import weakref
from importlib import import_module
from pathlib import Path

from celery.utils.dispatch.signal import Signal as CelerySignal
from django.apps import apps
from django.conf import settings
from django.db.models.query_utils import RegisterLookupMixin
from django.dispatch import Signal
from drf_spectacular.extensions import OpenApiAuthenticationExtension

from fleet import documents
from fleet.schema import dotted
from governance import registry
from telemetry import hooks
from telemetry.intake.mcp import server
from telemetry.retention import keep_events

Row = tuple[str, ...]
SECTIONS = {  # key: (title, columns)
    "hooks": ("Handlers of stored events", ("event type", "handler", "rows", "called with")),
    "keepers": ("Retention keepers", ("keeper",)),
    "validators": ("Document validators", ("document", "validator")),
    "proposal types": ("Proposal types", ("type", "role", "handler")),
    "signals": ("Signals", ("signal", "sender", "receiver")),
    "keyed tables": ("Keyed tables", ("table", "key", "entry")),
}
FRAMEWORK_SIGNALS = (  # the modules of the Django and Celery signals an app may answer
    "django.core.signals",
    "django.db.backends.signals",
    "django.db.models.signals",
    "celery.signals",
)
PLAIN = {"any", "—"}  # one-word cells that are words, not names (a cell with a space is words)
DOCS = Path(settings.BASE_DIR) / "docs" / "concepts" / "architecture.md"
BEGIN, END = "<!-- wiring-table: begin -->", "<!-- wiring-table: end -->"


def name_of(thing) -> str:
    """A function's or class's dotted name: its module and qualified name."""
    return f"{thing.__module__}.{thing.__qualname__}"


@functools.cache
def ours_path(path: Path, root: Path) -> bool:
    """Whether an app's code is this project's: under its root, not in an installed package (a
    virtualenv may live inside the checkout)."""
    return path.is_relative_to(root) and "site-packages" not in path.parts


def project_packages() -> frozenset[str]:
    """The top-level packages of this project's code: its apps and `config`."""
    root = Path(settings.BASE_DIR).resolve()
    inside = {a.name.split(".")[0] for a in apps.get_app_configs() if ours_path(Path(a.path), root)}
    return frozenset({"config", *inside})


def ours(thing) -> bool:
    return getattr(thing, "__module__", "").split(".")[0] in project_packages()


def hook_rows() -> list[Row]:
    rows = []
    for event_type, registrations in sorted(hooks.registered().items()):
        for r in registrations:
            accepts = "every row" if r.accepts is hooks.every_row else name_of(r.accepts)
            rows.append((event_type, r.name, accepts, "whole batch" if r.whole_batch else "per agent"))
    return rows


def validator_rows() -> list[Row]:
    return [(prefix, name_of(validator)) for prefix, validator in documents.validators().items()]


def proposal_type_rows() -> list[Row]:
    return [
        (proposal_type, role, name_of(handler))
        for proposal_type, handlers in registry.registered().items()
        for role, handler in vars(handlers).items()
        if handler is not None
    ]


def receivers(signal) -> list[tuple[int, object]]:
    """(the sender's id, the receiver) of each live receiver of a Django or Celery signal, in the
    order they are called."""
    found = []
    for entry in signal.receivers:
        lookup_key, receiver = entry[0], entry[1]
        if isinstance(receiver, weakref.ReferenceType):
            receiver = receiver()
        if receiver is not None:
            found.append((lookup_key[1], receiver))
    return found


def sender_names() -> dict[int, str]:
    """What a signal's sender id stands for: no sender, a model, or an app (its `migrate`)."""
    names = {id(None): "any"}
    names.update({id(model): model._meta.label for model in apps.get_models()})
    names.update({id(config): f"the {config.label} app" for config in apps.get_app_configs()})
    return names


def defined_signals() -> dict[str, object]:
    """Every signal a module of the project defines at its top (`name = Signal()`), by its
    dotted name."""
    found = {}
    root = Path(settings.BASE_DIR)
    for package in sorted(project_packages()):
        for path in sorted((root / package).rglob("*.py")):
            if "migrations" in path.parts:
                continue
            module = ".".join(path.relative_to(root).with_suffix("").parts).removesuffix(".__init__")
            for node in ast.parse(path.read_text()).body:
                value = getattr(node, "value", None)
                if not isinstance(node, ast.Assign | ast.AnnAssign) or not isinstance(value, ast.Call):
                    continue
                if getattr(value.func, "id", getattr(value.func, "attr", "")) != "Signal":
                    continue
                targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                for target in [t for t in targets if isinstance(t, ast.Name)]:
                    found[f"{module}.{target.id}"] = getattr(import_module(module), target.id)
    return found


def signal_rows() -> list[Row]:
    """Each signal with each receiver (the project's own signals first, then the framework's the
    apps answer); keep_events is left to the keepers."""
    senders, rows = sender_names(), []
    for name, signal in defined_signals().items():
        if signal is keep_events:
            continue
        answered = receivers(signal)
        rows += [(name, senders.get(s, str(s)), name_of(r)) for s, r in answered] or [(name, "any", "—")]
    for module in FRAMEWORK_SIGNALS:
        for attr, signal in sorted(vars(sys.modules.get(module) or import_module(module)).items()):
            if isinstance(signal, Signal | CelerySignal):
                name = f"{module}.{attr}"
                rows += [(name, senders.get(s, str(s)), name_of(r)) for s, r in receivers(signal) if ours(r)]
    return rows


def keyed_rows() -> list[Row]:
    """The MCP server's tools, prompts and resources (read from the SDK's managers, which it keeps
    to itself), the query lookups the apps register and the OpenAPI authentication schemes."""
    rows = [("MCP tools", t.name, name_of(t.fn)) for t in server._tool_manager.list_tools()]
    rows += [("MCP prompts", p.name, name_of(p.fn)) for p in server._prompt_manager.list_prompts()]
    rows += [("MCP resources", str(r.uri), name_of(r.fn)) for r in server._resource_manager.list_resources()]
    owners, seen = [RegisterLookupMixin], set()
    for owner in owners:  # every class lookups may be registered on, the list growing as it goes
        owners.extend(sub for sub in owner.__subclasses__() if sub not in seen and not seen.add(sub))
        own = owner.__dict__.get("class_lookups", {})
        label = f"query lookups of {owner.__qualname__}"
        rows += [(label, key, name_of(lookup)) for key, lookup in sorted(own.items()) if ours(lookup)]
    for extension in OpenApiAuthenticationExtension._registry:
        if ours(extension):
            rows.append(("OpenAPI authentication schemes", extension.name, dotted(extension.target_class)))
    return rows


def wiring_table() -> dict[str, list[Row]]:
    """The whole table, section by section (see the module's words)."""
    return {
        "hooks": hook_rows(),
        "keepers": [(name_of(r),) for _, r in receivers(keep_events)],
        "validators": validator_rows(),
        "proposal types": proposal_type_rows(),
        "signals": signal_rows(),
        "keyed tables": keyed_rows(),
    }


def _cell(text: str) -> str:
    return text if text in PLAIN or " " in text else f"`{text}`"


def wiring_markdown(table: dict[str, list[Row]] | None = None) -> str:
    """The table as Markdown: a heading and a table for each section."""
    table = wiring_table() if table is None else table
    out = []
    for key, (title, columns) in SECTIONS.items():
        out += [f"#### {title}", "", f"| {' | '.join(columns)} |", f"|{'---|' * len(columns)}"]
        out += [f"| {' | '.join(_cell(c) for c in row)} |" for row in table[key]]
        out.append("")
    return "\n".join(out).rstrip("\n") + "\n"


def docs_section(text: str) -> str:
    """What the page holds between its wiring-table markers."""
    match = re.search(f"{re.escape(BEGIN)}\n(.*?){re.escape(END)}", text, re.S)
    if match is None:
        raise ValueError(f"{DOCS.name} has no {BEGIN} … {END} section")
    return match.group(1).strip("\n") + "\n"


def docs_write() -> bool:
    """Write the table between the page's markers; False when it was already there."""
    text = DOCS.read_text()
    if docs_section(text) == wiring_markdown():
        return False
    start, end = text.index(BEGIN) + len(BEGIN), text.index(END)
    DOCS.write_text(f"{text[:start]}\n\n{wiring_markdown()}\n{text[end:]}")
    return True
