"""`{% guide_body %}`: a guide's sections, rendered once per change to what they show.

The sections are most of a guide's server time (some 35 blocks, each its own template,
rich text expanded block by block) and what they show is content only: the page's
sections, the rulings they name, the game's setup figures and the errata cards noted under
a section, all of which are the game's (its tags, `GuidePage.cache_tags`), and the
addresses of pages they link to, which change with the page tree (`site`). So the HTML
of the live guide's sections is remembered per page, language and host until one of
those changes (core.page_cache.remembered). An old version, a preview, or a
page without a request is rendered every time.
"""

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
    request = context.get("request")
    # Errata the live guide's check predates, under the headings of the sections they
    # concern (core.blocks.HeadingBlock shows `section_notices`); an old version has none.
    notices = None if context.get("shown_version") else context.get("errata_notices")

    def render():
        values = context.flatten()
        if notices:
            values["section_notices"] = notices.section_html(request)
        return str(page.body.render_as_block(context=values))

    live = (
        request is not None
        and page.pk
        and not context.get("shown_version")
        and not getattr(request, "is_preview", False)
    )
    if not live:
        return mark_safe(render())  # noqa: S308 (the blocks' templates escape)
    try:
        host = request.get_host()
    except DisallowedHost:
        return mark_safe(render())  # noqa: S308
    key = f"guide-body:{page.pk}:{translation.get_language()}:{host}"
    tags = lambda _html: [SITE, *page.cache_tags()]  # noqa: E731 (read only when rendered)
    return mark_safe(remembered(key, render, tags))  # noqa: S308 (rendered above, as is)
