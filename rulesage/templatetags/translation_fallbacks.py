"""Say where a page is shown in English for lack of a translation, and whether it is current.

`<h1{% fallback_lang_attr page "title" %}>` adds ` lang="en"` where the reader gets the
English text of a field; `{% translation_notices page ... %}` tells the reader so.
"""

from django import template
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from guides.translated_fields import (
    SOURCE_LANGUAGE,
    falls_back,
    field_label,
    has_translation,
    untranslated_fields,
)

register = template.Library()

# Lists of child objects a page shows, named as the reader knows them.
ITEM_LABELS = {"corrections": _("corrections"), "change_log": _("change log")}


@register.simple_tag
def fallback_lang_attr(obj, field):
    """` lang="en"` when `field` of `obj` is shown in English for lack of a translation."""
    if hasattr(obj, "_meta") and falls_back(obj, field):
        return format_html(' lang="{}"', SOURCE_LANGUAGE)
    return ""


@register.inclusion_tag("includes/translation_notices.html", takes_context=True)
def translation_notices(context, obj, **items):
    """Notices for a page read in a translation: missing or partial text, or an old version.

    `items` are lists of child objects shown on the page (e.g. `corrections=corrections`);
    any of them without a translation is named among the untranslated parts.
    """
    language = get_language()
    # Views that are not pages (the corrections log) have no `page` in their context.
    if language == SOURCE_LANGUAGE or not hasattr(obj, "_meta"):
        return {}
    untranslated = [
        capfirst(field_label(type(obj), name)) for name in untranslated_fields(obj, language)
    ]
    untranslated += [
        capfirst(ITEM_LABELS.get(key, key))
        for key, objects in items.items()
        if any(untranslated_fields(item, language) for item in objects or ())
    ]
    return {
        "missing": not has_translation(obj, language),
        "untranslated": untranslated,
        "state": context.get("translation_state"),
        "source_url": context.get("source_url"),
    }
