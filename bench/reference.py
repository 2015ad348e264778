"""The plain way of writing an ingest endpoint, for the benchmark to compare against.

Same envelope as Kaizen's (`{"batch": [...]}` in, 207 with one result per event out), but the
textbook implementation: one token query, a DRF serializer per event, and `executemany` of
`INSERT … ON CONFLICT DO NOTHING` into its own table with the same envelope columns (the body
as JSONB). No derived work at all. Served only by the benchmark (bench/settings.py).
"""

import json

from django.db import connection, transaction
from rest_framework import serializers
from rest_framework.exceptions import AuthenticationFailed
from rest_framework.response import Response
from rest_framework.views import APIView

from bench.reference_table import INSERT
from fleet import tokens

TYPES = ["tool_invocation", "skill_outcome", "observation", "correction", "decision", "session_end"]


class EventSerializer(serializers.Serializer):
    id = serializers.CharField(max_length=128)
    type = serializers.ChoiceField(choices=TYPES)
    timestamp = serializers.DateTimeField()
    body = serializers.DictField()


class ReferenceIngest(APIView):
    authentication_classes: list = []
    permission_classes: list = []

    def post(self, request):
        agent_id = self._agent(request)
        results, rows = [], []
        for index, raw in enumerate(request.data.get("batch") or []):
            item = EventSerializer(data=raw)
            if item.is_valid():
                data = item.validated_data
                rows.append((agent_id, data["type"], data["id"], data["timestamp"], json.dumps(data["body"])))
                results.append({"index": index, "id": data["id"], "status": 201})
            else:
                results.append({"index": index, "status": 400, "errors": item.errors})
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.executemany(INSERT, rows)
        return Response({"results": results}, status=207)

    def _agent(self, request) -> int:
        raw = request.headers.get("Authorization", "").removeprefix("Bearer ").strip()
        prefix = tokens.split_prefix(raw)
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT agent_id, digest FROM telemetry_apitoken WHERE prefix = %s AND revoked_at IS NULL",
                [prefix],
            )
            row = cursor.fetchone()
        if row is None or not tokens.matches(raw, row[1]):
            raise AuthenticationFailed("Invalid token.")
        return row[0]
