"""`{% guide_json_ld %}` in a guide's <head>: its schema.org description, dated as its change
log dates its versions, with its sources, corrections and translations."""

from django import template

from core.pages import page_url_in
from core.structured_data import (
    SCHEMA,
    correction,
    iso,
    json_ld,
    organisation,
    person,
    translation_properties,
    without_empty,
)
from core.translated_fields import SOURCE_LANGUAGE, stored

register = template.Library()


def document_reference(document, request):
    """A source document: the publisher's copy where there is one, else the site's page."""
    return without_empty(
        {
            "@type": "CreativeWork",
            "name": stored(document, "title", SOURCE_LANGUAGE),
            "url": document.url or request.build_absolute_uri(document.get_absolute_url()),
            "inLanguage": document.edition.language,
        }
    )


@register.simple_tag(takes_context=True)
def guide_json_ld(context):
    request, page = context.get("request"), context["page"]
    # An earlier version is a snapshot marked superseded; only the current one describes
    # the guide.
    if context.get("shown_version") or request is None:
        return ""
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
        **translation_properties(
            page, lambda code: request.build_absolute_uri(page_url_in(page, request, code))
        ),
        "about": {"@type": "Game", "name": game_page.title} if game_page else None,
        "version": str(version.number) if version else None,
        "datePublished": iso(versions[-1].published_at) if versions else None,
        "dateModified": iso(version.published_at) if version else None,
        # Checked before anyone was named (the demo): by the site's editors.
        "lastReviewed": iso(page.checked_on),
        "reviewedBy": person(page.checked_by, otherwise=site) if page.checked_on else None,
        "publisher": site,
        "citation": [document_reference(s.document, request) for s in context["sources"]],
        "correction": [correction(item, url) for item in context["corrections"]],
    }
    return json_ld(without_empty(data))
