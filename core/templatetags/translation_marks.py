"""Say where a page shows English for lack of a translation, and whether it is current.

`<h1{% fallback_lang_attr page "title" %}>` adds ` lang="en"` where the reader gets the
English text of a field; `{% if rulings|english_fallback %}` lets a page say once that
content published in English is shown as written; `{% translation_notices page ... %}`
tells the reader which parts are in English and whether the translation is current.
"""

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language

from core.translated_fields import (
    SOURCE_LANGUAGE,
    falls_back,
    has_translation,
    is_blank,
    shown_in_english,
    stored,
    untranslated_fields,
)

register = template.Library()


@register.simple_tag
def fallback_lang_attr(obj, field):
    """` lang="en"` when `field` of `obj` is shown in English for lack of a translation."""
    if hasattr(obj, "_meta") and falls_back(obj, field):
        return format_html(' lang="{}"', SOURCE_LANGUAGE)
    return ""


@register.simple_tag
def original_lang_attr(obj, field, language):
    """` lang="…"` for `field` of `obj` shown as written in `language`: a document's title
    in the document's own language, unless the reader's language has a title of its own
    (then the text is in the page's language and needs no mark)."""
    current = get_language()
    if current != SOURCE_LANGUAGE and not is_blank(stored(obj, field, current)):
        return ""
    return format_html(' lang="{}"', language) if language and language != current else ""


@register.filter
def english_fallback(objects):
    """True when readers of the active language get English text from any of `objects`.

    Takes one object or several (a list, a queryset); objects without translated fields
    count as not shown in English.
    """
    if hasattr(objects, "_meta"):
        objects = [objects]
    return any(untranslated_fields(obj) for obj in objects or () if hasattr(obj, "_meta"))


@register.inclusion_tag("core/includes/translation_notices.html", takes_context=True)
def translation_notices(context, obj, **items):
    """Notices for a page read in a translation: missing or partial text, or an old version.

    `items` are lists of child objects shown on the page (e.g. `corrections=corrections`);
    any of them without a translation is named among the parts shown in English. A guide's
    translation state (in the context) already names them, the same way the translators'
    dashboard does.
    """
    language = get_language()
    # Views that are not pages (the corrections log) have no `page` in their context.
    if language == SOURCE_LANGUAGE or not hasattr(obj, "_meta"):
        return {}
    state = context.get("translation_state")
    return {
        "missing": not has_translation(obj, language),
        "untranslated": state.shown_in_english if state else shown_in_english(obj, language, items),
        "state": state,
        "source_url": context.get("source_url"),
    }
