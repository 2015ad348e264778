"""A real Celery worker as the tests start one: two threads, no gossip or mingle."""

import sys


def celery_worker_command(*options: str, pool: str = "threads", loglevel: str = "INFO") -> list[str]:
    """The command line of `celery worker` on Kaizen's app, with `options` added."""
    return [
        sys.executable,
        "-m",
        "celery",
        "-A",
        "config",
        "worker",
        "-P",
        pool,
        "-c",
        "2",
        "--without-gossip",
        "--without-mingle",
        *options,
        "--loglevel",
        loglevel,
    ]
