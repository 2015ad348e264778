import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

from config.devserver import answer_without_delay

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
answer_without_delay()  # when `make run` serves it through Django's own server
# Load the URLconf (and what its views import, the MCP SDK among them: about half a second) now,
# in the process gunicorn forks its workers from, rather than in each worker's first request.
get_resolver().url_patterns  # noqa: B018
