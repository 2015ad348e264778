"""Serializer pieces shared by the APIs."""

from rest_framework import serializers


class StrictSerializer(serializers.Serializer):
    """Unknown keys are an error naming each of them, not silently ignored."""

    def to_internal_value(self, data):
        if isinstance(data, dict):
            unknown = sorted(set(data) - set(self.fields))
            if unknown:
                raise serializers.ValidationError({key: ["Unknown field."] for key in unknown})
        return super().to_internal_value(data)


class NumberField(serializers.FloatField):
    """A JSON number: true and false are refused (Python would read them as 1 and 0)."""

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)
