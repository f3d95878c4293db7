"""`{% guide_json_ld %}` in a guide's <head>: its schema.org description."""

from django import template

from core.structured_data import json_ld
from guides.structured_data import guide_data

register = template.Library()


@register.simple_tag(takes_context=True)
def guide_json_ld(context):
    # An earlier version is a snapshot marked superseded; only the current one describes
    # the guide.
    if context.get("shown_version") or context.get("request") is None:
        return ""
    return json_ld(guide_data(context))
