"""Production defaults for gunicorn (override any of them with GUNICORN_CMD_ARGS)."""

import multiprocessing
import os
import shutil
import tempfile
from pathlib import Path

from config.startup import bind_or_exit, settings_or_exit, whole_number_or_exit, writable_dir_or_exit

MOST = 1024  # workers, or threads per worker: past it a machine runs out of memory, not requests
# Behind nginx (deploy/nginx/kaizen.conf): only the proxy reaches gunicorn.
bind = bind_or_exit("GUNICORN_BIND", "127.0.0.1:8000")
workers = whole_number_or_exit("GUNICORN_WORKERS", multiprocessing.cpu_count() * 4, MOST)
# gthread workers keep connections alive between an agent's batches. One thread each: threads of
# one process take turns on the interpreter lock, which doubled the single-event ingest p99
# (bench/ingest.py: 33 ms with 8 workers x 1 thread, 67 ms with 4 x 4, same requests/s).
worker_class = "gthread"
threads = whole_number_or_exit("GUNICORN_THREADS", 1, MOST)
keepalive = 5
timeout = 60
# Workers fork from a master that has already imported Django and the app, so a recycled worker
# serves at once instead of spending a second of CPU on imports in the middle of the load.
preload_app = True
max_requests = 20000
max_requests_jitter = 2000
accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None
# No request-line limit of gunicorn's own (its default, 4094 bytes, answers a longer one with an
# HTML 414 before Kaizen sees it): an over-long query value (`?session_id=` with thousands of
# characters) reaches the API, which answers the JSON 400 naming the field. The line stays
# bounded: by nginx in front (large_client_header_buffers in deploy/nginx/kaizen.conf, 16 KB) and
# by gunicorn itself, which still refuses a line over 1 MB with "0".
limit_request_line = 0

# A bad setting stops the master here in one line, before it loads the app (where it would be a
# traceback); so does a metrics directory that cannot be made or written to.
settings_or_exit()
writable_dir_or_exit("PROMETHEUS_MULTIPROC_DIR")

# prometheus-client's multiprocess mode: every worker writes its counters to files in one
# directory and /metrics sums them, so a scrape answered by any worker counts all of them. It
# must be set before the app (and prometheus_client) is imported, which is why it is here.
_OWN_METRICS_DIR = "PROMETHEUS_MULTIPROC_DIR" not in os.environ
if _OWN_METRICS_DIR:
    os.environ["PROMETHEUS_MULTIPROC_DIR"] = tempfile.mkdtemp(prefix="kaizen-metrics-")


def on_starting(server):
    """A fresh start counts from zero: the files of an earlier run are removed."""
    directory = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])
    directory.mkdir(parents=True, exist_ok=True)
    for stale in directory.glob("*.db"):
        stale.unlink()


def child_exit(server, worker):
    """A dead worker's live-gauge files go; its counters stay in the sums."""
    from prometheus_client import multiprocess

    multiprocess.mark_process_dead(worker.pid)


def pre_fork(server, worker):
    """The objects the preloaded app created live as long as the worker: frozen out of the
    collector's reach, each collection walks only what requests create (a full collection of
    the Django heap cost about 2 ms inside a 500-event batch), and forked workers keep sharing
    those pages instead of writing to them."""
    import gc

    gc.freeze()


def on_exit(server):
    """The directory this config made for the metrics goes with the server."""
    if _OWN_METRICS_DIR:
        shutil.rmtree(os.environ["PROMETHEUS_MULTIPROC_DIR"], ignore_errors=True)
