from django.urls import path

from improver import api

urlpatterns = [
    path("agents/me/directives", api.DirectivesApi.as_view(), name="agent-directives"),
    path("rollouts", api.RolloutListApi.as_view(), name="rollouts"),
    path(
        "rollouts/<int:rollout_id>/<str:action>",
        api.RolloutActionApi.as_view(),
        name="rollout-action",
    ),
]
