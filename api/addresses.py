"""Each item's reader page, in the response's language, as the site's own code writes it."""

from django.conf import settings

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
        return self.of(page.get_url(self.request))

    def document(self, document):
        """`document`'s page, on the host asked for."""
        url = self.documents.get(document.pk)
        if url is None:
            url = self.documents[document.pk] = self.of(document.get_absolute_url())
        return url
