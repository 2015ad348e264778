"""Production defaults for gunicorn (override any of them with GUNICORN_CMD_ARGS)."""

import multiprocessing
import os

bind = os.environ.get("GUNICORN_BIND", "0.0.0.0:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", multiprocessing.cpu_count() * 2))
# Threaded workers keep connections alive between an agent's batches.
worker_class = "gthread"
threads = int(os.environ.get("GUNICORN_THREADS", 4))
keepalive = 5
timeout = 60
max_requests = 5000
max_requests_jitter = 500
accesslog = os.environ.get("GUNICORN_ACCESSLOG") or None
