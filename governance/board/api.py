from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from config.permissions import IsAgentOrStaff, request_agent
from config.serializers import ChoiceField, StrictSerializer, filter_parameters, filtered_page, page_of
from fleet.models import Agent
from governance.board import access as board_access
from governance.board import services as board
from governance.models import BoardTask, TaskComment


def actor_label(request) -> str:
    agent = request_agent(request)
    return f"agent:{agent.name}" if agent else request.user.username


@extend_schema_serializer(component_name="TaskComment")
class CommentSerializer(serializers.ModelSerializer):
    class Meta:
        model = TaskComment
        fields = ["id", "kind", "author", "body", "created_at"]


@extend_schema_serializer(component_name="BoardTask")
class TaskOutputSerializer(serializers.ModelSerializer):
    assignee = serializers.SlugRelatedField(slug_field="name", read_only=True, allow_null=True)

    class Meta:
        model = BoardTask
        fields = [
            "id",
            "title",
            "body",
            "kind",
            "status",
            "source",
            "priority",
            "labels",
            "parent",
            "dedup_key",
            "pr_url",
            "pr_state",
            "result",
            "classification",
            "triage",
            "human_attention",
            "proposal",
            "assignee",
            "created_at",
            "updated_at",
            "status_changed_at",
        ]


@extend_schema_serializer(component_name="BoardTaskDetail")
class TaskDetailSerializer(TaskOutputSerializer):
    comments = CommentSerializer(many=True, read_only=True)

    class Meta(TaskOutputSerializer.Meta):
        fields = [*TaskOutputSerializer.Meta.fields, "comments"]


class TaskListApi(APIView):
    permission_classes = [IsAgentOrStaff]

    @extend_schema_serializer(component_name="TaskCreate")
    class InputSerializer(StrictSerializer):
        title = serializers.CharField(max_length=300)
        kind = ChoiceField(choices=BoardTask.Kind.choices, default="goal")
        source = ChoiceField(
            choices=BoardTask.Source.choices,
            required=False,
            help_text="Default: 'autonomy' for an agent, 'human' for staff (agents may not use 'human').",
        )
        body = serializers.CharField(required=False, allow_blank=True, max_length=50_000, default="")
        priority = ChoiceField(choices=BoardTask.Priority.choices, default="medium")
        labels = serializers.ListField(
            child=serializers.CharField(max_length=60), max_length=20, default=list
        )
        parent = serializers.PrimaryKeyRelatedField(
            queryset=BoardTask.objects.all(), required=False, allow_null=True
        )
        dedup_key = serializers.CharField(max_length=300, required=False, allow_blank=True, default="")
        pr_url = serializers.URLField(required=False, allow_blank=True, default="", max_length=200)

    @extend_schema_serializer(component_name="TaskFilter")
    class FilterSerializer(serializers.Serializer):
        status = ChoiceField(choices=BoardTask.Status.choices, required=False)
        kind = ChoiceField(choices=BoardTask.Kind.choices, required=False)

    @extend_schema(
        parameters=filter_parameters(FilterSerializer),
        operation_id="api_v1_board_tasks_list",
        responses=page_of("BoardTaskPage", TaskOutputSerializer),
    )
    def get(self, request):
        """The board tasks the caller may see, most recently updated first, filtered by `status` or
        `kind`."""
        visible = board_access.visible_tasks(agent=request_agent(request))

        def select(**filters):
            return visible.filter(**filters).order_by("-updated_at", "-id")

        return filtered_page(self, request, self.FilterSerializer, select, TaskOutputSerializer)

    @extend_schema(request=InputSerializer, responses={201: TaskDetailSerializer})
    def post(self, request):
        """Create a board task; an agent may create only the tasks its access allows."""
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        agent = request_agent(request)
        fields = dict(data.validated_data)
        fields.setdefault("source", BoardTask.Source.AUTONOMY if agent else BoardTask.Source.HUMAN)
        board_access.check_create(agent=agent, source=fields["source"], parent=fields.get("parent"))
        task = board.task_create(**fields, agent=agent)
        return Response(TaskDetailSerializer(task).data, status=201)


class TaskDetailApi(APIView):
    permission_classes = [IsAgentOrStaff]

    @extend_schema_serializer(component_name="ValidationRun")
    class RunSerializer(StrictSerializer):
        command = serializers.CharField(max_length=500)
        passed = serializers.BooleanField()

    @extend_schema_serializer(component_name="TaskUpdate")
    class InputSerializer(StrictSerializer):
        status = ChoiceField(choices=BoardTask.Status.choices, required=False)
        result = serializers.CharField(required=False, allow_blank=True, max_length=50_000)
        title = serializers.CharField(required=False, max_length=300)
        body = serializers.CharField(required=False, allow_blank=True, max_length=50_000)
        priority = ChoiceField(choices=BoardTask.Priority.choices, required=False)
        labels = serializers.ListField(
            child=serializers.CharField(max_length=60), max_length=20, required=False
        )
        pr_url = serializers.URLField(required=False, allow_blank=True, max_length=200)
        assignee = serializers.SlugRelatedField(
            slug_field="name",
            queryset=Agent.objects.all(),
            required=False,
            allow_null=True,
            help_text="Agent name (staff only).",
        )
        validation_runs = serializers.ListField(required=False, max_length=100)

        def validate_validation_runs(self, runs):
            cleaned, errors = [], {}
            for i, run in enumerate(runs):
                item = TaskDetailApi.RunSerializer(data=run)
                if item.is_valid():
                    cleaned.append(item.validated_data)
                else:
                    errors[i] = item.errors
            if errors:
                raise serializers.ValidationError(errors)
            return cleaned

    @extend_schema(responses=TaskDetailSerializer)
    def get(self, request, task_id: int):
        """One board task with its comments, validation runs and triage."""
        task = get_object_or_404(BoardTask, pk=task_id)
        board_access.check_read(agent=request_agent(request), task=task)
        return Response(TaskDetailSerializer(task).data)

    @extend_schema(request=InputSerializer, responses=TaskDetailSerializer)
    def patch(self, request, task_id: int):
        """Change a task: its status (backlog, running, blocked, done, cancelled), assignee, result
        or validation runs, as the caller's access allows."""
        task = get_object_or_404(BoardTask, pk=task_id)
        board_access.check_read(agent=request_agent(request), task=task)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        changes = dict(data.validated_data)
        board_access.check_update(agent=request_agent(request), task=task, changes=changes)
        runs = changes.pop("validation_runs", None)
        task = board.task_update(
            task=task,
            changes=changes,
            actor_label=actor_label(request),
            validation_runs=runs,
            human=request_agent(request) is None,
        )
        return Response(TaskDetailSerializer(task).data)


class TaskCommentApi(APIView):
    permission_classes = [IsAgentOrStaff]

    @extend_schema_serializer(component_name="CommentCreate")
    class InputSerializer(StrictSerializer):
        body = serializers.CharField(max_length=50_000)

    @extend_schema(request=InputSerializer, responses={201: CommentSerializer})
    def post(self, request, task_id: int):
        """Comment on a task; an agent that needs a human writes a `<!-- kaizen:question: … -->`
        marker, which triage reads as awaiting input."""
        task = get_object_or_404(BoardTask, pk=task_id)
        board_access.check_read(agent=request_agent(request), task=task)
        data = self.InputSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        kind = TaskComment.Kind.COMMENT if request_agent(request) else TaskComment.Kind.HUMAN
        comment = board.comment_add(
            task=task, body=data.validated_data["body"], author=actor_label(request), kind=kind
        )
        return Response(CommentSerializer(comment).data, status=201)
