"""Guards in front of every view: body limits (chunked and gzip bodies included) and hostile URLs.

Bodies are measured before anything parses them. A body sent without Content-Length
(`Transfer-Encoding: chunked`) is read here up to the same limit when the server hands it over
whole (gunicorn marks that with `wsgi.input_terminated`), and refused with 411 otherwise:
never silently treated as empty.
"""

import gzip
import io
import zlib

from django.conf import settings
from django.http import JsonResponse

INGEST_PATHS = ("/api/v1/ingest", "/v1/traces", "/api/public/otel/v1/traces")
API_PREFIXES = ("/api/", "/v1/")


def error(status: int, message: str, **extra) -> JsonResponse:
    return JsonResponse({"message": message, "extra": extra}, status=status)


def body_limit(path: str) -> int:
    """The largest body accepted on `path`: ingest's limit on the ingest routes, the API's on every
    other one (the admin and its login form included)."""
    if path.rstrip("/") in INGEST_PATHS:
        return settings.KAIZEN["INGEST_MAX_BODY_BYTES"]
    return settings.KAIZEN["API_MAX_BODY_BYTES"]


class RequestGuardMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        refusal = self.refuse_url(request) or self.take_body(request) or self.inflate(request)
        return refusal or self.get_response(request)

    @staticmethod
    def refuse_url(request) -> JsonResponse | None:
        if "\x00" in request.path:
            return error(400, "The URL path contains a NUL character.")
        for key, values in request.GET.lists():
            if "\x00" in key or any("\x00" in value for value in values):
                return error(
                    400,
                    f"Query parameter {key!r} contains a NUL character.",
                    fields={key: ["Must not contain the NUL character."]},
                )
        return None

    @staticmethod
    def take_body(request) -> JsonResponse | None:
        limit = body_limit(request.path)
        meta = request.META
        raw_length = meta.get("CONTENT_LENGTH") or ""
        chunked = "chunked" in meta.get("HTTP_TRANSFER_ENCODING", "").lower()
        if raw_length:
            try:
                length = int(raw_length)
            except ValueError:
                return error(400, "Content-Length is not a number.")
            if length > limit:
                return error(
                    413, f"Request body is {length} bytes; the limit is {limit} bytes.", limit_bytes=limit
                )
            return None
        if not chunked:
            return None
        if not meta.get("wsgi.input_terminated"):
            return error(411, "A chunked body needs a server that passes it on whole; send Content-Length.")
        data = meta["wsgi.input"].read(limit + 1)
        if len(data) > limit:
            return error(413, f"Request body exceeds the limit of {limit} bytes.", limit_bytes=limit)
        request._stream = io.BytesIO(data)
        meta["CONTENT_LENGTH"] = str(len(data))
        return None

    @staticmethod
    def inflate(request) -> JsonResponse | None:
        """A gzip body of the ingest routes (what OTLP exporters and the SDK send) is inflated
        here, up to the same limit as a plain one; the view reads it as if sent plain."""
        encoding = request.META.get("HTTP_CONTENT_ENCODING", "").strip().lower()
        if encoding in ("", "identity"):
            return None
        if encoding != "gzip" or request.path.rstrip("/") not in INGEST_PATHS:
            return error(
                415, f"Content-Encoding {encoding!r} is not accepted here; send gzip to ingest routes."
            )
        limit = body_limit(request.path)
        try:
            data = gzip.GzipFile(fileobj=io.BytesIO(request.body)).read(limit + 1)
        except (OSError, EOFError, zlib.error) as exc:
            return error(400, f"Body is not valid gzip: {exc}")
        if len(data) > limit:
            return error(413, f"Decompressed body exceeds {limit} bytes.", limit_bytes=limit)
        request._body, request._stream = data, io.BytesIO(data)
        request.META["CONTENT_LENGTH"] = str(len(data))
        del request.META["HTTP_CONTENT_ENCODING"]
        return None
