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


def page_of(name: str, item: type[serializers.Serializer]) -> serializers.Serializer:
    """The documented shape of one page of a paginated list of `item`s."""
    from drf_spectacular.utils import inline_serializer

    return inline_serializer(
        name,
        {
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": item(many=True),  # made last: fields keep their creation order
        },
    )
