"""`{{ text|printable }}`: exported text made fit for HTML.

Exports keep what the rulebook PDFs' text extraction produced, control characters
included (the Archaeology rulebook's bullets arrive as U+0007). HTML forbids those code
points, so they are shown as a space; the stored text keeps them as exported.
"""

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
