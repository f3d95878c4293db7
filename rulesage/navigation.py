"""The header's main navigation: Games, Rulings, Search and the editorial policy.

The games index and the editorial policy are pages editors may move or rename, so their
addresses are looked up, not written here; the lookup costs two queries, so the links are
kept in the cache per language and dropped whenever a page is published, unpublished,
moved or deleted, or the site settings change.
"""

from django.core.cache import cache
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, pgettext
from wagtail.models import Page, Site
from wagtail.signals import page_published, page_unpublished, post_page_move

from guides.models import GamesIndexPage

from .models import SiteSettings

CACHE_KEY = "rulesage:nav:{site}:{language}"
CACHE_SECONDS = 60 * 60


def search_url():
    """/en/search/, /es/buscar/: the site search's address, in the reader's language."""
    return "/{}/{}/".format(translation.get_language(), pgettext("URL path segment", "search"))


def _links(request):
    site = Site.find_for_request(request) if request else None
    games = GamesIndexPage.objects.live()
    if site:
        games = games.descendant_of(site.root_page, inclusive=True)
    games = games.first()
    # for_request: the same settings object the page's own {% get_settings %} reads.
    policy = SiteSettings.for_request(request).editorial_policy if site else None
    links = []
    if games:
        links.append(("games", gettext("Games"), games.get_url(request)))
    links.append(("rulings", gettext("Rulings"), reverse("rulings:index")))
    links.append(("search", gettext("Search"), search_url()))
    if policy and policy.live:
        links.append(("policy", gettext("Editorial policy"), policy.get_url(request)))
    links.append(("corrections", gettext("Corrections"), reverse("corrections_log")))
    return [link for link in links if link[2]]


def main_links(request):
    """(key, label, url, current) for each header link; `current` is "page" on the linked
    page itself, "true" below it, else empty (rendered as aria-current)."""
    site_id = getattr(Site.find_for_request(request), "pk", 0) if request else 0
    key = CACHE_KEY.format(site=site_id, language=translation.get_language())
    links = cache.get(key)
    if links is None:
        links = _links(request)
        cache.set(key, links, CACHE_SECONDS)
    path = request.path if request else ""
    return [
        (name, label, url, "page" if path == url else "true" if path.startswith(url) else "")
        for name, label, url in links
    ]


def forget_links(**kwargs):
    """Every cached navigation, every site and language: a page's address may have moved."""
    from django.conf import settings

    for site_id in [0, *Site.objects.values_list("pk", flat=True)]:
        cache.delete_many(
            [CACHE_KEY.format(site=site_id, language=code) for code, _ in settings.LANGUAGES]
        )


for signal in (page_published, page_unpublished, post_page_move):
    signal.connect(forget_links, dispatch_uid=f"rulesage-nav-{signal!r}")
receiver(post_delete, sender=Page, dispatch_uid="rulesage-nav-delete")(forget_links)
receiver(post_save, sender=SiteSettings, dispatch_uid="rulesage-nav-settings")(forget_links)
