"""`{{ data|json_ld }}` writes a page's schema.org description (core/structured_data.py)."""

from django import template

from core.structured_data import json_ld as write_json_ld

register = template.Library()


@register.filter
def json_ld(data):
    return write_json_ld(data) if data else ""
