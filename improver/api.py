from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.permissions import IsAgent, request_agent
from improver.selectors import directives_for_agent


class LearnedFactSerializer(serializers.Serializer):
    content = serializers.CharField()
    confidence = serializers.FloatField()
    scope = serializers.CharField()
    source = serializers.CharField()


class DirectivesApi(APIView):
    """What an agent reads at session start: the version of its template it is served (during a
    rollout, its arm's: `candidate` or `champion`) and what was learned."""

    permission_classes = [IsAgent]

    @extend_schema_serializer(component_name="Directives")
    class OutputSerializer(serializers.Serializer):
        template = serializers.CharField()
        version = serializers.IntegerField()
        arm = serializers.ChoiceField(choices=["champion", "candidate"])
        directives = serializers.CharField()
        learned_facts = LearnedFactSerializer(many=True)
        anti_patterns = serializers.ListField(child=serializers.CharField())
        proven_patterns = serializers.ListField(child=serializers.CharField())
        prompt_block = serializers.CharField()

    @extend_schema(responses=OutputSerializer)
    def get(self, request):
        return Response(self.OutputSerializer(directives_for_agent(agent=request_agent(request))).data)
