"""Kaizen's settings, with the benchmark's reference endpoint routed beside the real one."""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
