from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.permissions import CanApproveProposals, IsAgent, IsStaff, request_agent
from config.serializers import ChoiceField, StrictSerializer, filter_parameters, filtered_page, page_of
from governance import services
from governance.models import Proposal
from governance.selectors import proposal_list


class ProposalOutputSerializer(serializers.ModelSerializer):
    class Meta:
        model = Proposal
        fields = [
            "id",
            "type",
            "status",
            "title",
            "rationale",
            "evidence",
            "payload",
            "risk",
            "dedup_key",
            "source",
            "subject",
            "parent",
            "created_at",
            "decided_at",
            "implemented_at",
        ]


class SubmittedProposalSerializer(ProposalOutputSerializer):
    """A proposal as its agent is answered: what it sent, without what the document says now. That
    is for reviewers (in the admin and to staff), and another agent's card holds its webhook address."""

    def to_representation(self, instance):
        data = super().to_representation(instance)
        data["payload"] = {k: v for k, v in (data["payload"] or {}).items() if k != "before"}
        return data


class ProposalListApi(APIView):
    """Staff list proposals; agents submit goal, action and config-change proposals."""

    def get_permissions(self):
        return [IsAgent()] if self.request.method == "POST" else [IsStaff()]

    @extend_schema_serializer(component_name="ProposalSubmit")
    class SubmitSerializer(StrictSerializer):
        type = ChoiceField(choices=["goal", "action", "config_change"])
        yaml = serializers.CharField(max_length=100_000, trim_whitespace=False)
        document = serializers.CharField(
            max_length=150, required=False, help_text="config_change: goals, actions or card:<agent>"
        )
        rationale = serializers.CharField(max_length=10_000)
        evidence = serializers.DictField(required=False, default=dict)

        def validate(self, attrs):
            if attrs["type"] == "config_change" and not attrs.get("document"):
                raise serializers.ValidationError({"document": ["Required for a config_change."]})
            return attrs

    @extend_schema(request=SubmitSerializer, responses={201: SubmittedProposalSerializer})
    def post(self, request):
        data = self.SubmitSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        v = data.validated_data
        proposal = services.proposal_submit(
            type=v["type"],
            data={"yaml": v["yaml"], "document": v.get("document")},
            agent=request_agent(request),
            rationale=v["rationale"],
            evidence=v["evidence"],
        )
        return Response(SubmittedProposalSerializer(proposal).data, status=201)

    @extend_schema_serializer(component_name="ProposalFilter")
    class FilterSerializer(serializers.Serializer):
        status = ChoiceField(choices=Proposal.Status.choices, required=False)
        type = ChoiceField(choices=Proposal.Type.choices, required=False)

    @extend_schema(
        parameters=filter_parameters(FilterSerializer),
        operation_id="api_v1_proposals_list",
        responses=page_of("ProposalPage", ProposalOutputSerializer),
    )
    def get(self, request):
        return filtered_page(self, request, self.FilterSerializer, proposal_list, ProposalOutputSerializer)


class ProposalDetailApi(APIView):
    permission_classes = [IsStaff]

    @extend_schema(responses=ProposalOutputSerializer)
    def get(self, request, proposal_id: int):
        """One proposal: its payload, evidence, status and decisions."""
        proposal = get_object_or_404(Proposal, pk=proposal_id)
        return Response(ProposalOutputSerializer(proposal).data)


class ProposalDecisionApi(APIView):
    """A decision on a pending proposal: the view's InputSerializer checks the body, a governance
    service decides with the proposal, the actor and that input, and the proposal answers."""

    permission_classes = [CanApproveProposals]
    InputSerializer: type[serializers.Serializer]

    def decided(self, request, proposal_id: int, decide, status: int = 200) -> Response:
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        proposal = get_object_or_404(Proposal, pk=proposal_id)
        proposal = decide(proposal=proposal, actor=request.user, **data.validated_data)
        return Response(ProposalOutputSerializer(proposal).data, status=status)


class ProposalApproveApi(ProposalDecisionApi):
    @extend_schema_serializer(component_name="ProposalApproveInput")
    class InputSerializer(serializers.Serializer):
        rating = serializers.IntegerField(min_value=1, max_value=5, required=False)
        leave_out = serializers.ListField(
            child=serializers.CharField(max_length=5000),
            required=False,
            max_length=200,
            help_text="Lines of the proposal (an evolution's added or removed lines, as its payload "
            "spells them) to approve it without; they are never proposed again.",
        )

    @extend_schema(request=InputSerializer, responses=ProposalOutputSerializer)
    def post(self, request, proposal_id: int):
        """Approve a pending proposal (`governance.approve_proposal`): what approving its type does
        happens at once (an evolution starts its canary); `rating` (1–5) is feedback on the proposal;
        `leave_out` approves an evolution line by line, without the lines it names."""
        return self.decided(request, proposal_id, services.proposal_approve)


class ProposalRejectApi(ProposalDecisionApi):
    @extend_schema_serializer(component_name="ProposalRejectInput")
    class InputSerializer(serializers.Serializer):
        reason = serializers.CharField(max_length=5000)

    @extend_schema(request=InputSerializer, responses=ProposalOutputSerializer)
    def post(self, request, proposal_id: int):
        """Reject a pending proposal with a reason; an evolution's lines are never proposed again."""
        return self.decided(request, proposal_id, services.proposal_reject)


class ProposalRefineApi(ProposalDecisionApi):
    @extend_schema_serializer(component_name="ProposalRefineInput")
    class InputSerializer(serializers.Serializer):
        text = serializers.CharField(max_length=5000)
        replace = serializers.CharField(
            max_length=5000,
            required=False,
            allow_blank=True,
            help_text="A line of the proposal the text takes the place of. Text that contradicts a "
            "line is refused (400, naming the line under `extra.replace`) unless that line is sent here.",
        )

    @extend_schema(request=InputSerializer, responses={201: ProposalOutputSerializer})
    def post(self, request, proposal_id: int):
        """Ask the improver to re-propose a pending evolution with the operator's guidance. Guidance
        that contradicts a line of the proposal answers 400 naming that line; sent again with
        `replace` set to it, the guidance replaces it."""
        return self.decided(request, proposal_id, services.proposal_refine, status=201)
