"""The sitemap index and its files: every reader page in every language, each naming all
its alternates.

/sitemap.xml is an index (Django's `index` view) of section files (Django's `sitemap`
view): one section per kind of reader page and language, e.g. `rulings-es`. A section
lists one language's addresses; each <url> names every language's address and x-default,
exactly as the page's own <head> does (`rulesage_tags.language_alternates`): Wagtail
pages through `page_url_in`, other views by reversing their name under each language
(the words in their paths are translated: /es/resoluciones/…).

A catalogue of 100,000 rulings is some 200,000 addresses, four times what one file may
hold. Sections are paginated in the database (`?p=N`, LIMIT/OFFSET on an indexed order)
and read as plain rows, so a file costs the same few queries whatever the catalogue's
size. A file holds `SITEMAP_URLS_PER_FILE` addresses, well below the protocol's 50,000,
so that each file answers as quickly as a page (what an entry costs: bench/README.md).

Each `lastmod` is the date of record its page shows (a ruling's last news for readers, a
guide's current version, the newest correction), written as a moment with its offset and
never after now: a bare day reads as one still to come wherever the day has not begun.

Addresses are on the host the sitemap is asked for (as robots.txt, which names the index),
not on the host stored in Wagtail's Site record: that record says "localhost" on a fresh
install, and a sitemap pointing there lists nothing a crawler can fetch. ALLOWED_HOSTS
limits which hosts can be asked for.
"""

import datetime

from django.conf import settings
from django.contrib.sitemaps import Sitemap, views
from django.db.models import Max, OuterRef, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import translation
from wagtail.models import Page, Site

from catalogue.models import Document, Edition
from core.dates import not_after_now, start_of_day
from core.pages import page_url_in, public
from core.pagination import accept_page
from guides.models import GamePage, GuideVersion
from guides.setup_facts import player_counts
from rulings.models import Ruling

from .corrections import latest_corrections

LANGUAGES = [code for code, _name in settings.LANGUAGES]


