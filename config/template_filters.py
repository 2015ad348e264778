"""Filters the admin's and the dashboard's templates load as `{% load kaizen %}`."""

from django import template

from config.readable import breakable as breakable_text

register = template.Library()


@register.filter
def breakable(text):
    """The text escaped, its long tokens (paths, dotted names, URLs) free to wrap anywhere, its
    words never (config.readable.breakable); text already safe is shown as it is."""
    return breakable_text(text)
