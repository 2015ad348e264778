"""Hot routes: a few high-rate endpoints answered in front of Django's request handling.

Django's handler — the request signals, nine middlewares, URL resolution and the view machinery —
costs a single-event ingest more CPU than storing the event (measured under gunicorn: about
0.9 ms of 2.5 ms per request). An app registers a hot route for one of its URL names at start-up
(telemetry registers ingest); `HotRoutes` wraps the WSGI application and gives the route the
plain case of its requests first:

- the route's method and exact path, no query string, a body of stated length within the path's
  limit (config.middleware.body_limit);
- what Django's own middleware would let through unchanged: an allowed host, no HTTPS redirect
  due, no refused user agent (SecurityMiddleware and CommonMiddleware are asked, not imitated).

The route's handler gets a real `WSGIRequest` with the body read and answers an `HttpResponse`,
or None to decline. Its response gets the headers Django's middleware adds to an API response
(CommonMiddleware's Content-Length, SecurityMiddleware's, XFrameOptionsMiddleware's), is timed
on the same metric as every request, and the connection is handled as Django does
(request_started / request_finished). Everything else — a request outside the plain case, a
handler that declines or raises (a bad token, a malformed batch, a database error) — goes to
Django with the body put back, which answers exactly as it always did (a handler that fails
does so before it has stored anything; what is stored is stored once either way).
Session, CSRF, authentication and message middleware are skipped: they serve browser sessions,
and a hot route reads no cookie and sets none.
"""

import io
import time
from collections.abc import Callable

from django.core import signals
from django.core.handlers.wsgi import WSGIHandler, WSGIRequest, get_script_name
from django.http import HttpRequest, HttpResponse
from django.middleware.clickjacking import XFrameOptionsMiddleware
from django.middleware.common import CommonMiddleware
from django.middleware.security import SecurityMiddleware
from django.urls import NoReverseMatch, reverse, set_script_prefix

from config.metrics import observe_request
from config.middleware import body_limit

Handler = Callable[[HttpRequest], HttpResponse | None]
_registered: dict[str, tuple[str, Handler]] = {}  # URL name → (method, handler)


def register(url_name: str, method: str, handler: Handler) -> None:
    """Answer the plain `method` requests to the URL named `url_name` with `handler` first."""
    _registered[url_name] = (method.upper(), handler)


def _unused(request):  # the middlewares below are asked for their checks, never to call a view
    raise AssertionError("a hot route never reaches the rest of the chain")


class HotRoutes:
    """WSGI application: registered hot routes in front of `app` (Django's handler)."""

    def __init__(self, app: WSGIHandler):
        self.app = app
        self._routes: dict[tuple[str, str], tuple[str, Handler]] | None = None
        self._security = SecurityMiddleware(_unused)
        self._common = CommonMiddleware(_unused)
        self._xframe = XFrameOptionsMiddleware(_unused)

    def routes(self) -> dict[tuple[str, str], tuple[str, Handler]]:
        """(method, path) → (URL name, handler), resolved on first use (the URLconf is loaded
        after the apps register)."""
        if self._routes is None:
            routes = {}
            for name, (method, handler) in _registered.items():
                try:
                    routes[(method, reverse(name))] = (name, handler)
                except NoReverseMatch:  # not served by this URLconf: nothing to answer in front
                    continue
            self._routes = routes
        return self._routes

    def __call__(self, environ, start_response):
        route = self.routes().get((environ.get("REQUEST_METHOD", ""), environ.get("PATH_INFO", "")))
        if route is None:
            return self.app(environ, start_response)
        started = time.perf_counter()
        set_script_prefix(get_script_name(environ))
        signals.request_started.send(sender=WSGIHandler, environ=environ)
        request = WSGIRequest(environ)
        response = self._answer(request, route[1])
        if response is None:
            body = getattr(request, "_body", None)
            if body is not None:  # Django reads it again, from the start
                environ["wsgi.input"] = io.BytesIO(body)
            return self.app(environ, start_response)
        for middleware in (self._common, self._security, self._xframe):
            response = middleware.process_response(request, response)
        observe_request(route[0], request.method, response.status_code, time.perf_counter() - started)
        start_response(f"{response.status_code} {response.reason_phrase}", list(response.items()))
        signals.request_finished.send(sender=WSGIHandler)
        return [response.content]

    def _answer(self, request: WSGIRequest, handler: Handler) -> HttpResponse | None:
        if not self._plain(request):
            return None
        try:
            request.body  # noqa: B018  (read within the stated length, kept for a fallback)
            return handler(request)
        except Exception:  # Django answers it, from the start, as it always would
            return None

    def _plain(self, request: WSGIRequest) -> bool:
        meta = request.META
        limit = body_limit(request.path)
        try:
            length = int(meta.get("CONTENT_LENGTH") or "")
        except ValueError:
            return False
        if meta.get("QUERY_STRING") or meta.get("HTTP_CONTENT_ENCODING") or not 0 < length <= limit:
            return False
        try:  # allowed host, no redirect due, no refused user agent: Django's own checks
            return (
                self._security.process_request(request) is None
                and self._common.process_request(request) is None
            )
        except Exception:
            return False
