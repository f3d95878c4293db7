"""Find the page for an address in one query instead of two per level of the tree.

wagtail-modeltranslation replaces every page type's `route` with one that, at each level,
loads all the children of the page, compares their slugs in the active language, and then
loads the chosen child's specific row: two queries per level, eight for a guide, about
two-fifths of the guide request's server time. Every page already stores its address in
each language (`url_path_en`, `url_path_es`, kept up to date by the same library when a
slug or a parent changes), so the pages an address can name are exactly those whose
stored address is one of its prefixes: one query finds them all.

`serve` hands the result to Wagtail's own view through the attribute Wagtail itself uses
to remember a request's route (`request._wagtail_route_for_request`), so the hooks,
view restrictions and routable sub-pages behave as before. When the stored addresses do
not give an answer (a page whose stored address is missing in this language, an address
no page has), nothing is set and Wagtail routes the request its usual way: the fast path
can only be skipped, never give a different page.
"""

from django.http import Http404
from django.http.request import split_domain_port
from django.utils.translation import get_language
from modeltranslation import settings as mt_settings
from modeltranslation.utils import build_localized_fieldname
from wagtail import views as wagtail_views
from wagtail.contrib.routable_page.models import RoutablePageMixin
from wagtail.models import Page, Site
from wagtail.url_routing import RouteResult

from core.cache_tags import SITE
from core.page_cache import remembered


def url_path_field():
    """The column holding page addresses in the active language."""
    language = get_language() or mt_settings.DEFAULT_LANGUAGE
    if language not in mt_settings.AVAILABLE_LANGUAGES:
        language = mt_settings.DEFAULT_LANGUAGE
    return build_localized_fieldname("url_path", language)


def ancestry(site, components):
    """The site's root page and the pages each prefix of `components` names, shallowest first.

    Wagtail loads the site with its root page; the pages below it are found in one query:
    every page of the root's subtree whose stored address in this language is the root's
    address followed by a prefix of the path. The result stops where the chain breaks (a
    prefix that names no page).
    """
    field = url_path_field()
    root = site.root_page
    base = getattr(root, field)
    if not base:
        return []
    addresses = [
        base + "".join(f"{c}/" for c in components[:length])
        for length in range(1, len(components) + 1)
    ]
    by_address = {}
    if addresses:
        pages = Page.objects.filter(path__startswith=root.path, **{f"{field}__in": addresses})
        by_address = {getattr(page, field): page for page in pages}
    chain = [root]
    for address in addresses:
        page = by_address.get(address)
        if page is None or page.depth != chain[-1].depth + 1:
            break
        page._cached_parent_obj = chain[-1]  # as Wagtail's route: get_parent() is free
        chain.append(page)
    return chain


def find_site(request):
    """Wagtail's site for the request (`Site.find_for_request`), with its root page.

    Wagtail reads it from the database on every request; it is remembered per host name
    and port until a site or the page tree changes, and handed to
    Wagtail where it keeps a request's site, so everything else asking for it gets it free.
    """
    if not hasattr(request, "_wagtail_site"):
        hostname = split_domain_port(request._get_raw_host())[0]
        key = f"site:{hostname}:{request.get_port()}"
        request._wagtail_site = remembered(key, lambda: Site._find_for_request(request), [SITE])
    return request._wagtail_site


def specific_page(page):
    """`page.specific`, leaving out the columns its class reads only to write or search
    (`deferred_when_served`, such as a guide's plain-text copies for the site search)."""
    deferred = getattr(page.specific_class, "deferred_when_served", ())
    if not deferred or "specific" in page.__dict__:
        return page.specific
    specific = page.specific_class._default_manager.defer(*deferred).get(pk=page.pk)
    for name, value in page.__dict__.items():  # as Wagtail's get_specific: the parent
        specific.__dict__.setdefault(name, value)
    page.specific = specific
    return specific


def find_route(request, path):
    """Wagtail's route for `path`, or None when the stored addresses do not settle it."""
    site = find_site(request)
    if site is None:
        return None
    components = [component for component in path.split("/") if component]
    chain = ancestry(site, components)
    for level, page in enumerate(chain):
        remaining = components[level:]
        # As Wagtail's route: a live routable page answers the rest of the path itself
        # when one of its routes matches it, before any child page is looked at.
        if page.live and issubclass(page.specific_class, RoutablePageMixin):
            specific = specific_page(page)
            try:
                view, args, kwargs = specific.resolve_subpage(
                    "/" + "".join(f"{c}/" for c in remaining)
                )
            except Http404:
                pass
            else:
                return RouteResult(specific, args=(view, args, kwargs))
        if not remaining:
            return RouteResult(specific_page(page)) if page.live else None
    return None


def serve(request, path):
    """Wagtail's page view, with the route found by `find_route` when it finds one."""
    if not hasattr(request, "_wagtail_route_for_request"):
        route = find_route(request, path)
        if route is not None:
            request._wagtail_route_for_request = route
    return wagtail_views.serve(request, path)
