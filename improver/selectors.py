"""Reads of templates and what an agent is told at session start."""

from config.errors import ApplicationError
from improver.models import TemplateHead
from improver.prompt import prompt_block
from planner import selectors as planner_selectors


def directives_for_agent(*, agent) -> dict:
    """The head version of the agent's template plus what Kaizen learned, as one payload."""
    if agent.template_id is None:
        raise ApplicationError(f"Agent '{agent.name}' runs no template; assign one in the admin.")
    head = (
        TemplateHead.objects.select_related("template", "version")
        .filter(template_id=agent.template_id)
        .first()
    )
    if head is None:
        raise ApplicationError(f"Template of agent '{agent.name}' has no version yet.")
    learned_facts: list[dict] = []
    anti_patterns = planner_selectors.anti_patterns_for_template(agent.template_id)
    proven_patterns = planner_selectors.proven_patterns_for_template(agent.template_id)
    payload = {
        "template": head.template.slug,
        "version": head.version.number,
        "directives": head.version.directives,
        "learned_facts": learned_facts,
        "anti_patterns": anti_patterns,
        "proven_patterns": proven_patterns,
    }
    payload["prompt_block"] = prompt_block(**payload)
    return payload
