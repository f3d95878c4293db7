"""The sitemap index and its files: a section per kind of reader page and language
(`rulings-es`), paginated in the database so a file costs a few queries at any size. Each
<url> names every language's address, as the page's <head> does."""

import datetime
from functools import cached_property
from urllib.parse import quote

from django.conf import settings
from django.contrib.sitemaps import Sitemap, views
from django.core.paginator import Page as ItemsPage
from django.core.paginator import Paginator
from django.db.models import Max, OuterRef, QuerySet, Subquery
from django.db.models.functions import Coalesce
from django.urls import reverse
from django.utils import translation
from django.utils.encoding import iri_to_uri
from django.utils.http import RFC3986_SUBDELIMS
from wagtail.models import Page, Site

from catalogue.models import Document, Edition
from core.cache_tags import LISTS
from core.dates import not_after_now, start_of_day
from core.page_cache import remembered
from core.pages import page_url_in, public
from core.pagination import accept_page
from guides.models import GamePage, GuideVersion
from guides.setup_figures import player_counts
from rulings.models import Ruling

from .corrections import CorrectionsLog

LANGUAGES = [code for code, _name in settings.LANGUAGES]
# Stands in for a route's values when it is reversed once for a whole file: digits, which
# every converter the reader routes use accepts, and no address holds otherwise.
STAND_IN = "8675309{}0"


class CountedPaginator(Paginator):
    """Told how many items there are, it reads the items (a function giving them) only for
    a file. A file past the middle is read from the end of the items' ordering: by OFFSET,
    the last file would read every address before it."""

    def __init__(self, items, per_page, count):
        super().__init__([], per_page)
        self.items = items
        self.count = count  # a cached_property: set, it is never counted

    def page(self, number):
        self.object_list = self.items()
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        top = min(bottom + self.per_page, self.count)
        if not isinstance(self.object_list, QuerySet) or bottom <= self.count - top:
            return super().page(number)
        rows = self.object_list.reverse()[self.count - top : self.count - bottom]
        return ItemsPage(list(rows)[::-1], number, self)


