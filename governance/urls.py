from django.urls import path

from governance import api

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
]
