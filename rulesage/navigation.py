"""The header's main navigation: Games, Rulings, Search and the editorial policy.

The games index and the editorial policy are pages editors may move or rename, so their
addresses are looked up, not written here; the lookup costs two queries, so the links are
kept in the cache per language and dropped whenever a page is published, unpublished,
moved or deleted, or the site settings change.
"""

import time

from django.core.cache import cache
from django.core.exceptions import DisallowedHost
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext, pgettext
from wagtail.models import Page, Site
from wagtail.signals import page_published, page_unpublished, post_page_move

from guides.models import GamesIndexPage

from .models import SiteSettings

CACHE_KEY = "rulesage:nav:{version}:{host}:{language}"
# Bumped to forget every cached navigation at once, whatever the host and language.
VERSION_KEY = "rulesage:nav:version"
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
    # Read, never created here (for_request would create the row on a reader's GET, a
    # write that counts as a content change and empties the page cache).
    settings_row = (
        SiteSettings.objects.filter(site=site).select_related("editorial_policy").first()
        if site
        else None
    )
    policy = settings_row.editorial_policy if settings_row else None
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
    page itself, "true" below it, else empty (rendered as aria-current).

    Keyed by host (sites are found by host) and language: a warm cache costs no query.
    """
    try:
        host = request.get_host() if request else ""
    except DisallowedHost:  # the bad-request page itself, for a host not served
        host = ""
    version = cache.get_or_set(VERSION_KEY, time.time_ns, None)
    key = CACHE_KEY.format(version=version, host=host, language=translation.get_language())
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
    """Every cached navigation: a page's address or the editorial policy may have changed."""
    try:
        cache.incr(VERSION_KEY)
    except ValueError:  # evicted or never set: start a version nothing was cached under
        cache.set(VERSION_KEY, time.time_ns(), None)


for signal in (page_published, page_unpublished, post_page_move):
    signal.connect(forget_links, dispatch_uid=f"rulesage-nav-{signal!r}")
receiver(post_delete, sender=Page, dispatch_uid="rulesage-nav-delete")(forget_links)


@receiver(post_save, sender=SiteSettings, dispatch_uid="rulesage-nav-settings")
def forget_links_for_settings(instance, created, **kwargs):
    # Reading the settings of a site that had none creates them empty: nothing to forget.
    if created and not instance.editorial_policy_id:
        return
    forget_links()
