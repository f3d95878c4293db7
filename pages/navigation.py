"""The header's main navigation. The games index and the policy are pages editors may move:
their addresses are looked up, remembered per host and language until the site changes."""

from django.core.exceptions import DisallowedHost
from django.db.models import Case, Exists, OuterRef, Q, When
from django.urls import reverse
from django.utils import translation
from django.utils.functional import SimpleLazyObject
from django.utils.translation import gettext
from wagtail.models import Page, Site

from core.cache_tags import SITE
from core.page_cache import remembered
from guides.models import GamesIndexPage

from .models import SiteSettings


def _games_and_policy(site):
    """The site's first live games index and its editorial policy page, in one query.
    Never SiteSettings.for_request: it creates the row on a reader's GET, a content change."""
    if site is None:
        return GamesIndexPage.objects.live().first(), None
    first_games = (
        GamesIndexPage.objects.live()
        .descendant_of(site.root_page, inclusive=True)
        .order_by("path")
        .values("pk")[:1]
    )
    chosen = SiteSettings.objects.filter(site=site).values("editorial_policy")
    is_games = Q(pk__in=first_games)
    pages = Page.objects.filter(is_games | Q(pk__in=chosen)).annotate(
        is_games=Case(When(is_games, then=True), default=False),
        is_policy=Exists(chosen.filter(editorial_policy=OuterRef("pk"))),
    )
    games = policy = None
    for page in pages:
        games = page if page.is_games else games
        policy = page if page.is_policy else policy
    return games, policy


def _links(request):
    site = Site.find_for_request(request) if request else None
    games, policy = _games_and_policy(site)
    links = []
    if games:
        links.append(("games", gettext("Games"), games.get_url(request)))
    links.append(("rulings", gettext("Rulings"), reverse("rulings:index")))
    links.append(("search", gettext("Search"), reverse("search")))
    if policy and policy.live:
        links.append(("policy", gettext("Editorial policy"), policy.get_url(request)))
    links.append(("corrections", gettext("Corrections"), reverse("corrections_log")))
    return [link for link in links if link[2]]


def _remembered_links(request):
    try:
        host = request.get_host() if request else ""
    except DisallowedHost:  # the bad-request page itself, for a host not served
        host = ""
    key = f"nav:{host}:{translation.get_language()}"
    # The header and a guide ask, once a request.
    known = request.__dict__.setdefault("_main_links", {}) if request else {}
    if key not in known:
        known[key] = remembered(key, lambda: _links(request), [SITE])
    return known[key]


def editorial_policy_url(request):
    return next((url for name, _label, url in _remembered_links(request) if name == "policy"), "")


def site_links(request):
    """Context processor: `editorial_policy_url`, looked up only where a template uses it."""
    return {"editorial_policy_url": SimpleLazyObject(lambda: editorial_policy_url(request))}


def main_links(request):
    """(key, label, url, aria-current) for each header link: "page" on it, "true" below it."""
    links = _remembered_links(request)
    path = request.path if request else ""
    return [
        (name, label, url, "page" if path == url else "true" if path.startswith(url) else "")
        for name, label, url in links
    ]
