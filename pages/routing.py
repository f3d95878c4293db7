"""Find the page for an address in one query (the pages whose stored `url_path_<code>` is
a prefix of it) instead of two per level of the tree. Where they do not settle it, Wagtail's
own view routes the request. Why: docs/decisions/page-routing.md."""

import hashlib

from django.http import Http404, HttpResponse
from modeltranslation.utils import build_localized_fieldname, get_language
from wagtail import hooks
from wagtail import views as wagtail_views
from wagtail.contrib.routable_page.models import RoutablePageMixin
from wagtail.models import Page, Site
from wagtail.url_routing import RouteResult

from core.page_cache import remembered


def ancestry(site, components):
    """The site's root and the pages each prefix of `components` names, until one names none."""
    field = build_localized_fieldname("url_path", get_language())  # a site language
    root = site.root_page
    base = getattr(root, field)
    if not base:
        return []
    addresses = [
        base + "".join(f"{c}/" for c in components[:n]) for n in range(1, len(components) + 1)
    ]
    pages = Page.objects.filter(path__startswith=root.path, **{f"{field}__in": addresses})
    by_address = {getattr(page, field): page for page in pages} if addresses else {}
    chain = [root]
    for address in addresses:
        page = by_address.get(address)
        if page is None or page.depth != chain[-1].depth + 1:
            break
        chain.append(page)
    return chain


def specific_page(page, ancestors):
    """`page.specific` without its `deferred_when_served` columns, holding the pages the
    route passed through for the breadcrumbs (core.navigation)."""
    deferred = getattr(page.specific_class, "deferred_when_served", ())
    specific = page.specific_class.objects.defer(*deferred).get(pk=page.pk)
    specific.route_ancestors = ancestors
    return specific


def located(request, path):
    """(the specific page, the subpath its own routes resolve or None) that `path` names, or
    None when the stored addresses do not settle it."""
    site = Site.find_for_request(request)
    if site is None:
        return None
    components = [component for component in path.split("/") if component]
    chain = ancestry(site, components)
    for level, page in enumerate(chain):
        # As Wagtail's route: a live routable page's own routes come before its children.
        subpath = "/" + "".join(f"{c}/" for c in components[level:])
        if page.live and issubclass(page.specific_class, RoutablePageMixin):
            try:
                page.specific_class.get_resolver().resolve(subpath)
            except Http404:
                pass
            else:
                return specific_page(page, chain[:level]), subpath
        if level == len(components):
            return (specific_page(page, chain[:level]), None) if page.live else None
    return None


def find_route(request, path):
    """Wagtail's route for `path`, or None when the stored addresses do not settle it;
    remembered under the tags the page shows, so it is as current as the cached page."""
    address = f"{request.get_host()}|{request.get_port()}|{get_language()}|{path}"
    key = "route:" + hashlib.sha256(address.encode()).hexdigest()
    found = remembered(key, lambda: located(request, path), lambda found: found[0].cache_tags())
    if found is None:
        return None
    page, subpath = found
    return RouteResult(page, args=page.resolve_subpage(subpath) if subpath else None)


def serve(request, path):
    """Wagtail's page view (with its serve hooks) on `find_route`'s route, else Wagtail's."""
    route = find_route(request, path)
    if route is None:
        return wagtail_views.serve(request, path)
    page, args, kwargs = route
    for fn in hooks.get_hooks("before_serve_page"):
        result = fn(page, request, args, kwargs)
        if isinstance(result, HttpResponse):
            return result

    def serve_page(page, request, args, kwargs):
        return page.serve(request, *args, **kwargs)

    for fn in reversed(hooks.get_hooks("on_serve_page")):
        serve_page = fn(serve_page)
    return serve_page(page, request, args, kwargs)
