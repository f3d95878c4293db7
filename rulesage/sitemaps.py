"""The sitemap: every reader page in every language, each naming all its alternates.

Wagtail's own sitemap lists each page once, in the default language. Here every page and
every reader view (corrections log, rulings, errata registries, documents) is listed once
per language, with hreflang alternates for the others and x-default, as the pages' heads do.

Addresses are on the host the sitemap is asked for (as robots.txt, which names it), not
on the host stored in Wagtail's Site record: that record says "localhost" on a fresh
install, and a sitemap pointing there lists nothing a crawler can fetch. ALLOWED_HOSTS
limits which hosts can be asked for.
"""

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from wagtail.contrib.sitemaps import Sitemap

from rulings.models import Document, Edition, Ruling

LANGUAGES = [code for code, _name in settings.LANGUAGES]


def url_entries(locations, lastmod=None):
    """One <url> per language; each lists every language and x-default as alternates."""
    alternates = [{"lang_code": code, "location": url} for code, url in locations.items()]
    alternates.append({"lang_code": "x-default", "location": locations[settings.LANGUAGE_CODE]})
    return [
        {"location": url, "lastmod": lastmod, "alternates": alternates}
        for url in locations.values()
    ]


class PageSitemap(Sitemap):
    """Live public Wagtail pages; a page's address differs per language (its slugs)."""

    def _urls(self, page, protocol, domain):
        urls = []
        for item in self.paginator.page(page).object_list.iterator():
            locations = {}
            for code in LANGUAGES:
                with translation.override(code):
                    locations[code] = self.request.build_absolute_uri(item.get_url(self.request))
            urls += url_entries(locations, self.lastmod(item))
        return urls


class ReaderViewSitemap(Sitemap):
    """Reader views that are not pages: (URL name, kwargs, last modified)."""

    def items(self):
        items = [("corrections_log", {}, None), ("rulings:index", {}, None)]
        for edition in Edition.objects.order_by("code").only("code"):
            code = {"code": edition.code}
            items += [("rulings:edition", code, None), ("rulings:errata", code, None)]
        for document in Document.objects.select_related("edition").order_by("pk"):
            items.append(
                ("rulings:document", {"code": document.edition.code, "pk": document.pk}, None)
            )
        for ruling in Ruling.objects.public().select_related("edition").order_by("pk"):
            kwargs = {"code": ruling.edition.code, "slug": ruling.slug}
            items.append(("rulings:ruling", kwargs, ruling.updated_at))
        return items

    def _urls(self, page, protocol, domain):
        urls = []
        for name, kwargs, lastmod in self.paginator.page(page).object_list:
            locations = {}
            for code in LANGUAGES:
                with translation.override(code):
                    locations[code] = self.request.build_absolute_uri(reverse(name, kwargs=kwargs))
            urls += url_entries(locations, lastmod)
        return urls


SITEMAPS = {"pages": PageSitemap, "reader_views": ReaderViewSitemap}
