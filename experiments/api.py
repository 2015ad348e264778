"""Line tests over REST: list them with each level's recommendation, and a human's decision."""

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

from config.errors import field_error
from config.permissions import CanApproveProposals, IsStaff
from experiments.models import LineFactor
from experiments.services import factor_decide


class LineTestOutputSerializer(serializers.ModelSerializer):
    template = serializers.CharField(source="template.slug")
    recommendations = serializers.SerializerMethodField(
        help_text='Per level ("1", "2", …): what a careful reviewer would do with the evidence of '
        "the last check (promote, abort or wait), why, and the figures; empty once decided."
    )

    @extend_schema_field(serializers.DictField(child=serializers.DictField()))
    def get_recommendations(self, factor) -> dict:
        if factor.status not in LineFactor.OPEN:
            return {}
        return {
            level: check.get("advice")
            for level, check in (factor.last_check or {}).items()
            if check.get("advice")
        }

    class Meta:
        model = LineFactor
        fields = [
            "id",
            "template",
            "proposal",
            "levels",
            "share",
            "status",
            "dropped_levels",
            "promoted_level",
            "started_at",
            "decided_at",
            "decided_by",
            "reason",
            "recommendations",
            "last_check",
        ]


class LineTestListApi(APIView):
    """Lines under test and decided, newest first (`?status=testing`, `?template=<slug>`)."""

    permission_classes = [IsStaff]

    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=list(LineFactor.Status.values)),
            OpenApiParameter("template", str),
        ],
        responses=LineTestOutputSerializer(many=True),
    )
    def get(self, request):
        factors = LineFactor.objects.select_related("template")
        status, template = request.query_params.get("status"), request.query_params.get("template")
        if status:
            if status not in LineFactor.Status.values:
                raise field_error("status", f"Must be one of {', '.join(LineFactor.Status.values)}.")
            factors = factors.filter(status=status)
        if template:
            factors = factors.filter(template__slug=template)
        return Response(LineTestOutputSerializer(factors[:200], many=True).data)


class LineTestActionApi(APIView):
    """A human promotes (one level: `level`, default the first still drawn), aborts, pins or
    unpins a line under test; refused (409) once it is decided."""

    permission_classes = [CanApproveProposals]

    @extend_schema_serializer(component_name="LineTestActionInput")
    class InputSerializer(serializers.Serializer):
        level = serializers.IntegerField(min_value=1, required=False)
        reason = serializers.CharField(max_length=2000, required=False, allow_blank=True)

    @extend_schema(request=InputSerializer, responses=LineTestOutputSerializer)
    def post(self, request, test_id: int, action: str):
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        factor = get_object_or_404(LineFactor, pk=test_id)
        factor_decide(
            factor=factor,
            action=action,
            actor=request.user,
            reason=data.validated_data.get("reason", ""),
            level=data.validated_data.get("level"),
        )
        return Response(
            LineTestOutputSerializer(LineFactor.objects.select_related("template").get(pk=factor.pk)).data
        )
