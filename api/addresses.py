"""Each item's reader page, in the response's language, as the site's own code writes it."""

from django.conf import settings
from wagtail.models import Site

from core.pages import remembered_restrictions


def absolute(request, path):
    """`path` on the host asked for, or outside a request (a bulk file) on the site's
    RULESAGE_BASE_URL; None for no path."""
    if not path:
        return None
    if request is None:
        return (settings.RULESAGE_BASE_URL or "").rstrip("/") + path
    return request.build_absolute_uri(path)


class Addresses:
    """The addresses of one response (or one bulk file) on the host asked for; each
    document's made once, however many citations name it (the rulings of a list cite the
    same few rulebooks again and again, and reversing a route is a good share of a
    citation's time), and the restricted pages read once for all the pages it names."""

    def __init__(self, request):
        self.request = request
        self.documents = {}
        self.restricted = None
        self.sites = None

    def of(self, path):
        return absolute(self.request, path)

    def page(self, page):
        """A live Wagtail page's address in the active language; None for a draft or a page
        behind a view restriction (read once a response from the remembered restricted
        paths: no query)."""
        if page is None or not page.live:
            return None
        if self.restricted is None:
            self.restricted, _aliases = remembered_restrictions()
        if any(page.path.startswith(path) for path in self.restricted):
            return None
        # Page.get_url, without finding the request's site for every response: its parts,
        # then the path alone on the request's site (or when there is one site), else the
        # site's root and the path.
        parts = page.get_url_parts(self.request)
        if parts is None or parts[1] is None and parts[2] is None:
            return None  # not routable
        site_id, root_url, page_path = parts
        return self.of(page_path if self.on_asked_site(site_id) else root_url + page_path)

    def on_asked_site(self, site_id):
        """True when a page of the site `site_id` is on the site asked for, as Page.get_url
        decides it: with one site, always (from Wagtail's cached root paths, no query);
        with several, the request's site is found once (Wagtail keeps it on the request)."""
        if self.sites is None:
            self.sites = {root.site_id for root in Site.get_site_root_paths()}
        if len(self.sites) == 1:
            return True
        asked = Site.find_for_request(self.request)
        return asked is not None and asked.id == site_id

    def document(self, document):
        """`document`'s page, on the host asked for."""
        url = self.documents.get(document.pk)
        if url is None:
            url = self.documents[document.pk] = self.of(document.get_absolute_url())
        return url
