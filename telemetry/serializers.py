"""Shapes of the ingest API, used for the OpenAPI schema (validation is telemetry.contract)."""

from rest_framework import serializers

from telemetry.contract import EVENT_TYPES


class EventSerializer(serializers.Serializer):
    id = serializers.CharField(required=False, max_length=128, help_text="Client id; optional.")
    type = serializers.ChoiceField(choices=EVENT_TYPES)
    timestamp = serializers.DateTimeField()
    body = serializers.DictField(help_text="Fields of the event type (SPEC §3).")


class IngestInputSerializer(serializers.Serializer):
    batch = EventSerializer(many=True)


class ItemResultSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    id = serializers.CharField()
    status = serializers.ChoiceField(choices=[201, 200, 400])
    errors = serializers.DictField(child=serializers.ListField(child=serializers.CharField()), required=False)


class IngestOutputSerializer(serializers.Serializer):
    results = ItemResultSerializer(many=True)


class ErrorSerializer(serializers.Serializer):
    message = serializers.CharField()
    extra = serializers.DictField()
