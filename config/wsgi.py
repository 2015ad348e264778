import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
django_application = get_wsgi_application()

from config.hotpath import HotRoutes  # noqa: E402  (after Django is set up)

# The plain case of a few high-rate routes (ingest) is answered in front of Django's handler.
application = HotRoutes(django_application)
