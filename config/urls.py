from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from config.moved_pages import moved_admin_urls
from dashboard import ops
from dashboard.views import dashboard
from improver.langfuse_prompts import PromptApi
from telemetry.intake.langfuse import ProjectsApi, ScoresApi
from telemetry.intake.mcp_http import McpApi
from telemetry.intake.otlp_http import OtlpTracesApi
from telemetry.intake.rest import IngestApi

api_v1 = [
    path("ingest", IngestApi.as_view(), name="ingest"),
    path("", include("improver.urls")),
    path("", include("experiments.urls")),
    path("", include("governance.urls")),
    path("", include("governance.board.urls")),
    path("", include("planner.urls")),
]

handler404 = "config.error_views.not_found"
handler500 = "config.error_views.server_error"

admin.site.site_header = "Kaizen"
admin.site.site_title = "Kaizen"
admin.site.index_title = "Review proposals, watch rollouts, govern the fleet"
# No list of every model beside each page: at 1280 px it took a quarter of the width from the lists
# and review pages; the home page and the breadcrumbs lead everywhere it did.
admin.site.enable_nav_sidebar = False

urlpatterns = [
    *moved_admin_urls(),  # before the admin: a moved model's old pages lead to its new ones
    path("admin/", admin.site.urls),
    # the address alone (and the admin's "view site") leads to the dashboard, or to the login before it
    path("", RedirectView.as_view(pattern_name="dashboard"), name="home"),
    path("dashboard/", dashboard, name="dashboard"),
    path("healthz", ops.healthz, name="healthz"),
    path("readyz", ops.readyz, name="readyz"),
    path("metrics", ops.metrics, name="metrics"),
    path("api/v1/", include(api_v1)),
    path("v1/traces", OtlpTracesApi.as_view(), name="otlp-traces"),
    path("mcp", McpApi.as_view(), name="mcp"),
    path("api/public/otel/v1/traces", OtlpTracesApi.as_view(), name="otlp-traces-langfuse"),
    path("api/public/projects", ProjectsApi.as_view(), name="langfuse-projects"),
    path("api/public/scores", ScoresApi.as_view(), name="langfuse-scores"),
    path("api/public/v2/prompts/<path:name>", PromptApi.as_view(), name="langfuse-prompt"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
]
