"""A guide's tags: `{% guide_body %}` and `{% guide_json_ld %}`."""

from django import template
from django.core.exceptions import DisallowedHost
from django.utils import translation
from django.utils.safestring import mark_safe

from core.cache_tags import SITE
from core.page_cache import remembered
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


@register.simple_tag(takes_context=True)
def guide_body(context):
    """A guide's sections (most of its server time), rendered once per change to what they
    show; an old version or a preview every time."""
    page = context.get("page")
    if page is None:
        return ""
    request, old_version = context.get("request"), context.get("shown_version")
    # Errata under their sections' headings (core.blocks.HeadingBlock).
    notices = None if old_version else context.get("errata_notices")

    def render():
        values = context.flatten()
        if notices:
            values["section_notices"] = notices.section_html(request)
        return str(page.body.render_as_block(context=values))

    live = request is not None and page.pk and not old_version
    try:
        host = request.get_host() if live and not getattr(request, "is_preview", False) else None
    except DisallowedHost:
        host = None
    if host is None:
        return mark_safe(render())  # noqa: S308 (the blocks' templates escape)
    key = f"guide-body:{page.pk}:{translation.get_language()}:{host}"
    return mark_safe(remembered(key, render, lambda _html: [SITE, *page.cache_tags()]))  # noqa: S308


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
    # Only the current version describes the guide.
    if context.get("shown_version") or request is None:
        return ""
    url = request.build_absolute_uri(page_url_in(page, request, translation.get_language()))
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
