"""What a guide's page shows in English, and whether a language's text changed.

The field-level helpers (which field falls back to English, which are reader text) live
in `rulings/translated_fields.py`, the lowest layer, so rulings' pages use them too; they
are imported here under the names the guides modules have always used.
"""

import datetime

from django.utils.text import capfirst
from django.utils.translation import gettext_lazy as _

from rulings.translated_fields import (  # noqa: F401 — also imported from here by guides
    NOT_READER_TEXT,
    SOURCE_LANGUAGE,
    falls_back,
    field_label,
    has_translation,
    is_blank,
    reader_fields,
    stored,
    target_languages,
    untranslated_fields,
)

# Lists of child objects a page shows, named as the reader knows them.
ITEM_LABELS = {"corrections": _("corrections"), "change_log": _("change log")}


def shown_in_english(obj, language, items=None):
    """Labels of what readers of `language` get in English on `obj`'s page.

    The page's own fields, then each list of child objects in `items` (e.g.
    {"corrections": [...]}) of which any object falls back. The page's notice and the
    translators' dashboard both call this, so they always name the same parts.
    """
    labels = [capfirst(field_label(type(obj), name)) for name in untranslated_fields(obj, language)]
    labels += [
        capfirst(ITEM_LABELS.get(key, key))
        for key, objects in (items or {}).items()
        if any(untranslated_fields(item, language) for item in objects or ())
    ]
    return labels


def comparable(value):
    """A plain value to tell whether a field's content changed (streams without block ids)."""
    if hasattr(value, "get_prep_value") and hasattr(value, "stream_block"):
        return [(block["type"], block["value"]) for block in value.get_prep_value()]
    if isinstance(value, datetime.date):
        return value.isoformat()
    if value is None:
        return ""
    return str(value)


def language_snapshot(obj, language):
    """What `obj` says in `language`, to tell whether that language's text changed.

    For the source language this includes the fields that are not translated (a model
    lists them in `original_fields`); child rows named in `compared_relations` are
    compared the same way, row by row.
    """
    values = {name: comparable(stored(obj, name, language)) for name in reader_fields(type(obj))}
    if language == SOURCE_LANGUAGE:
        for name in getattr(obj, "original_fields", ()):
            values[name] = comparable(getattr(obj, name))
    for relation in getattr(obj, "compared_relations", ()):
        values[relation] = [
            language_snapshot(row, language) for row in getattr(obj, relation).all()
        ]
    return values
