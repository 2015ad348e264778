from django.conf import settings
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
    extend_schema_field,
    extend_schema_serializer,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.errors import NotFound, NotYet, field_error
from config.permissions import IsAgent, IsAgentOrStaff, request_agent
from config.queue import publish
from config.serializers import ChoiceField, NumberField, StrictSerializer
from config.webhooks import UnsafeUrl, checked_address
from fleet.models import Agent
from planner import selectors, services
from planner.models import DeclaredSkill, Dispatch

FLEET_SNAPSHOT_TASK = "planner.fleet_health_snapshot"


@extend_schema_serializer(component_name="CardSkill")
class CardSkillSerializer(serializers.Serializer):
    name = serializers.RegexField(r"^[A-Za-z0-9_.\-]{1,200}$")
    confidence = NumberField(min_value=0, max_value=1)
    blast_radius = ChoiceField(choices=DeclaredSkill.BlastRadius.choices, default="low")
    hitl_mode = ChoiceField(choices=DeclaredSkill.HitlMode.choices, default="autonomous")


@extend_schema_field(CardSkillSerializer(many=True))
class CardSkillsField(serializers.ListField):
    """Validated item by item in CardApi (errors keyed by index); documented as CardSkill[]."""


# A required query parameter must have something in it: blank is refused like absent.
REQUIRED = {"required": True, "allow_blank": False, "pattern": r"\S"}


