"""Refuse oversized ingest bodies from the Content-Length header, before anything reads them."""

from django.conf import settings
from django.http import JsonResponse

LIMITED_PATHS = ("/api/v1/ingest", "/v1/traces")


class IngestBodyLimitMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.rstrip("/") in LIMITED_PATHS:
            limit = settings.KAIZEN["INGEST_MAX_BODY_BYTES"]
            try:
                length = int(request.META.get("CONTENT_LENGTH") or 0)
            except ValueError:
                length = 0
            if length > limit:
                return JsonResponse(
                    {
                        "message": f"Request body is {length} bytes; the limit is {limit} bytes.",
                        "extra": {"limit_bytes": limit},
                    },
                    status=413,
                )
        return self.get_response(request)
