"""One error type for services and one JSON shape for every API error.

Every error body is ``{"message": "...", "extra": {...}}``; validation errors put the
per-field messages under ``extra.fields``.
"""

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from config.error_views import database_unavailable, unavailable


class ApplicationError(Exception):
    """A refusal a service can explain to its caller (mapped to HTTP 400 by the API)."""

    status_code = 400

    def __init__(self, message: str, extra: dict | None = None):
        super().__init__(message)
        self.message = message
        self.extra = extra or {}


class Conflict(ApplicationError):
    """The request is valid but collides with the current state (HTTP 409)."""

    status_code = 409


class Forbidden(ApplicationError):
    """The caller is known but may not do this (HTTP 403); the message says why."""

    status_code = 403


class NotFound(ApplicationError):
    """Something the request names does not exist (HTTP 404); the message names it."""

    status_code = 404


class NotYet(ApplicationError):
    """What the request asks for is being prepared (HTTP 503 with Retry-After)."""

    status_code = 503
    retry_after_s = 60


class TooMany(ApplicationError):
    """The caller is over its share of a limit (HTTP 429 with Retry-After: the seconds until
    its window starts again)."""

    status_code = 429

    def __init__(self, message: str, retry_after_s: int, extra: dict | None = None):
        super().__init__(message, extra)
        self.retry_after_s = retry_after_s


def field_error(field: str, message: str) -> ApplicationError:
    return ApplicationError(f"{field}: {message}", {"fields": {field: [message]}})


def exception_handler(exc, context):
    if isinstance(exc, DjangoValidationError):
        detail = exc.message_dict if hasattr(exc, "error_dict") else {"non_field_errors": exc.messages}
        exc = exceptions.ValidationError(detail)
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()

    if database_unavailable(exc):
        return unavailable()
    if isinstance(exc, ApplicationError):
        response = Response({"message": exc.message, "extra": exc.extra}, status=exc.status_code)
        if isinstance(exc, NotYet | TooMany):
            response["Retry-After"] = str(exc.retry_after_s)
        return response

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    if isinstance(exc, exceptions.ValidationError):
        fields = exc.detail if isinstance(exc.detail, dict) else {"non_field_errors": exc.detail}
        response.data = {
            "message": f"Invalid input: {', '.join(str(k) for k in fields)}",
            "extra": {"fields": fields},
        }
    else:
        detail = response.data.get("detail", str(exc)) if isinstance(response.data, dict) else exc
        if isinstance(exc, exceptions.NotAuthenticated) and _said_another_way(context):
            detail = f"{detail} The Authorization header must be 'Bearer <token>'."
        response.data = {"message": str(detail), "extra": {}}
    if response.status_code == status.HTTP_401_UNAUTHORIZED:
        response["WWW-Authenticate"] = response.get("WWW-Authenticate", 'Bearer realm="kaizen"')
    return response


def _said_another_way(context) -> bool:
    """Whether the request carried an Authorization header no authentication took (a token sent
    bare or as 'Token …'); the header itself is never echoed."""
    request = context.get("request")
    return bool(request is not None and request.META.get("HTTP_AUTHORIZATION", "").strip())


def open_duplicate(noun: str, dedup_key: str, existing_pk: int | None) -> Conflict:
    """409 for a second open `noun` (task, proposal) with the same dedup key, naming the open one
    (under `noun` in the body, for a client to follow)."""
    return Conflict(
        f"An open {noun} with dedup key '{dedup_key}' already exists (#{existing_pk or '?'}).",
        {"fields": {"dedup_key": [f"Duplicate of an open {noun}."]}, noun: existing_pk},
    )
