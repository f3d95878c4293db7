"""Say where a page shows English for lack of a translation, and whether it is current."""

from django import template
from django.utils.html import format_html
from django.utils.translation import get_language

from core.translated_fields import (
    SOURCE_LANGUAGE,
    fallback_language,
    has_translation,
    is_blank,
    shown_in_english,
    stored,
    untranslated_fields,
)

register = template.Library()


@register.simple_tag
def fallback_lang_attr(obj, field):
    """` lang="…"` when `field` of `obj` is shown in another language than the page's: in
    English for lack of a translation, or as written (a Spanish ruling on an English page)."""
    language = fallback_language(obj, field) if hasattr(obj, "_meta") else ""
    return format_html(' lang="{}"', language) if language else ""


@register.simple_tag
def original_lang_attr(obj, field, language):
    """` lang="…"` for `field` of `obj` shown as written in `language`, unless the reader's
    language has its own text."""
    current = get_language()
    if current != language and not is_blank(stored(obj, field, current)):
        return ""
    return format_html(' lang="{}"', language) if language and language != current else ""


@register.filter
def english_fallback(objects):
    """True when readers get English text from any of `objects` (one, or several)."""
    if hasattr(objects, "_meta"):
        objects = [objects]
    return any(untranslated_fields(obj) for obj in objects or () if hasattr(obj, "_meta"))


@register.inclusion_tag("core/includes/translation_notices.html", takes_context=True)
def translation_notices(context, obj, **items):
    """Notices for a page read in a translation: missing or partial text, or an old version;
    `items` are lists of child objects shown on the page."""
    language = get_language()
    if language == SOURCE_LANGUAGE or not hasattr(obj, "_meta"):
        return {}
    state = context.get("translation_state")
    return {
        "missing": not has_translation(obj, language),
        "untranslated": state.shown_in_english if state else shown_in_english(obj, language, items),
        "state": state,
        "source_url": context.get("source_url"),
    }
