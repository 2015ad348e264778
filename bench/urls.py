"""Kaizen's URLs plus the benchmark's reference endpoint."""

from django.urls import path

from bench.reference import ReferenceIngest
from config.urls import urlpatterns as kaizen

urlpatterns = [path("bench/reference/ingest", ReferenceIngest.as_view()), *kaizen]
