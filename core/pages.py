"""What every page type shares: the role-aware admin form and permissions, a
view-restriction check that costs readers no query, and the request's site remembered."""

from django.db import DatabaseError
from django.db.models import Exists, OuterRef, Q
from django.utils import translation
from wagtail.models import Page, PagePermissionTester, PageViewRestriction, Site

from .cache_tags import SITE
from .forms import TranslatablePageForm
from .page_cache import remembered
from .roles import edits_translations_only


class TranslatorPermissionTester(PagePermissionTester):
    """Wagtail lets anyone who may edit a page delete it while it is a draft; translators
    change only translations, so deleting any page, drafts included, is not theirs."""

    def can_delete(self, ignore_bulk=False):
        return not edits_translations_only(self.user) and super().can_delete(ignore_bulk)


class EditorialPage:
    """Mixin for every page type: translators get the translations-only form and no delete."""

    base_form_class = TranslatablePageForm

    def permissions_for_user(self, user):
        return TranslatorPermissionTester(user, self)

    def cache_tags(self):
        """The tags (core.cache_tags) of what this page shows besides the site's frame:
        none for a page of its own; page types that show records say which."""
        return []

    def get_view_restrictions(self):
        """Wagtail's restrictions of this page and its ancestors, asked of the database only
        when the remembered restricted or alias paths say one can apply."""
        restricted, aliases = remembered_restrictions()
        if self.alias_of_id is None and not any(
            self.path.startswith(path) for path in (*restricted, *aliases)
        ):
            return PageViewRestriction.objects.none()
        return super().get_view_restrictions()


def restricted_paths():
    """The tree paths of pages with a view restriction, and of alias pages (one query:
    after a content change, every page's first request asks)."""
    restricted = Exists(PageViewRestriction.objects.filter(page=OuterRef("pk")))
    pages = Page.objects.filter(restricted | Q(alias_of__isnull=False)).order_by()
    rows = list(pages.values_list("path", "alias_of_id").annotate(restricted=restricted))
    return (
        [path for path, _alias_of, is_restricted in rows if is_restricted],
        [path for path, alias_of, _restricted in rows if alias_of is not None],
    )


def remembered_restrictions():
    """`restricted_paths()`, remembered until the site's tag moves on."""
    return remembered("view-restrictions:paths", restricted_paths, [SITE])


def public(pages):
    """`pages.public()` (Wagtail's: none in or below a view-restricted page) from the
    remembered restricted paths, without a query when nothing is restricted."""
    restricted, _aliases = remembered_restrictions()
    for path in restricted:
        pages = pages.exclude(path__startswith=path)
    return pages


def page_url_in(page, request, language):
    """`page.get_url(request)` in `language`, asked once a request for each address: each
    change of language has wagtail-modeltranslation read the site's root paths again."""
    with translation.override(language):
        if request is None:
            return page.get_url(request)
        known = request.__dict__.setdefault("page_urls", {})
        key = (page.pk, language, page.url_path)  # what the address is made of
        if key not in known:
            known[key] = page.get_url(request)
        return known[key]


def remembered_site(request):
    """The site Wagtail finds for the request, remembered per host and port until a site or
    page changes, and handed to Wagtail as the one it found: it looks the site up with a
    query on every request and has no public way to skip it. The one private name of
    Wagtail's the project uses (docs/decisions/site-lookup.md)."""
    key = f"site:{request.get_host()}:{request.get_port()}"
    site = remembered(key, lambda: site_for(request), [SITE])
    if site is not None:
        request._wagtail_site = site  # where Site.find_for_request keeps what it found
    return site


def site_for(request):
    """Wagtail's site for the request, or None when the database cannot say: a request that
    needs none (robots.txt) is not failed by the lookup, and a view that needs the site
    asks Wagtail again and meets the error itself."""
    try:
        return Site.find_for_request(request)
    except DatabaseError:
        return None
