"""The Celery application; tasks are discovered in every installed app's tasks.py."""

import os
import sys
from pathlib import Path

from celery import Celery

from config.startup import settings_or_exit

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

_program = Path(sys.argv[0] if sys.argv else "")
if "celery" in (_program.name, _program.parent.name):  # `celery -A config worker|beat`, `python -m celery`
    settings_or_exit()  # a bad setting is one line and status 2, not Celery's traceback

app = Celery("kaizen")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
