"""Shapes of the ingest API, used for the OpenAPI schema (validation is telemetry.contract; the
request's per-type event schemas are generated from it in telemetry.schema.event_schemas)."""

from rest_framework import serializers

from telemetry.contract import EVENT_TYPES, SCHEMAS


def _body_help() -> str:
    """The fields of every event type, from the contract itself (required ones marked *)."""
    types = (
        f"{name}: " + ", ".join(f"{field}{'*' if rule.required else ''}" for field, rule in rules.items())
        for name, rules in SCHEMAS.items()
    )
    return "Fields of the event type (* required). " + "; ".join(types) + "."


BODY_HELP = _body_help()


class EventSerializer(serializers.Serializer):
    id = serializers.CharField(required=False, max_length=128, help_text="Client id; optional.")
    type = serializers.ChoiceField(choices=EVENT_TYPES)
    timestamp = serializers.DateTimeField()
    body = serializers.DictField(help_text=BODY_HELP)


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