class CardApi(APIView):
    """An agent declares its skills: confidence, blast radius, HITL mode."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="CardInput")
    class InputSerializer(StrictSerializer):
        skills = CardSkillsField(child=serializers.DictField(), max_length=200)
        webhook_url = serializers.URLField(required=False, allow_blank=True, max_length=200)

        def validate_webhook_url(self, url: str) -> str:
            try:
                url and checked_address(url, resolve=False)
            except UnsafeUrl as exc:
                raise serializers.ValidationError(str(exc)) from exc
            return url

        def validate_skills(self, skills):
            cleaned, errors, names = [], {}, set()
            for i, raw in enumerate(skills):
                item = CardSkillSerializer(data=raw)
                unknown = set(raw) - set(item.fields)
                if not item.is_valid() or unknown:
                    errs = dict(item.errors)
                    errs.update({k: ["Unknown field."] for k in unknown})
                    errors[i] = errs
                elif item.validated_data["name"] in names:
                    errors[i] = {"name": ["Declared twice."]}
                else:
                    names.add(item.validated_data["name"])
                    cleaned.append(item.validated_data)
            if errors:
                raise serializers.ValidationError(errors)
            return cleaned

    @extend_schema(request=InputSerializer, responses=InputSerializer)
    def put(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        agent = services.agent_card_update(
            agent=request_agent(request),
            skills=data.validated_data["skills"],
            webhook_url=data.validated_data.get("webhook_url"),
        )
        return Response({"skills": agent.card["skills"], "webhook_url": agent.webhook_url})


@extend_schema_serializer(component_name="RankedCandidate")
class CandidateSerializer(serializers.Serializer):
    agent = serializers.CharField()
    score = serializers.FloatField()
    regime = serializers.ChoiceField(choices=["warm", "cold"])
    samples = serializers.IntegerField()
    success_rate = serializers.FloatField()
    avg_confidence_on_success = serializers.FloatField()
    avg_wall_ms = serializers.FloatField()
    declared_confidence = serializers.FloatField()
    terms = serializers.DictField(child=serializers.FloatField())


class CandidateListApi(APIView):
    permission_classes = [IsAgentOrStaff]

    @extend_schema_serializer(component_name="CandidateList")
    class OutputSerializer(serializers.Serializer):
        skill = serializers.CharField()
        candidates = CandidateSerializer(many=True)

    @extend_schema(parameters=[OpenApiParameter("skill", str, **REQUIRED)], responses=OutputSerializer)
    def get(self, request):
        """The agents ranked for a skill (`?skill=`), best first, with the score, samples and success
        rate behind each rank."""
        skill = request.query_params.get("skill", "").strip()
        if not skill:
            raise field_error("skill", "This query parameter is required.")
        rows = [
            {
                "agent": r.candidate.agent,
                "score": round(r.score, 6),
                "regime": r.regime,
                "samples": r.candidate.samples,
                "success_rate": round(r.candidate.success_rate, 6),
                "avg_confidence_on_success": round(r.candidate.avg_confidence_on_success, 6),
                "avg_wall_ms": round(r.candidate.avg_wall_ms, 3),
                "declared_confidence": r.candidate.declared_confidence,
                "terms": r.terms,
            }
            for r in selectors.candidates(skill=skill)
        ]
        return Response({"skill": skill, "candidates": rows})


class SelectApi(APIView):
    """Health-weighted pick of an executor for a skill (seedable)."""

    permission_classes = [IsAgentOrStaff]

    @extend_schema_serializer(component_name="SelectInput")
    class InputSerializer(StrictSerializer):
        skill = serializers.CharField(max_length=200)
        seed = serializers.IntegerField(required=False)

    @extend_schema_serializer(component_name="SelectOutput")
    class OutputSerializer(serializers.Serializer):
        skill = serializers.CharField()
        agent = serializers.CharField(allow_null=True)
        weights = serializers.DictField(child=serializers.FloatField())

    @extend_schema(request=InputSerializer, responses=OutputSerializer)
    def post(self, request):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        return Response(selectors.executor_pick(**data.validated_data))


class PatternListApi(APIView):
    """Pattern maturity for the caller's template (agents) or any template (staff)."""

    permission_classes = [IsAgentOrStaff]

    @extend_schema_serializer(component_name="Pattern")
    class PatternSerializer(serializers.Serializer):
        name = serializers.CharField()
        template = serializers.CharField(allow_null=True)
        state = serializers.CharField()
        helpful = serializers.IntegerField()
        harmful = serializers.IntegerField()
        neutral = serializers.IntegerField()
        uses = serializers.IntegerField()
        failures = serializers.IntegerField()
        decayed_helpful = serializers.FloatField()
        decayed_harmful = serializers.FloatField()
        weight = serializers.FloatField()
        multiplier = serializers.FloatField()
        anti_pattern = serializers.BooleanField()
        prompt_line = serializers.CharField()

    @extend_schema_serializer(component_name="PatternList")
    class OutputSerializer(serializers.Serializer):
        patterns = serializers.ListField(child=serializers.DictField())

    @extend_schema(
        parameters=[OpenApiParameter("template", str, description="staff only: a template slug")],
        responses=OutputSerializer,
    )
    def get(self, request):
        agent = request_agent(request)
        if agent is not None:
            rows = selectors.patterns(template_id=agent.template_id)
        elif slug := request.query_params.get("template"):
            template_id = selectors.template_id_for_slug(slug)
            if template_id is None:
                raise field_error("template", f"No template '{slug}'.")
            rows = selectors.patterns(template_id=template_id)
        else:
            rows = selectors.patterns(all_templates=True)
        return Response({"patterns": self.PatternSerializer(rows, many=True).data})


