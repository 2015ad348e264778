from django.urls import path

from governance.board import api

urlpatterns = [
    path("board/tasks", api.TaskListApi.as_view(), name="task-list"),
    path("board/tasks/<int:task_id>", api.TaskDetailApi.as_view(), name="task-detail"),
    path("board/tasks/<int:task_id>/comments", api.TaskCommentApi.as_view(), name="task-comments"),
]
