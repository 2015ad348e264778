"""The wiring between the apps, as one table: every hook, retention keeper, document validator,
proposal type, signal receiver and keyed-table entry the apps register at start-up, each in the
order it runs. A registration added, removed, renamed, reordered or made twice changes the table
and fails this test, and the documentation carries the same table."""

import ast
from importlib import import_module
from pathlib import Path

import pytest
from django.apps import apps
from django.utils.module_loading import import_string

from dashboard.wiring_table import DOCS, docs_section, wiring_markdown, wiring_table
from telemetry import hooks

ROOT = Path(__file__).resolve().parents[1]
WIRED = [
    "fleet",
    "telemetry",
    "learning",
    "governance",
    "planner",
    "experiments",
    "improver",
]  # apps with a wiring.py

EXPECTED = {
    "hooks": [
        ("correction", "learning.loops.learn_from_corrections", "every row", "whole batch"),
        ("correction", "learning.session_signals.corrections", "every row", "whole batch"),
        ("correction", "learning.feedback.corrections_classified", "every row", "whole batch"),
        (
            "decision",
            "learning.session_signals.rejected_decisions",
            "learning.wiring.rejected_decision",
            "whole batch",
        ),
        ("decision", "learning.feedback.decisions_classified", "every row", "whole batch"),
        ("friction", "improver.services.maintenance.friction_to_proposal", "every row", "whole batch"),
        ("hitl_escalation", "learning.session_signals.escalations", "every row", "whole batch"),
        ("hitl_escalation", "planner.proposals.escalations_to_goal_proposals", "every row", "per agent"),
        ("observation", "learning.session_signals.negative_feedback", "every row", "whole batch"),
        ("observation", "learning.feedback.observations_classified", "every row", "whole batch"),
        ("session_end", "learning.loops.digest_sessions", "every row", "whole batch"),
        (
            "session_end",
            "learning.session_signals.reflected_failures",
            "learning.wiring.reflects_failures",
            "whole batch",
        ),
        ("session_renamed", "learning.session_signals.signals_renamed", "every row", "whole batch"),
        (
            "skill_outcome",
            "learning.session_signals.skill_failures",
            "learning.wiring.failed_outcome",
            "whole batch",
        ),
        ("skill_outcome", "planner.stores.on_skill_outcomes", "every row", "whole batch"),
        ("skill_outcome_amended", "planner.stores.amend_outcomes", "every row", "whole batch"),
        (
            "skill_outcome_withdrawn",
            "learning.session_signals.skill_failures_withdrawn",
            "learning.wiring.failed_outcome",
            "whole batch",
        ),
        ("skill_outcome_withdrawn", "planner.stores.forget_outcomes", "every row", "whole batch"),
        (
            "tool_invocation",
            "learning.loops.friction_detect",
            "learning.loops.counts_as_friction",
            "whole batch",
        ),
        (
            "tool_invocation",
            "learning.session_signals.tool_failures",
            "learning.wiring.failed_call",
            "whole batch",
        ),
        ("wake_run", "learning.feedback.ratings_classified", "learning.wiring.rated_run", "whole batch"),
    ],
    "keepers": [
        ("learning.wiring.corrections_kept",),
        ("governance.wiring.cited_events_kept",),
    ],
    "validators": [
        ("prices", "fleet.pricing.parse_prices"),
        ("goals", "planner.goals.parse_goals"),
        ("actions", "planner.config_docs.parse_actions_of_goals"),
        ("card:", "planner.cards.parse_card"),
    ],
    "proposal types": [
        ("goal", "approve", "planner.proposals.approve_goal"),
        ("goal", "validate", "planner.proposals.validate_goal"),
        ("goal", "review", "planner.review.document_review"),
        ("action", "approve", "planner.proposals.approve_action"),
        ("action", "validate", "planner.proposals.validate_action"),
        ("action", "review", "planner.review.document_review"),
        ("config_change", "approve", "planner.proposals.approve_config_change"),
        ("config_change", "validate", "planner.proposals.validate_config_change"),
        ("config_change", "review", "planner.review.document_review"),
        ("template_evolution", "approve", "improver.services.evolution.on_approve"),
        ("template_evolution", "reject", "improver.services.evolution.on_reject"),
        ("template_evolution", "refine", "improver.services.evolution.on_refine"),
        ("template_evolution", "review", "improver.review.review"),
        ("template_evolution", "what_next", "improver.services.evolution.what_next"),
        ("template_evolution", "lines", "improver.services.evolution.evolution_lines"),
        ("maintenance", "review", "improver.review.maintenance_review"),
        ("new_tool", "review", "improver.review.new_tool_review"),
    ],
    "signals": [
        ("config.webhooks.delivery_given_up", "any", "fleet.services.webhook_failure_record"),
        ("fleet.documents.head_moved", "any", "planner.config_docs.card_head_moved"),
        ("fleet.documents.head_moved", "any", "improver.wiring.template_head_moved"),
        ("governance.registry.proposal_approved", "any", "governance.board.services.work_task_for_approved"),
        ("governance.selectors.lines_counted", "any", "experiments.wiring.proposal_lines"),
        ("telemetry.hooks.batches_committed", "any", "planner.wiring.waiting_feedback_folds"),
        ("telemetry.retention.prune_beside", "any", "experiments.wiring.ended_draws"),
        ("django.db.models.signals.post_migrate", "the fleet app", "fleet.pricing.ensure_default"),
        ("django.db.models.signals.post_migrate", "the telemetry app", "config.schedule.sync_periodic_tasks"),
        (
            "django.db.models.signals.post_migrate",
            "the telemetry app",
            "telemetry.wiring.partitions_at_migrate",
        ),
        ("django.db.models.signals.post_migrate", "the planner app", "planner.config_docs.ensure_defaults"),
        ("django.db.models.signals.post_save", "fleet.Agent", "fleet.hot_cache.agent_saved"),
        ("django.db.models.signals.post_save", "fleet.Document", "fleet.hot_cache.document_saved"),
        ("django.db.models.signals.post_save", "fleet.ApiToken", "fleet.hot_cache.token_saved"),
        (
            "django.db.models.signals.pre_delete",
            "experiments.Rollout",
            "experiments.rollouts.rollout_deleted",
        ),
        ("celery.signals.beat_init", "any", "telemetry.wiring.partitions_at_start"),
        ("celery.signals.worker_ready", "any", "telemetry.wiring.partitions_at_start"),
    ],
    "keyed tables": [
        ("MCP tools", "report_tool_call", "telemetry.intake.mcp.report_tool_call"),
        ("MCP tools", "report_outcome", "telemetry.intake.mcp.report_outcome"),
        ("MCP tools", "report_correction", "telemetry.intake.mcp.report_correction"),
        ("MCP tools", "report_feedback", "telemetry.intake.mcp.report_feedback"),
        ("MCP tools", "submit_proposal", "improver.mcp_server.submit_proposal"),
        ("MCP prompts", "directives", "improver.mcp_server.directives"),
        ("MCP resources", "kaizen://facts", "improver.mcp_server.facts"),
        ("MCP resources", "kaizen://anti-patterns", "improver.mcp_server.anti_patterns"),
        ("query lookups of Field", "any_of", "telemetry.row_reads.AnyOf"),
        ("OpenAPI authentication schemes", "bearerToken", "fleet.auth.BearerTokenAuthentication"),
        ("OpenAPI authentication schemes", "basicToken", "fleet.auth.BasicTokenAuthentication"),
    ],
}


