"""schema.org JSON-LD parts guides and rulings share: publisher, correction, translations."""

import html
import json

import nh3
from django.conf import settings
from django.utils import translation
from django.utils.html import format_html
from django.utils.safestring import mark_safe

from .translated_fields import SOURCE_LANGUAGE, has_translation

SCHEMA = "https://schema.org"
SITE_NAME = "Rulesage"

# As django.utils.html.json_script does: the JSON cannot end the <script> element early.
_ESCAPES = {ord(">"): "\\u003E", ord("<"): "\\u003C", ord("&"): "\\u0026"}


def organisation(request):
    return {"@type": "Organization", "name": SITE_NAME, "url": request.build_absolute_uri("/")}


def person(name, otherwise=None):
    return {"@type": "Person", "name": name} if name else otherwise


def correction(item, url):
    return {
        "@type": "CorrectionComment",
        "url": f"{url}#{item.anchor}",
        "datePublished": iso(item.dated_at),
        "author": person(
            item.corrected_by, otherwise={"@type": "Organization", "name": item.byline}
        ),
        "text": f"{item.what_was_wrong} → {item.what_it_says_now}",
    }


def translation_properties(obj, url_in):
    """`inLanguage`, and the page's translations (English) or original (own translation);
    a page showing English for lack of a translation says it is in English."""
    language = translation.get_language()
    own_text = language == SOURCE_LANGUAGE or has_translation(obj, language)
    data = {"inLanguage": language if own_text else SOURCE_LANGUAGE}
    if language == SOURCE_LANGUAGE:
        data["workTranslation"] = [
            {"@type": "WebPage", "@id": url_in(code), "inLanguage": code}
            for code, _name in settings.LANGUAGES
            if code != SOURCE_LANGUAGE and has_translation(obj, code)
        ]
    elif own_text:
        data["translationOfWork"] = {
            "@type": "WebPage",
            "@id": url_in(SOURCE_LANGUAGE),
            "inLanguage": SOURCE_LANGUAGE,
        }
    return data


def plain_text(markup):
    """Rendered markup as one line of text (nh3: Django's strip_tags is far slower)."""
    return " ".join(html.unescape(nh3.clean(str(markup), tags=set())).split())


def iso(moment):
    return moment.isoformat() if moment else None


def without_empty(data):
    return {key: value for key, value in data.items() if value not in (None, "", [])}


def json_ld(data):
    """`data` as a <script type="application/ld+json"> element (not run: no CSP nonce)."""
    text = json.dumps(data, ensure_ascii=False, sort_keys=False).translate(_ESCAPES)
    return format_html('<script type="application/ld+json">{}</script>', mark_safe(text))
