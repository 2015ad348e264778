"""The parts of Langfuse's public API its SDK calls besides tracing, so that a Langfuse user
changes only the host (the agent token as the secret key, Basic auth as the SDK sends it):
`auth_check()` reads the project and scores land as feedback events. (`get_prompt(name)` is served
by the improver, which knows what each agent is served.)"""

from datetime import datetime

from django.conf import settings
from django.db.models import CharField, Value
from django.http import JsonResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from config import clock
from config.errors import ApplicationError, field_error
from config.permissions import IsAgent, request_agent
from config.scales import parse_scales
from fleet.auth import BasicTokenAuthentication
from telemetry.ingest import events_ingest
from telemetry.intake.langfuse_scores import score_event
from telemetry.models import EVENT_MODELS
from telemetry.selectors import trace_session, trace_user

LANGFUSE_AUTH = [*api_settings.DEFAULT_AUTHENTICATION_CLASSES, BasicTokenAuthentication]


class LangfuseApi(APIView):
    permission_classes = [IsAgent]
    authentication_classes = LANGFUSE_AUTH


class ProjectsApi(LangfuseApi):
    """The project behind the keys: the agent the token belongs to (what `auth_check()` reads)."""

    @extend_schema(responses={200: OpenApiResponse(description="Langfuse `Projects`: the token's agent")})
    def get(self, request):
        agent = request_agent(request)
        project = {
            "id": f"kaizen-agent-{agent.pk}",
            "name": agent.name,
            "organization": {"id": "kaizen", "name": "Kaizen"},
            "metadata": {"template": agent.template.slug if agent.template_id else None},
        }
        return JsonResponse({"data": [project]})


class ScoresApi(LangfuseApi):
    """Langfuse scores (one or a list) stored as feedback: numbers, booleans and categories as
    observations with their sentiment and the comment as text, free text as an observation, a
    correction as a correction; on a trace, the session its spans were stored under, given by the
    end user its spans named."""

    @extend_schema(
        request={"application/json": dict},
        responses={
            200: OpenApiResponse(description='One score: {"id"}, as Langfuse answers; a list: {"ids"}'),
            207: OpenApiResponse(
                description='A list with refusals: {"accepted", "rejected", "errors": [{"message"}]}'
            ),
        },
    )
    def post(self, request):  # noqa: C901  (one branch per Langfuse batch item type)
        one = not isinstance(request.data, list)
        scores = [request.data] if one else request.data
        most = settings.KAIZEN["INGEST_MAX_EVENTS"]
        if not 1 <= len(scores) <= most:
            raise field_error("scores", f"Send 1 to {most} scores at once; got {len(scores)}.")
        agent, now = request_agent(request), clock.now()
        scales = parse_scales(settings.KAIZEN["SCORE_SCALES"])
        events, errors, sessions, users = [], [], {}, {}

        def session_of(trace: str) -> str:  # the scores of one trace share one lookup
            if trace not in sessions:
                sessions[trace] = trace_session(agent_id=agent.pk, trace_id=trace)
            return sessions[trace]

        def user_of(trace: str) -> str | None:
            if trace not in users:
                users[trace] = trace_user(agent_id=agent.pk, trace_id=trace)
            return users[trace]

        made = [score_event(score, session_of, now, scales=scales, user_of=user_of) for score in scores]
        # stamped here: a retry of the same score keeps the time it was first stored with
        unstamped = [
            event
            for (event, _), score in zip(made, scores, strict=True)
            if event is not None and "id" in event and not score.get("timestamp")
        ]
        first = first_stored_times(agent, [(event["type"], event["id"]) for event in unstamped])
        for event in unstamped:
            event["timestamp"] = first.get((event["type"], event["id"]), now).isoformat()
        for index, (event, why) in enumerate(made):
            if event is None:
                if one:
                    field, _, message = why.partition(": ")
                    raise field_error(field, message)
                errors.append({"message": f"score {index}: {why}"})
            else:
                events.append(event)
        results = events_ingest(agent=agent, batch=events) if events else []
        refused = [r for r in results if r.status == 400]
        if one and refused:
            field, messages = next(iter(refused[0].errors.items()))
            raise ApplicationError(f"{field}: {messages[0]}", {"fields": refused[0].errors})
        errors += [{"message": f"score: {r.errors}"} for r in refused]
        ids = [_score_id(r.id) for r in results if r.status != 400]
        if one:
            return JsonResponse({"id": ids[0]})
        if not errors:
            return JsonResponse({"ids": ids})
        return JsonResponse(
            {"accepted": len(scores) - len(errors), "rejected": len(errors), "errors": errors}, status=207
        )


def first_stored_times(agent, keys: list[tuple[str, str]]) -> dict[tuple[str, str], datetime]:
    """When each of the agent's events (type, id) was first stored, for those stored already: one
    query for a whole batch of scores, whatever their number (a union over their event types)."""
    ids_by_type: dict[str, set[str]] = {}
    for event_type, event_id in keys:
        ids_by_type.setdefault(event_type, set()).add(event_id)
    reads = [
        EVENT_MODELS[event_type]
        .objects.filter(agent=agent, dedup_key__any_of=sorted(ids))
        .annotate(kind=Value(event_type, output_field=CharField()))
        .values_list("kind", "dedup_key", "occurred_at")
        .order_by()
        for event_type, ids in sorted(ids_by_type.items())
    ]
    if not reads:
        return {}
    first: dict[tuple[str, str], datetime] = {}
    for event_type, event_id, at in reads[0].union(*reads[1:], all=True):
        if (event_type, event_id) not in first or at < first[(event_type, event_id)]:
            first[(event_type, event_id)] = at
    return first


def _score_id(event_id: str) -> str:
    """The score's id as the client knows it: its own, or the content address Kaizen gave it."""
    return event_id.removeprefix("langfuse-score:")
