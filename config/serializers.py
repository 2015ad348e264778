"""Serializer pieces shared by the APIs."""

from drf_spectacular.utils import OpenApiParameter, inline_serializer
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination

from config.errors import field_error


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


class ChoiceField(serializers.ChoiceField):
    """A choice whose refusal says the choices: '"approve" is not a valid choice; one of: autonomous,
    notification, veto, gated, compound.' (an input's field; what an answer holds needs none)."""

    default_error_messages = {"invalid_choice": '"{input}" is not a valid choice; one of: {choices}.'}

    def fail(self, key, **kwargs):
        if key == "invalid_choice":
            kwargs["choices"] = ", ".join(str(choice) for choice in self.choices)
        super().fail(key, **kwargs)


def page_of(name: str, item: type[serializers.Serializer]) -> serializers.Serializer:
    """The documented shape of one page of a paginated list of `item`s."""
    return inline_serializer(
        name,
        {
            "count": serializers.IntegerField(),
            "next": serializers.URLField(allow_null=True),
            "previous": serializers.URLField(allow_null=True),
            "results": item(many=True),  # made last: fields keep their creation order
        },
    )


def filter_parameters(filters: type[serializers.Serializer]) -> list[OpenApiParameter]:
    """The documented query string of a list endpoint: each choice field of `filters` (its
    choices as the values allowed), then `page`."""
    return [
        *(OpenApiParameter(name, str, enum=list(field.choices)) for name, field in filters().fields.items()),
        OpenApiParameter("page", int),
    ]


def filtered_page(view, request, filters: type[serializers.Serializer], select, item):
    """One page of a list endpoint: the query string checked by `filters` (a blank value is
    refused by name rather than read as no filter), the rows `select(**filters)` returns
    paginated, each shaped by `item`."""
    for name in filters().fields:
        if request.query_params.get(name) == "":
            raise field_error(name, "Must be one of the documented values, not blank.")
    checked = filters(data=request.query_params)
    checked.is_valid(raise_exception=True)
    page_asked = request.query_params.get("page", "1")
    if page_asked != "last" and not (page_asked.isascii() and page_asked.isdigit() and int(page_asked) >= 1):
        raise field_error("page", "Must be a whole number from 1 (or 'last').")
    paginator = PageNumberPagination()
    page = paginator.paginate_queryset(select(**checked.validated_data), request, view=view)
    return paginator.get_paginated_response(item(page, many=True).data)
