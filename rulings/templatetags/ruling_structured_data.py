"""`{% ruling_json_ld %}` in a ruling's <head>: its schema.org description."""

from django import template

from core.structured_data import json_ld
from rulings.structured_data import ruling_data

register = template.Library()


@register.simple_tag(takes_context=True)
def ruling_json_ld(context):
    return json_ld(ruling_data(context)) if context.get("request") else ""
