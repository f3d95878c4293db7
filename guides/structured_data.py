"""A guide's schema.org description: when it was checked and changed, against which
documents, its corrections, and which page it translates (or is translated as)."""

from core.pages import page_url_in
from core.structured_data import (
    SCHEMA,
    correction,
    iso,
    organisation,
    person,
    translation_properties,
    without_empty,
)
from core.translated_fields import SOURCE_LANGUAGE, stored


def document_reference(document, request):
    """A source document: the publisher's copy where there is one, else the site's page."""
    return without_empty(
        {
            "@type": "CreativeWork",
            # The title it is published under, in the language it is written in.
            "name": stored(document, "title", SOURCE_LANGUAGE),
            "url": document.url or request.build_absolute_uri(document.get_absolute_url()),
            "inLanguage": document.edition.language,
        }
    )


def absolute_url_in(page, request, language):
    return request.build_absolute_uri(page_url_in(page, request, language))


def guide_data(context):
    """The current version of the guide in `context` (the page's template context), dated
    as its change log dates its versions: published with the first, modified with this one."""
    request, page = context["request"], context["page"]
    url = request.build_absolute_uri(page.get_url(request))
    site = organisation(request)
    game_page = context.get("game_page")
    version = context.get("current_version")
    versions = context.get("versions") or []
    data = {
        "@context": SCHEMA,
        "@type": "WebPage",
        "@id": url,
        "url": url,
        "name": page.title,
        "headline": page.title,
        "description": page.intro,
        **translation_properties(page, lambda code: absolute_url_in(page, request, code)),
        "about": {"@type": "Game", "name": game_page.title} if game_page else None,
        "version": str(version.number) if version else None,
        "datePublished": iso(versions[-1].published_at) if versions else None,
        "dateModified": iso(version.published_at) if version else None,
        # The date the guide was last checked against its sources, and by whom (shown on
        # it); checked before anyone was named (the demo), by the site's editors.
        "lastReviewed": iso(page.checked_on),
        "reviewedBy": person(page.checked_by, otherwise=site) if page.checked_on else None,
        "publisher": site,
        "citation": [document_reference(s.document, request) for s in context["sources"]],
        "correction": [correction(item, url) for item in context["corrections"]],
    }
    return without_empty(data)
