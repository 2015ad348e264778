from django.urls import path

from governance import api, board_api

urlpatterns = [
    path("proposals", api.ProposalListApi.as_view(), name="proposal-list"),
    path("proposals/<int:proposal_id>", api.ProposalDetailApi.as_view(), name="proposal-detail"),
    path(
        "proposals/<int:proposal_id>/approve",
        api.ProposalApproveApi.as_view(),
        name="proposal-approve",
    ),
    path(
        "proposals/<int:proposal_id>/reject",
        api.ProposalRejectApi.as_view(),
        name="proposal-reject",
    ),
    path(
        "proposals/<int:proposal_id>/refine",
        api.ProposalRefineApi.as_view(),
        name="proposal-refine",
    ),
    path("board/tasks", board_api.TaskListApi.as_view(), name="task-list"),
    path("board/tasks/<int:task_id>", board_api.TaskDetailApi.as_view(), name="task-detail"),
    path("board/tasks/<int:task_id>/comments", board_api.TaskCommentApi.as_view(), name="task-comments"),
]
