"""`{% guide_body %}`: a guide's sections, most of its server time, rendered once per change
to what they show (the game's records, `GuidePage.cache_tags`, and the page tree, `site`).
An old version, a preview, or a page without a request is rendered every time."""

from django import template
from django.core.exceptions import DisallowedHost
from django.utils import translation
from django.utils.safestring import mark_safe

from core.cache_tags import SITE
from core.page_cache import remembered

register = template.Library()


@register.simple_tag(takes_context=True)
def guide_body(context):
    page = context.get("page")
    if page is None:
        return ""
    request, old_version = context.get("request"), context.get("shown_version")
    # Errata the live guide's check predates, under the headings of the sections they
    # concern (core.blocks.HeadingBlock shows `section_notices`).
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
