"""Say where a page is shown in English for lack of a translation, and whether it is current.

`<h1{% fallback_lang_attr page "title" %}>` adds ` lang="en"` where the reader gets the
English text of a field; `{% translation_notices page ... %}` tells the reader so.
"""

from django import template
from django.utils.translation import get_language

from guides.translated_fields import SOURCE_LANGUAGE, has_translation, shown_in_english
from rulings.templatetags.fallback_marks import fallback_lang_attr

register = template.Library()


# One definition for every app's templates; rulings' own templates load it from there.
register.simple_tag(fallback_lang_attr)


@register.inclusion_tag("includes/translation_notices.html", takes_context=True)
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
