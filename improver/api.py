from django.shortcuts import get_object_or_404
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_serializer,
)
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import ApplicationError, field_error
from config.permissions import CanApproveProposals, IsAgent, IsStaff, request_agent
from experiments.models import Rollout
from improver.selectors import directives_for_agent
from improver.services.lifecycle import rollout_decided
from telemetry.contract import MAX_ID, id_problem


class LineServedSerializer(serializers.Serializer):
    test = serializers.IntegerField(help_text="The line test (factor) this session was drawn for.")
    level = serializers.IntegerField(help_text="Which of its exclusive levels (1 unless it has several).")
    add = serializers.ListField(child=serializers.CharField(), required=False, help_text="Lines added.")
    remove = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Lines taken out."
    )
    targets = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="Signals it should lower."
    )


class LinesUnderTestSerializer(serializers.Serializer):
    count = serializers.IntegerField(help_text="Lines of the template under test now.")
    served = LineServedSerializer(many=True, help_text="The ones this session carries.")
    note = serializers.CharField(required=False, help_text="Why a read without a session takes no part.")


class LearnedFactSerializer(serializers.Serializer):
    content = serializers.CharField()
    confidence = serializers.FloatField()
    scope = serializers.CharField()
    source = serializers.CharField()


class DirectivesApi(APIView):
    """What an agent reads at session start: the version of its template it is served (during a
    rollout, its arm's: `candidate` or `champion`) and what was learned. With `session_id`, the
    session it starts is assigned to an arm on its own (`assigned: session`, recorded, so that
    its events count in that arm); without, the agent's arm is served (`assigned: agent`).

    While lines of the template are tested one by one, a read that names its session is drawn on
    its own for each of them: `directives` then carries the lines the session was drawn for, and
    `lines_under_test` says which. A read that names no session takes no part in them (the
    template learns slower: name the session)."""

    permission_classes = [IsAgent]

    class QuerySerializer(serializers.Serializer):  # the parameter as documented; session_id_of checks it
        session_id = serializers.CharField(
            min_length=1,
            max_length=MAX_ID,
            required=False,
            trim_whitespace=False,
            help_text=(
                "The session the agent starts (the `session_id` its events carry: 1–128 characters, "
                "not blank, no control characters; given once). During a rollout the session is "
                "then assigned to an arm on its own and its events count in that arm; without it "
                "the agent's arm is served."
            ),
        )

    @extend_schema_serializer(component_name="Directives")
    class OutputSerializer(serializers.Serializer):
        template = serializers.CharField()
        version = serializers.IntegerField()
        arm = serializers.ChoiceField(choices=["champion", "candidate"])
        session_id = serializers.CharField(allow_null=True)
        assigned = serializers.ChoiceField(choices=["session", "agent"])
        directives = serializers.CharField()
        lines_under_test = LinesUnderTestSerializer()
        learned_facts = LearnedFactSerializer(
            many=True,
            help_text=(
                "The learned facts the prompt block holds. A fact that repeats a directive line, says "
                "the contrary of one or of a stronger fact, or does not fit the block's budget is in "
                "neither: a prompt built from this list serves what the block serves."
            ),
        )
        anti_patterns = serializers.ListField(child=serializers.CharField())
        proven_patterns = serializers.ListField(child=serializers.CharField())
        prompt_block = serializers.CharField()

    @extend_schema(parameters=[QuerySerializer], responses=OutputSerializer)
    def get(self, request):
        served = directives_for_agent(agent=request_agent(request), session_id=session_id_of(request))
        return Response(self.OutputSerializer(served).data)


def session_id_of(request) -> str | None:
    """The `session_id` a directives read names (None: it names none), checked by the one rule
    for an id that events follow (telemetry.contract.id_problem); given twice, it is refused
    rather than one of the two silently winning, and so is a parameter of another name."""
    unknown = sorted(set(request.query_params) - {"session_id"})
    if unknown:  # "?session=…" would otherwise serve the read as if it named no session
        raise ApplicationError(
            f"Unknown parameter {', '.join(unknown)}: this read takes only session_id.",
            {"fields": {name: ["Unknown parameter."] for name in unknown}},
        )
    values = request.query_params.getlist("session_id")
    if len(values) > 1:
        raise field_error("session_id", f"Given {len(values)} times: send it once.")
    if not values:
        return None
    problem = id_problem(values[0])
    if problem:
        raise field_error(
            "session_id", f"{problem} Send it as the session's events carry it, or leave it out."
        )
    return values[0]


class RecommendationSerializer(serializers.Serializer):
    action = serializers.ChoiceField(choices=["promote", "abort", "wait"])
    why = serializers.CharField()
    figures = serializers.ListField(child=serializers.CharField())


class RolloutOutputSerializer(serializers.ModelSerializer):
    template = serializers.CharField(source="template.slug")
    champion_version = serializers.IntegerField(source="champion.number")
    candidate_version = serializers.IntegerField(source="candidate.number")
    recommendation = serializers.SerializerMethodField(
        help_text="What a careful reviewer would do with the evidence of the last check (promote, "
        "abort or wait), why, and the figures that decide it; null once decided or before any evidence."
    )

    @extend_schema_field(RecommendationSerializer(allow_null=True))
    def get_recommendation(self, rollout) -> dict | None:
        if rollout.status not in Rollout.OPEN:
            return None
        return (rollout.last_check or {}).get("advice") or None

    class Meta:
        model = Rollout
        fields = [
            "id",
            "template",
            "proposal",
            "champion_version",
            "candidate_version",
            "share",
            "canary_agents",
            "status",
            "started_at",
            "decided_at",
            "decided_by",
            "reason",
            "recommendation",
            "last_check",
        ]


class RolloutListApi(APIView):
    """Canary rollouts of approved evolutions, newest first (`?status=running` to filter)."""

    permission_classes = [IsStaff]

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=list(Rollout.Status.values))],
        responses=RolloutOutputSerializer(many=True),
    )
    def get(self, request):
        rollouts = Rollout.objects.select_related("template", "champion", "candidate")
        status = request.query_params.get("status")
        if status:
            if status not in Rollout.Status.values:
                raise field_error("status", f"Must be one of {', '.join(Rollout.Status.values)}.")
            rollouts = rollouts.filter(status=status)
        return Response(RolloutOutputSerializer(rollouts[:100], many=True).data)


class RolloutActionApi(APIView):
    """A human promotes, aborts, pins or unpins a rollout. `version` (optional) must be the candidate's
    number: a stale view of the rollout is refused (409) and nothing changes."""

    permission_classes = [CanApproveProposals]

    @extend_schema_serializer(component_name="RolloutActionInput")
    class InputSerializer(serializers.Serializer):
        version = serializers.IntegerField(min_value=1, required=False)
        template = serializers.SlugField(required=False)
        reason = serializers.CharField(max_length=2000, required=False, allow_blank=True)

    @extend_schema(request=InputSerializer, responses=RolloutOutputSerializer)
    def post(self, request, rollout_id: int, action: str):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        rollout = get_object_or_404(Rollout.objects.select_related("template"), pk=rollout_id)
        slug = data.validated_data.get("template")
        if slug and slug != rollout.template.slug:
            raise field_error(
                "template", f"Rollout {rollout.pk} belongs to {rollout.template.slug}, not {slug}."
            )
        rollout = rollout_decided(
            rollout=rollout,
            action=action,
            actor=request.user,
            reason=data.validated_data.get("reason", ""),
            version=data.validated_data.get("version"),
        )
        rollout = Rollout.objects.select_related("template", "champion", "candidate").get(pk=rollout.pk)
        return Response(RolloutOutputSerializer(rollout).data)