def test_the_wiring_table():
    print()
    print(wiring_markdown())
    assert wiring_table() == EXPECTED


def test_the_documentation_carries_the_table():
    """docs/concepts/architecture.md holds the table as generated (`manage.py wiring_table
    --write-docs` writes it)."""
    assert docs_section(DOCS.read_text()) == wiring_markdown()


def test_a_hook_is_found_again_by_the_name_its_to_do_entries_store():
    """A to-do entry (PendingDerivation.handler) names its handler by module and name: each name
    leads back to the handler registered under it."""
    for registrations in hooks.registered().values():
        for registration in registrations:
            assert import_string(registration.name) is registration.handler, registration.name


def test_registering_again_changes_nothing():
    """Each app's wiring is made once: a second `register` finds everything already there."""
    for label in WIRED:
        import_module(f"{label}.wiring").register(apps.get_app_config(label))
    assert wiring_table() == EXPECTED


OURS = [
    config.label
    for config in apps.get_app_configs()
    if config.path.startswith(str(ROOT)) and "site-packages" not in Path(config.path).parts
]


def ready_of(label: str) -> ast.FunctionDef | None:
    """The `ready` method of the app's AppConfig, as written in its apps.py."""
    tree = ast.parse((ROOT / label / "apps.py").read_text())
    methods = [f for c in tree.body if isinstance(c, ast.ClassDef) for f in c.body]
    return next((f for f in methods if isinstance(f, ast.FunctionDef) and f.name == "ready"), None)


@pytest.mark.parametrize("label", OURS)
def test_ready_only_registers(label):
    """An app's AppConfig.ready imports its wiring's `register` and calls it, nothing else; an app
    with nothing to wire has no ready and no wiring.py."""
    ready = ready_of(label)
    if label not in WIRED:
        assert ready is None and not (ROOT / label / "wiring.py").exists()
        return
    body = [ast.unparse(node) for node in ready.body]
    assert body == [f"from {label}.wiring import register", "register(self)"]


REGISTERING = {
    "on_stored",
    "on_validate",
    "register_lookup",
    "tool",
    "prompt",
    "resource",
    "receiver",
    "connect",
}


def registering_at_import(path: Path) -> list[str]:
    """The statements at a module's top that register something: a call such as `x.connect(...)`
    or a decorator such as `@server.tool()` / `@on_stored(...)`."""
    found = []
    for node in ast.parse(path.read_text()).body:
        calls = [node.value] if isinstance(node, ast.Expr) and isinstance(node.value, ast.Call) else []
        calls += getattr(node, "decorator_list", [])
        for call in calls:
            func = call.func if isinstance(call, ast.Call) else call
            name = getattr(func, "attr", getattr(func, "id", ""))
            if name in REGISTERING:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} {name}")
    return found


def test_no_module_registers_by_being_imported():
    """Hooks, validators, lookups, MCP tools and signal receivers are registered by the wiring's
    calls, never by a module's top-level code running when something imports it."""
    offenders = []
    for label in ["config", *OURS]:
        for path in sorted((ROOT / label).rglob("*.py")):
            if "migrations" not in path.parts:
                offenders += registering_at_import(path)
    assert not offenders
