"""Mark text shown in English for lack of a translation, on any app's pages.

`<h1{% fallback_lang_attr ruling "question" %}>` adds ` lang="en"` where the reader gets
the English text of a field; `{% if rulings|english_fallback %}` lets a page say once that
content published in English is shown as written. (Guides' notices, which also name the
untranslated parts, are in rulesage's `translation_fallbacks`.)
"""

from django import template
from django.utils.html import format_html

from rulings.translated_fields import SOURCE_LANGUAGE, falls_back, untranslated_fields

register = template.Library()


@register.simple_tag
def fallback_lang_attr(obj, field):
    """` lang="en"` when `field` of `obj` is shown in English for lack of a translation."""
    if hasattr(obj, "_meta") and falls_back(obj, field):
        return format_html(' lang="{}"', SOURCE_LANGUAGE)
    return ""


@register.filter
def english_fallback(objects):
    """True when readers of the active language get English text from any of `objects`.

    Takes one object or several (a list, a queryset); objects without translated fields
    count as not shown in English.
    """
    if hasattr(objects, "_meta"):
        objects = [objects]
    return any(untranslated_fields(obj) for obj in objects or () if hasattr(obj, "_meta"))
