"""Production defaults for gunicorn (override any of them with GUNICORN_CMD_ARGS)."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() * 4))
# gthread workers keep connections alive between an agent's batches. One thread each: threads of
# one process take turns on the interpreter lock, which doubled the single-event ingest p99
# (bench/ingest.py: 33 ms with 8 workers x 1 thread, 67 ms with 4 x 4, same requests/s).
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", 1))
keepalive = 5
timeout = 60
# Workers fork from a master that has already imported Django and the app, so a recycled worker
# serves at once instead of spending a second of CPU on imports in the middle of the load.
preload_app = True
max_requests = 20000
max_requests_jitter = 2000
accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None


def pre_fork(server, worker):
    """The objects the preloaded app created live as long as the worker: frozen out of the
    collector's reach, each collection walks only what requests create (a full collection of
    the Django heap cost about 2 ms inside a 500-event batch), and forked workers keep sharing
    those pages instead of writing to them."""
    import gc

    gc.freeze()
