"""`{{ text|printable }}`: control characters the PDFs' text extraction kept (HTML forbids
them) shown as a space."""

import re

from django import template
from django.template.defaultfilters import stringfilter

register = template.Library()

# C0 controls but tab, line feed and carriage return; DEL and the C1 controls.
FORBIDDEN = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f]")


@register.filter
@stringfilter
def printable(value):
    return FORBIDDEN.sub(" ", value)
