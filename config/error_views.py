"""JSON bodies for the errors Django answers itself (unknown paths, crashes, database outages)."""

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.views.defaults import page_not_found

from config.middleware import API_PREFIXES, error

RETRY_AFTER_SECONDS = 5


def not_found(request, exception=None):
    """JSON under the API prefixes, Django's page elsewhere (the admin and dashboard are for browsers)."""
    if request.path.startswith(API_PREFIXES):
        return error(404, f"No endpoint or object at {request.path}.")
    return page_not_found(request, exception)


def server_error(request):
    """A 503 with Retry-After while the database is unreachable; any other crash a JSON 500."""
    if database_unavailable(sys.exc_info()[1]):
        return unavailable()
    return error(500, "Internal server error; it has been logged.")


def unavailable():
    """503 while the database is unreachable, with when to retry (used by DRF's handler too)."""
    response = error(503, "The database is unavailable; retry shortly.", retry_after=RETRY_AFTER_SECONDS)
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def database_unavailable(exc) -> bool:
    """An outage (connection refused, dropped, server shutting down), not a bad query: Django
    raises those as OperationalError or InterfaceError, whatever the driver."""
    return isinstance(exc, OperationalError | InterfaceError)


class OutageInOneLine(logging.Filter):
    """An outage answers every request with 503 until the database is back: each is logged as one
    line naming the cause, not as a traceback (which filled megabytes of log in seconds)."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if database_unavailable(exc):
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else ""
            record.msg = f"{record.getMessage()} (database unavailable: {type(exc).__name__}: {first_line})"
            record.args, record.exc_info, record.exc_text = (), None, None
        return True
