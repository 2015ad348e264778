"""A URLconf that serves no ingest route (tests/test_hot_routes.py)."""

urlpatterns: list = []
