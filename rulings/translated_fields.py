"""Which translated fields of an object fall back to the source language (English).

modeltranslation returns the English value when a Spanish field is empty
(MODELTRANSLATION_FALLBACK_LANGUAGES); it does not say that it did. Readers must be told,
and the fallback part marked `lang="en"`, so these helpers look at the stored values.

Kept in `rulings`, the lowest layer, because every app's pages need them (rulings are
published in English and read on Spanish pages); they know no model of any app.
"""

from django.utils.html import strip_tags
from django.utils.translation import get_language
from modeltranslation import settings as mt_settings
from modeltranslation.translator import NotRegistered, translator
from modeltranslation.utils import build_localized_fieldname

SOURCE_LANGUAGE = mt_settings.DEFAULT_LANGUAGE

# Translated, but not text a reader reads on the page: URL plumbing, search-engine metadata
# and the change summary, which publishing consumes into the version history.
NOT_READER_TEXT = {
    "slug",
    "url_path",
    "seo_title",
    "search_description",
    "change_summary",
    "translation_current",
}


def target_languages():
    """The languages translations are made into (every language but the source)."""
    return [code for code in mt_settings.AVAILABLE_LANGUAGES if code != SOURCE_LANGUAGE]


def is_blank(value):
    """Empty for a reader: None, whitespace, markup without text, or a stream with no blocks."""
    if value is None:
        return True
    if isinstance(value, str):
        return not strip_tags(value).strip()
    try:
        return len(value) == 0
    except TypeError:
        return False


def reader_fields(model):
    """Names of the model's translated fields that readers see, in declaration order."""
    try:
        options = translator.get_options_for_model(model)
    except NotRegistered:
        return []
    translated = set(options.all_fields) - NOT_READER_TEXT
    return [field.name for field in model._meta.get_fields() if field.name in translated]


def stored(obj, field, language):
    return getattr(obj, build_localized_fieldname(field, language), None)


def falls_back(obj, field, language=None):
    """True when readers of `language` get the English text of `field` for lack of their own."""
    language = language or get_language()
    if language == SOURCE_LANGUAGE or language not in mt_settings.AVAILABLE_LANGUAGES:
        return False
    return is_blank(stored(obj, field, language)) and not is_blank(
        stored(obj, field, SOURCE_LANGUAGE)
    )


def fallback_language(obj, field, language=None):
    """The language `field` of `obj` is shown in when it falls back, else "" (as `lang`)."""
    return SOURCE_LANGUAGE if falls_back(obj, field, language) else ""


def untranslated_fields(obj, language=None):
    """The reader fields of `obj` shown in English to readers of `language`."""
    return [name for name in reader_fields(type(obj)) if falls_back(obj, name, language)]


def has_translation(obj, language):
    """True when any reader field of `obj` has text of its own in `language`."""
    return any(not is_blank(stored(obj, name, language)) for name in reader_fields(type(obj)))


def field_label(model, name):
    return model._meta.get_field(name).verbose_name