class FleetHealthApi(APIView):
    """The latest fleet-health snapshot (taken every 60 s by the worker). A request never computes
    one: before the first exists it asks the worker for it and answers 503 with Retry-After."""

    permission_classes = [IsAgentOrStaff]

    @extend_schema_serializer(component_name="FleetHealth")
    class OutputSerializer(serializers.Serializer):
        generated_at = serializers.DateTimeField()
        window_hours = serializers.IntegerField()
        max_failure_rate_1h = serializers.FloatField()
        total_cost_usd_1d = serializers.FloatField()
        orphaned_skill_count = serializers.IntegerField()
        orphaned_skills = serializers.ListField(child=serializers.CharField())
        fleet_success_rate = serializers.FloatField(allow_null=True)
        fleet_p95_latency_ms = serializers.FloatField(allow_null=True)
        total_outcomes = serializers.IntegerField()
        agents = serializers.ListField(child=serializers.DictField())
        scope = serializers.CharField(help_text="`autonomous` or `all`: which outcomes were counted.")
        all_outcomes = serializers.IntegerField(help_text="Every outcome of the window, whatever the scope.")
        system_actors = serializers.ListField(
            child=serializers.DictField(), help_text="The improvers' own health, kept apart."
        )

    @extend_schema(responses=OutputSerializer)
    def get(self, request):
        snapshot = selectors.latest_snapshot()
        if snapshot is None:
            publish(FLEET_SNAPSHOT_TASK)  # where tasks run in-process (no broker), it is taken now
            snapshot = selectors.latest_snapshot()
        if snapshot is None:
            raise NotYet(
                "No fleet-health snapshot yet: the worker takes the first one now; try again shortly."
            )
        return Response(self.OutputSerializer(selectors.snapshot_payload(snapshot)).data)


class DispatchListApi(APIView):
    """Remediation work dispatched to the calling agent (open first)."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="Dispatch")
    class OutputSerializer(serializers.ModelSerializer):
        goal = serializers.CharField(source="goal_id")
        action = serializers.CharField(source="action_id")

        class Meta:
            model = Dispatch
            fields = [
                "id",
                "goal",
                "action",
                "skill",
                "correlation_id",
                "status",
                "context",
                "created_at",
                "closed_at",
            ]

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=list(Dispatch.Status.values))],
        responses=inline_serializer("DispatchList", {"dispatches": OutputSerializer(many=True)}),
    )
    def get(self, request):
        qs = (
            Dispatch.objects.filter(agent=request_agent(request))
            .exclude(
                status__in=[Dispatch.Status.AWAITING_APPROVAL, Dispatch.Status.HELD, Dispatch.Status.VETOED]
            )
            .order_by("closed_at", "-created_at")
        )
        status = request.query_params.get("status")
        if status is not None:  # an empty value is not a status either
            if status not in Dispatch.Status.values:
                raise field_error("status", f"Must be one of {', '.join(Dispatch.Status.values)}.")
            qs = qs.filter(status=status)
        return Response({"dispatches": self.OutputSerializer(qs[:100], many=True).data})


class SkillSummaryApi(APIView):
    """The evidence an agent reads before proposing to tune an (agent, skill)."""

    permission_classes = [IsAgentOrStaff]

    @extend_schema_serializer(component_name="SkillSummary")
    class OutputSerializer(serializers.Serializer):
        agent = serializers.CharField()
        skill = serializers.CharField()
        samples = serializers.IntegerField()
        total_samples = serializers.IntegerField()
        success_rate = serializers.FloatField(allow_null=True)
        avg_cost_usd = serializers.FloatField(allow_null=True)
        avg_confidence_on_success = serializers.FloatField(allow_null=True)
        calibration_error = serializers.FloatField(allow_null=True)
        tuning_allowed = serializers.BooleanField()

    @extend_schema(
        parameters=[
            OpenApiParameter("agent", str, **REQUIRED),
            OpenApiParameter("skill", str, **REQUIRED),
        ],
        responses=OutputSerializer,
    )
    def get(self, request):
        name, skill = request.query_params.get("agent", ""), request.query_params.get("skill", "")
        for field, value in (("agent", name), ("skill", skill)):
            if not value:
                raise field_error(field, "This query parameter is required.")
        agent = Agent.objects.filter(name=name).first()
        if agent is None:
            raise NotFound(f"agent: No agent '{name}'.", {"fields": {"agent": [f"No agent '{name}'."]}})
        summary = selectors.skill_summary(agent_id=agent.pk, skill=skill)
        summary.update(
            agent=name,
            skill=skill,
            tuning_allowed=summary["samples"] >= settings.KAIZEN["CONFIG_TUNING_MIN_SAMPLES"],
        )
        return Response(self.OutputSerializer(summary).data)
