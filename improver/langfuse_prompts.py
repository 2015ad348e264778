"""Langfuse's `get_prompt(name)`: the agent's directives as a Langfuse text prompt, beside the
Langfuse API telemetry serves (telemetry/intake/langfuse.py)."""

from django.http import JsonResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema

from config.errors import NotFound, field_error
from config.permissions import request_agent
from fleet.models import AgentTemplate, DocumentVersion
from improver.selectors import directives_for_agent
from telemetry.intake.langfuse import LangfuseApi


class PromptApi(LangfuseApi):
    """`get_prompt(name)`: the directives the agent is served, as a Langfuse text prompt named
    after its template. The prompt is the whole prompt block (directives and what was learned);
    its version is the template version; its labels are the arm the agent is on (`production`
    with `champion`, or `candidate` during a canary). `version=N` gives that version's directives."""

    @extend_schema(
        parameters=[
            OpenApiParameter("version", int, required=False),
            OpenApiParameter("label", str, required=False),
        ],
        responses={200: OpenApiResponse(description="Langfuse `Prompt` of type text")},
    )
    def get(self, request, name: str):
        agent = request_agent(request)
        template = AgentTemplate.objects.filter(pk=agent.template_id).first()
        if template is None or name != template.slug:
            runs = f"its template is '{template.slug}'" if template else "it runs no template"
            raise NotFound(f"No prompt '{name}' for agent '{agent.name}': {runs}.")
        version = request.query_params.get("version")
        if version is not None:
            if not version.isdigit():
                raise field_error("version", "A whole number.")
            stored = DocumentVersion.objects.filter(
                document=template.document_id, number=int(version)
            ).first()
            if stored is None:
                raise NotFound(f"{template.slug} has no version {version}.")
            return JsonResponse(_prompt(name, stored.number, stored.text, [], {"template": template.slug}))
        served = directives_for_agent(agent=agent)
        labels = ["production", "champion"] if served["arm"] == "champion" else ["candidate"]
        config = {"template": template.slug, "arm": served["arm"], "directives": served["directives"]}
        return JsonResponse(_prompt(name, served["version"], served["prompt_block"], labels, config))


def _prompt(name: str, version: int, text: str, labels: list[str], config: dict) -> dict:
    return {
        "type": "text",
        "name": name,
        "version": version,
        "prompt": text,
        "config": config,
        "labels": labels,
        "tags": ["kaizen"],
        "commitMessage": None,
    }
