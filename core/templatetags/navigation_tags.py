"""Breadcrumbs on reader pages (see core.navigation)."""

from django import template
from django.utils import translation

from ..cache_tags import SITE
from ..navigation import crumb_of, page_trail
from ..page_cache import remembered

register = template.Library()


@register.inclusion_tag("core/includes/breadcrumbs.html", takes_context=True)
def breadcrumbs(context, crumbs=None):
    """The trail given by the view as `crumbs`, or the page tree's trail of `page`.

    An old version of a guide renders a revision: its trail follows the live page.
    """
    if crumbs is None:
        page = context.get("live_page") or context.get("page")
        request = context.get("request")
        if page is not None and page.pk and not getattr(request, "is_preview", False):
            # Unchanged until the page tree (or the page's game) changes.
            key = f"trail:{page.pk}:{translation.get_language()}"
            crumbs = list(remembered(key, lambda: page_trail(page, request), tags_of(page)))
        else:
            crumbs = page_trail(page, request) if page is not None else []
        if crumbs and context.get("shown_version"):
            crumbs[-1] = crumb_of(context["page"], "title")
    return {"crumbs": crumbs}


def tags_of(page):
    """The tags of a page's trail, read only when the trail is computed."""
    return lambda _crumbs: [SITE, *getattr(page, "cache_tags", list)()]