class TranslatedSitemap(Sitemap):
    """One language's addresses of one kind of reader page, with every language's as
    alternates. Subclasses say which items (`items`), each item's path in the active
    language (`path`), when its page last changed for readers (`lastmod`, a date or a
    moment) and when any of them last did (`newest`, for the index)."""

    # A file holds SITEMAP_URLS_PER_FILE addresses divided by this.
    share_of_limit = 1

    def __init__(self, request, language):
        self.request = request
        self.language = language
        self.limit = max(1, settings.SITEMAP_URLS_PER_FILE // self.share_of_limit)

    def path(self, item):
        raise NotImplementedError

    def lastmod(self, item):
        return None

    def newest(self):
        return None

    def get_latest_lastmod(self):
        return as_lastmod(self.newest())

    def page_items(self, page):
        """The items of file `page` (a 404 if there is no such file), its number accepted
        as the index writes it (`?p=1` and `?p=01` lead to the file's one address)."""
        found = self.paginator.page(page)
        accept_page(self.request, found, "p")
        return list(found.object_list)

    def get_urls(self, page=1, site=None, protocol=None):
        """This file's entries, on the request's scheme and host. Addresses are built one
        language at a time (switching language costs more than building an address)."""
        items = self.page_items(page)
        locations = {}
        for code in LANGUAGES:
            with translation.override(code):
                locations[code] = [
                    self.request.build_absolute_uri(self.path(item)) for item in items
                ]
        lastmods = [as_lastmod(self.lastmod(item)) for item in items]
        urls = []
        for n, (item, lastmod) in enumerate(zip(items, lastmods, strict=True)):
            alternates = [{"lang_code": code, "location": locations[code][n]} for code in LANGUAGES]
            default = locations[settings.LANGUAGE_CODE][n]
            alternates.append({"lang_code": "x-default", "location": default})
            urls.append(
                {
                    "item": item,
                    "location": locations[self.language][n],
                    # As the protocol writes a moment (W3C), without the template's date
                    # filter, which was much of the time a file took to render.
                    "lastmod": lastmod.isoformat() if lastmod else "",
                    "alternates": alternates,
                }
            )
        # The view sends it as Last-Modified when every entry has one.
        if lastmods and None not in lastmods:
            self.latest_lastmod = max(lastmods)
        return urls


class PageSitemap(TranslatedSitemap):
    """The live public Wagtail pages of the request's site: home, games, guides, standard
    pages. A guide's earlier versions are not listed: each is marked superseded by the
    guide's current page, which is. A guide is dated by its current version.

    Wagtail finds a page's address through its site's root paths and its routing, in each
    language: several times the cost of a ruling's. A file holds a quarter as many.
    """

    share_of_limit = 4

    def items(self):
        site = Site.find_for_request(self.request)
        if site is None:
            return Page.objects.none()
        pages = site.root_page.get_descendants(inclusive=True).live()
        # As Wagtail's own sitemap: pages published before Wagtail recorded publishing
        # dates have only their latest revision's.
        dated = Coalesce(
            GuideVersion.objects.current_published_at(OuterRef("pk")),
            "last_published_at",
            "latest_revision_created_at",
        )
        return public(pages).annotate(dated_at=dated).order_by("path")

    def path(self, item):
        return page_url_in(item, self.request, translation.get_language())

    def lastmod(self, item):
        return item.dated_at

    def newest(self):
        return self.items().aggregate(latest=Max("dated_at"))["latest"]


class ChecklistSitemap(TranslatedSitemap):
    """Each game's setup checklists, routes of its live public game page: the choice of
    player counts and one per count. Their figures record no date they changed.

    Addressed through Wagtail, as pages are: a file holds a quarter as many.
    """

    share_of_limit = 4

    def items(self):
        site = Site.find_for_request(self.request)
        if site is None:
            return []
        # Only the games whose editors entered setup figures: few of a large catalogue.
        pages = GamePage.objects.live().descendant_of(site.root_page)
        pages = public(pages).filter(game__setup_figures__isnull=False).distinct()
        pages = pages.select_related("game").prefetch_related("game__setup_figures")
        return [
            (page, players)
            for page in pages.order_by("path")
            for players in (None, *player_counts(page.game))
        ]

    def path(self, item):
        page, players = item
        if players is None:
            return page.subpage_url("setup", self.request)
        return page.subpage_url("setup_players", self.request, players=players)


class SiteListSitemap(TranslatedSitemap):
    """The site-wide lists: all rulings and the corrections log."""

    def items(self):
        return ["rulings:index", "corrections_log"]

    def path(self, item):
        return reverse(item)

    def lastmod(self, item):
        """When the list last changed: its newest ruling's news, its newest correction."""
        if item == "rulings:index":
            return latest_ruling_change()
        newest = latest_corrections(limit=1)
        return newest[0].dated_at if newest else None

    def newest(self):
        dates = [self.lastmod(item) for item in self.items()]
        return None if None in dates else max(dates)


class EditionRulingsSitemap(TranslatedSitemap):
    """Each edition's rulings, last changed when its newest ruling changed for readers."""

    def items(self):
        newest = (
            Ruling.objects.public()
            .filter(edition=OuterRef("pk"))
            .order_by("-changed_for_readers_at")
            .values("changed_for_readers_at")[:1]
        )
        return (
            Edition.objects.order_by("code")
            .annotate(changed=Subquery(newest))
            .values("code", "changed")
        )

    def path(self, item):
        return reverse("rulings:edition", kwargs={"code": item["code"]})

    def lastmod(self, item):
        return item["changed"]

    def newest(self):
        return latest_ruling_change()


class ErrataSitemap(TranslatedSitemap):
    """Each edition's errata registry, which states the day it was last checked."""

    def items(self):
        return Edition.objects.order_by("code").values("code", "errata_checked_on")

    def path(self, item):
        return reverse("catalogue:errata", kwargs={"code": item["code"]})

    def lastmod(self, item):
        return item["errata_checked_on"]

    def newest(self):
        return Edition.objects.aggregate(latest=Max("errata_checked_on"))["latest"]


class DocumentSitemap(TranslatedSitemap):
    """Each rules document's passages. A document records no date its page changed."""

    def items(self):
        return Document.objects.order_by("pk").values("pk", "edition__code")

    def path(self, item):
        return reverse(
            "catalogue:document", kwargs={"code": item["edition__code"], "pk": item["pk"]}
        )


class RulingSitemap(TranslatedSitemap):
    """Every public ruling, last changed when readers last had news of it (its creation,
    then each correction)."""

    def items(self):
        # Read from one index alone (ruling_public_addresses), however far into the list.
        return (
            Ruling.objects.public()
            .order_by("pk")
            .values("edition_id", "slug", "changed_for_readers_at")
        )

    def page_items(self, page):
        """The file's rulings with their edition codes, read for this file's editions only
        (joined in the query, every ruling before the file's first would be joined too)."""
        rows = super().page_items(page)
        editions = Edition.objects.filter(pk__in={row["edition_id"] for row in rows})
        codes = dict(editions.values_list("pk", "code"))
        return [{**row, "code": codes[row["edition_id"]]} for row in rows]

    def path(self, item):
        return reverse("rulings:ruling", kwargs={"code": item["code"], "slug": item["slug"]})

    def lastmod(self, item):
        return item["changed_for_readers_at"]

    def newest(self):
        return latest_ruling_change()


SECTIONS = {
    "pages": PageSitemap,
    "checklists": ChecklistSitemap,
    "lists": SiteListSitemap,
    "editions": EditionRulingsSitemap,
    "errata": ErrataSitemap,
    "documents": DocumentSitemap,
    "rulings": RulingSitemap,
}


def as_lastmod(value):
    """A date of record as a lastmod: a moment (a date: its start), never after now."""
    if value is None:
        return None
    if not isinstance(value, datetime.datetime):
        value = start_of_day(value)
    return not_after_now(value)


def latest_ruling_change():
    """When readers last had news of any public ruling (read from the index on
    `changed_for_readers_at`)."""
    newest = Ruling.objects.public().order_by("-changed_for_readers_at")
    return newest.values_list("changed_for_readers_at", flat=True).first()


def sitemaps_for(request):
    """{section: sitemap} for every kind of reader page in every language."""
    return {
        f"{name}-{code}": sitemap(request, code)
        for name, sitemap in SECTIONS.items()
        for code in LANGUAGES
    }


def sitemap_index(request):
    """The index of every section file, each page of a long section a file of its own."""
    return views.index(request, sitemaps_for(request), sitemap_url_name="sitemap_section")


def sitemap_section(request, section):
    """One section file: `?p=N` is its Nth file; an unknown section or page is a 404."""
    return views.sitemap(
        request, sitemaps_for(request), section=section, template_name="pages/sitemap.xml"
    )
