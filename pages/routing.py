"""Find the page for an address in one query instead of two per level of the tree.

wagtail-modeltranslation replaces every page type's `route` with one that, at each level,
loads all the children of the page, compares their slugs in the active language, and then
loads the chosen child's specific row: two queries per level, eight for a guide, about
two-fifths of the guide request's server time. Every page already stores its address in
each language (`url_path_en`, `url_path_es`, kept up to date by the same library when a
slug or a parent changes), so the pages an address can name are exactly those whose
stored address is one of its prefixes: one query finds them all.

`serve` is Wagtail's page view (`wagtail.views.serve`) written with public pieces: the
route found here, then the `on_serve_page` and `before_serve_page` hooks exactly as Wagtail
applies them (view restrictions are one of them). When the stored addresses do not give an
answer (a page whose stored address is missing in this language, an address no page has),
Wagtail's own view routes the request its usual way: the fast path can only be skipped,
never give a different page.

The route is not handed to Wagtail, which keeps it in a private attribute of the request:
`Page.find_for_request` would route such a request again, but nothing in a page's
rendering calls it. Wagtail's `get_parent()` is not told the parent either: the route's
ancestors are kept on the served page as `route_ancestors` for the breadcrumbs
(core.navigation), and `get_parent()` on a routed page costs a query.
"""

from django.http import Http404, HttpResponse
from django.utils.translation import get_language
from modeltranslation import settings as mt_settings
from modeltranslation.utils import build_localized_fieldname
from wagtail import hooks
from wagtail import views as wagtail_views
from wagtail.contrib.routable_page.models import RoutablePageMixin
from wagtail.models import Page, Site
from wagtail.url_routing import RouteResult


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
        chain.append(page)
    return chain


def specific_page(page):
    """`page.specific`, leaving out the columns its class reads only to write or search
    (`deferred_when_served`, such as a guide's plain-text copies for the site search)."""
    deferred = getattr(page.specific_class, "deferred_when_served", ())
    if not deferred or "specific" in page.__dict__:
        return page.specific
    specific = page.specific_class.objects.defer(*deferred).get(pk=page.pk)
    for name, value in page.__dict__.items():  # as Wagtail's get_specific: the parent
        specific.__dict__.setdefault(name, value)
    page.specific = specific
    return specific


def routed(page, chain):
    """`page` served by the route, holding the pages the route passed through (the site's
    root first): the breadcrumbs read them instead of asking the tree again."""
    page.route_ancestors = chain
    return page


def routes_match(page_class, subpath):
    """True when `page_class` is routable and one of its routes matches `subpath`."""
    if not issubclass(page_class, RoutablePageMixin):
        return False
    try:
        page_class.get_resolver().resolve(subpath)
    except Http404:
        return False
    return True


def find_route(request, path):
    """Wagtail's route for `path`, or None when the stored addresses do not settle it."""
    # One query per request. Remembering the site here would save nothing: a page's own
    # rendering asks Wagtail for it anyway (the `pageurl` tag, `get_url(request)`), and
    # Wagtail keeps what it finds on the request for all of them.
    site = Site.find_for_request(request)
    if site is None:
        return None
    components = [component for component in path.split("/") if component]
    chain = ancestry(site, components)
    for level, page in enumerate(chain):
        remaining = components[level:]
        # As Wagtail's route: a live routable page answers the rest of the path itself
        # when one of its routes matches it, before any child page is looked at. The
        # routes are the class's: a guide's address passes its routable game page
        # without loading that page's own row.
        subpath = "/" + "".join(f"{c}/" for c in remaining)
        if page.live and routes_match(page.specific_class, subpath):
            specific = specific_page(page)
            view, args, kwargs = specific.resolve_subpage(subpath)
            return RouteResult(routed(specific, chain[:level]), args=(view, args, kwargs))
        if not remaining:
            return RouteResult(routed(specific_page(page), chain[:level])) if page.live else None
    return None


def serve(request, path):
    """Wagtail's page view (`wagtail.views.serve`) with the route found by `find_route`,
    or Wagtail's own view when it finds none."""
    route = find_route(request, path)
    if route is None:
        return wagtail_views.serve(request, path)
    page, args, kwargs = route
    on_serve_chain = wagtail_views.serve_chain
    for fn in reversed(hooks.get_hooks("on_serve_page")):
        on_serve_chain = fn(on_serve_chain)
    for fn in hooks.get_hooks("before_serve_page"):
        result = fn(page, request, args, kwargs)
        if isinstance(result, HttpResponse):
            return result
    return on_serve_chain(page, request, args, kwargs)
