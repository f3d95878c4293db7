"""Breadcrumbs on reader pages (see core.navigation)."""

from django import template
from django.utils import translation

from ..navigation import crumb_of, page_trail
from ..page_cache import remembered

register = template.Library()


@register.inclusion_tag("core/includes/breadcrumbs.html", takes_context=True)
def breadcrumbs(context, crumbs=None):
    """The view's `crumbs`, or the trail of `page` (of the live page, for an old version)."""
    if crumbs is None:
        page = context.get("live_page") or context.get("page")
        request = context.get("request")
        if page is not None and page.pk and not getattr(request, "is_preview", False):
            key = f"trail:{page.pk}:{translation.get_language()}"
            own_tags = getattr(page, "cache_tags", list)
            crumbs = list(remembered(key, lambda: page_trail(page, request), lambda _: own_tags()))
        else:
            crumbs = page_trail(page, request) if page is not None else []
        if crumbs and context.get("shown_version"):
            crumbs[-1] = crumb_of(context["page"], "title")
    return {"crumbs": crumbs}
