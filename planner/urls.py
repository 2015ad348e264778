from django.urls import path

from planner import api

urlpatterns = [
    path("agents/me/card", api.CardApi.as_view(), name="agent-card"),
    path("agents/me/dispatches", api.DispatchListApi.as_view(), name="agent-dispatches"),
    path("planner/candidates", api.CandidateListApi.as_view(), name="planner-candidates"),
    path("planner/select", api.SelectApi.as_view(), name="planner-select"),
    path("planner/summary", api.SkillSummaryApi.as_view(), name="planner-summary"),
    path("planner/patterns", api.PatternListApi.as_view(), name="planner-patterns"),
    path("fleet/health", api.FleetHealthApi.as_view(), name="fleet-health"),
]