class TranslatedSitemap(Sitemap):
    """One language's addresses of one kind of page, every language's as alternates:
    subclasses give `items`, each one's `path` and `lastmod`, and the section's `newest`."""

    # A file holds SITEMAP_URLS_PER_FILE addresses divided by this.
    share_of_limit = 1
    # A Django route (its values from `route_kwargs`): reversed once a file, not per entry.
    route = None

    def __init__(self, request, language, name=""):
        self.request = request
        self.language = language
        self.name = name
        self.limit = max(1, settings.SITEMAP_URLS_PER_FILE // self.share_of_limit)

    def lastmod(self, item):
        return None

    def newest(self):
        return None

    def route_kwargs(self, item):
        return {"code": item["code"]}

    def count(self):
        items = self.items()
        return len(items) if isinstance(items, list) else items.count()

    @cached_property
    def figures(self):
        """(how many items, the newest date): the same in every language, remembered until
        the lists change (an errata check moves them too)."""
        site = Site.find_for_request(self.request)
        key = f"sitemap:{self.name}:{site.pk if site else ''}"
        return remembered(key, lambda: (self.count(), self.newest()), [LISTS])

    @cached_property
    def paginator(self):
        return CountedPaginator(self.items, self.limit, self.figures[0])

    def get_latest_lastmod(self):
        return as_lastmod(self.figures[1])

    def paths(self, items):
        """Each item's address in the active language: a route is reversed once, with
        stand-ins, and each item's values put in their place as `reverse` quotes them."""
        if not items:
            return []  # an empty section's file: nothing to reverse the route for
        if self.route is None:
            return [self.path(item) for item in items]
        names = list(self.route_kwargs(items[0]))
        stand_ins = {name: STAND_IN.format(n) for n, name in enumerate(names)}
        template = reverse(self.route, kwargs=stand_ins).replace("{", "{{").replace("}", "}}")
        for name, stand_in in stand_ins.items():
            template = template.replace(stand_in, f"{{{name}}}")
        safe = RFC3986_SUBDELIMS + "/~:@"
        return [
            template.format(
                **{k: quote(str(v), safe=safe) for k, v in self.route_kwargs(item).items()}
            )
            for item in items
        ]

    def page_items(self, page):
        """The items of file `page` (a 404 if there is none), `?p=01` moved to `?p=1`."""
        found = self.paginator.page(page)
        accept_page(self.request, found, "p")
        return list(found.object_list)

    def get_urls(self, page=1, site=None, protocol=None):
        items = self.page_items(page)
        # One language at a time: switching language costs more than building an address.
        host = self.request.build_absolute_uri("/")[:-1]
        locations = {}
        for code in LANGUAGES:
            with translation.override(code):
                locations[code] = [iri_to_uri(host + path) for path in self.paths(items)]
        lastmods = [as_lastmod(self.lastmod(item)) for item in items]
        alternate = [*LANGUAGES, "x-default"]
        locations["x-default"] = locations[settings.LANGUAGE_CODE]
        urls = [
            {
                "item": item,
                "location": locations[self.language][n],
                # Written here: the template's date filter took much of a file's time.
                "lastmod": lastmod.isoformat() if lastmod else "",
                "alternates": [{"lang_code": c, "location": locations[c][n]} for c in alternate],
            }
            for n, (item, lastmod) in enumerate(zip(items, lastmods, strict=True))
        ]
        # The view sends it as Last-Modified when every entry has one.
        if lastmods and None not in lastmods:
            self.latest_lastmod = max(lastmods)
        return urls


class PageSitemap(TranslatedSitemap):
    """The live public pages of the request's site, a guide dated by its current version."""

    # Wagtail's addresses cost several times a ruling's.
    share_of_limit = 4

    def items(self):
        site = Site.find_for_request(self.request)
        if site is None:  # still dated, so that the section's newest date can be asked
            pages = Page.objects.none()
        else:
            pages = site.root_page.get_descendants(inclusive=True).live()
        # As Wagtail's own sitemap: pages older than its publishing dates have a revision's.
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
    """Each live game page's setup checklists: the choice of player counts, one per count."""

    share_of_limit = 4

    def items(self):
        site = Site.find_for_request(self.request)
        if site is None:
            return []
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
    """All rulings and the corrections log, dated by their newest entry."""

    def items(self):
        return ["rulings:index", "corrections_log"]

    def paths(self, items):
        return [reverse(item) for item in items]

    def lastmod(self, item):
        if item == "rulings:index":
            return latest_ruling_change()
        return next((entry.dated_at for entry in CorrectionsLog()[:1]), None)

    def newest(self):
        dates = [self.lastmod(item) for item in self.items()]
        return None if None in dates else max(dates)


class EditionRulingsSitemap(TranslatedSitemap):
    """Each edition's rulings, dated by its newest ruling's news."""

    def items(self):
        newest = (
            Ruling.objects.public()
            .filter(edition=OuterRef("pk"))
            .order_by("-changed_for_readers_at")
            .values("changed_for_readers_at")[:1]
        )
        editions = Edition.objects.order_by("code").annotate(changed=Subquery(newest))
        return editions.rewrite(False).values("code", "changed")

    route = "rulings:edition"

    def lastmod(self, item):
        return item["changed"]

    def newest(self):
        return latest_ruling_change()


class ErrataSitemap(TranslatedSitemap):
    """Each edition's errata registry, dated by the day it was last checked."""

    route = "catalogue:errata"

    def items(self):
        return Edition.objects.order_by("code").rewrite(False).values("code", "errata_checked_on")

    def lastmod(self, item):
        return item["errata_checked_on"]

    def newest(self):
        return Edition.objects.aggregate(latest=Max("errata_checked_on"))["latest"]


class DocumentSitemap(TranslatedSitemap):
    """Each rules document's passages (a document records no date)."""

    route = "catalogue:document"

    def items(self):
        return Document.objects.order_by("pk").rewrite(False).values("pk", "edition__code")

    def route_kwargs(self, item):
        return {"code": item["edition__code"], "pk": item["pk"]}


class RulingSitemap(TranslatedSitemap):
    """Every public ruling, dated by its readers' last news of it."""

    def items(self):
        # Read from one index alone (ruling_public_addresses), however far into the list.
        rulings = Ruling.objects.public().order_by("pk").rewrite(False)
        return rulings.values("edition_id", "slug", "changed_for_readers_at")

    def page_items(self, page):
        """The file's rulings with their editions' codes, read apart: joined in the query,
        every ruling before the file's first would be joined too."""
        rows = super().page_items(page)
        editions = Edition.objects.filter(pk__in={row["edition_id"] for row in rows})
        codes = dict(editions.order_by().values_list("pk", "code"))
        return [{**row, "code": codes[row["edition_id"]]} for row in rows]

    route = "rulings:ruling"

    def route_kwargs(self, item):
        return {"code": item["code"], "slug": item["slug"]}

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
    """A date of record as a moment (a day: its start), never after now."""
    if value is None:
        return None
    if not isinstance(value, datetime.datetime):
        value = start_of_day(value)
    return not_after_now(value)


def latest_ruling_change():
    """When readers last had news of any public ruling (read from its index)."""
    newest = Ruling.objects.public().order_by("-changed_for_readers_at")
    return newest.values_list("changed_for_readers_at", flat=True).first()


def sitemaps_for(request):
    return {
        f"{name}-{code}": sitemap(request, code, name)
        for name, sitemap in SECTIONS.items()
        for code in LANGUAGES
    }


def sitemap_index(request):
    """Every section's files, each dated by its section's newest (written as the files
    write theirs: the template's date filter took most of a large index's time)."""
    return views.index(
        request,
        sitemaps_for(request),
        template_name="pages/sitemap_index.xml",
        sitemap_url_name="sitemap_section",
    )


def sitemap_section(request, section):
    """One section file: `?p=N` is its Nth file; an unknown section or page is a 404."""
    return views.sitemap(
        request, sitemaps_for(request), section=section, template_name="pages/sitemap.xml"
    )
