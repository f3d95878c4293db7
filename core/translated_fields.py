"""Which translated fields fall back to English: modeltranslation does it silently, and
readers must be told (and the part marked `lang="en"`)."""

import datetime
import re

from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from modeltranslation import settings as mt_settings
from modeltranslation.translator import NotRegistered, translator
from modeltranslation.utils import build_localized_fieldname, resolution_order

from .reader_text import visible, visible_text

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


# A tag, removed in one pass: strip_tags refuses a long text with many tags, and a
# ruling's page asks of its whole answer whether it is blank.
TAG_RE = re.compile(r"<[^>]*>")


def is_blank(value):
    """Empty for a reader: None, whitespace, markup without text, or a stream with no blocks."""
    if value is None:
        return True
    if isinstance(value, str):
        return not TAG_RE.sub("", value).strip()
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


def translation_columns(field):
    """`field` (a path, `document__title`) and its column in every language: what `.only()`
    must name for a translated field, fallbacks included, to be read without a query when
    the queryset is not modeltranslation's (it expands the name itself)."""
    return [
        field,
        *(build_localized_fieldname(field, code) for code in mt_settings.AVAILABLE_LANGUAGES),
    ]


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
    """The language `field` of `obj` is shown in when it is not `language` (the reader's),
    else "" (as `lang`): English for lack of a translation, or the language a text was
    written in when it has no other (a Spanish ruling read on an English page)."""
    language = language or get_language()
    try:
        options = translator.get_options_for_model(type(obj))
    except NotRegistered:
        return ""
    fallbacks = getattr(options, "fallback_languages", None)
    for code in resolution_order(language, fallbacks):
        if not is_blank(stored(obj, field, code)):
            return "" if code == language else code
    return ""


# Text lives in the fields of the language it is written in, whoever writes it (the
# importer, the catalogue loader, an editor): its search vector is then that language's,
# its page marks it so, and only text in another language counts as a translation.


def in_language(language, **texts):
    """The columns that hold `texts` ({field: text}) written in `language`."""
    return {build_localized_fieldname(name, language): text for name, text in texts.items()}


def write_in_language(obj, language, **texts):
    for column, text in in_language(language, **texts).items():
        setattr(obj, column, text)


def settle_in_language(obj, language):
    """Move `obj`'s text from the source language's fields into `language`'s when it has
    none there: the form's first boxes, where an editor may type a Spanish ruling (as the
    importer used to store one). Text typed in another language's own boxes stays there."""
    if language in (None, "", SOURCE_LANGUAGE) or has_translation(obj, language):
        return
    for name in reader_fields(type(obj)):
        write_in_language(obj, language, **{name: stored(obj, name, SOURCE_LANGUAGE)})
        write_in_language(obj, SOURCE_LANGUAGE, **{name: None})


def untranslated_fields(obj, language=None):
    """The reader fields of `obj` shown in English to readers of `language`."""
    return [name for name in reader_fields(type(obj)) if falls_back(obj, name, language)]


def has_translation(obj, language, model=None):
    """True when any reader field of `obj` has text of its own in `language`; `obj` may be
    a row read as values (named as the columns) of `model`."""
    fields = reader_fields(model or type(obj))
    return any(not is_blank(stored(obj, name, language)) for name in fields)


def field_label(model, name):
    return model._meta.get_field(name).verbose_name


# Lists of child objects a page shows, named as the reader knows them.
ITEM_LABELS = {"corrections": _("corrections"), "change_log": _("change log")}


def shown_in_english(obj, language, items=None):
    """Labels of what readers of `language` get in English on `obj`'s page: its fields,
    then each list of child objects in `items` of which any falls back."""
    labels = [capfirst(field_label(type(obj), name)) for name in untranslated_fields(obj, language)]
    labels += [
        capfirst(ITEM_LABELS.get(key, key))
        for key, objects in (items or {}).items()
        if any(untranslated_fields(item, language) for item in objects or ())
    ]
    return labels


def comparable(value):
    """What a reader sees of `value`: streams without block ids, text without markup."""
    if hasattr(value, "get_prep_value") and hasattr(value, "stream_block"):
        return [(block["type"], visible(block["value"])) for block in value.get_prep_value()]
    if isinstance(value, datetime.date):
        return value.isoformat()
    if value is None:
        return ""
    return visible_text(str(value))


def language_snapshot(obj, language):
    """What `obj` says in `language` (with `original_fields` for the source language,
    and `compared_relations` row by row), to tell whether it changed."""
    values = {name: comparable(stored(obj, name, language)) for name in reader_fields(type(obj))}
    if language == SOURCE_LANGUAGE:
        for name in getattr(obj, "original_fields", ()):
            values[name] = comparable(getattr(obj, name))
    for relation in getattr(obj, "compared_relations", ()):
        values[relation] = [
            language_snapshot(row, language) for row in getattr(obj, relation).all()
        ]
    return values
