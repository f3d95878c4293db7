"""What every page type shares: the role-aware form and permissions in the admin, and a
view-restriction check that costs readers no query on a site without restrictions."""

from django.utils.translation import get_language
from wagtail.models import Page, PagePermissionTester, PageViewRestriction

from .forms import TranslatablePageForm
from .page_cache import remembered
from .roles import edits_translations_only


class TranslatorPermissionTester(PagePermissionTester):
    """Wagtail lets anyone who may edit a page delete it while it is a draft; translators
    change only translations, so deleting any page, drafts included, is not theirs."""

    def can_delete(self, ignore_bulk=False):
        if edits_translations_only(self.user):
            return False
        return super().can_delete(ignore_bulk=ignore_bulk)


class EditorialPage:
    """Mixin for every page type: translators get the translations-only form and no delete."""

    base_form_class = TranslatablePageForm

    def permissions_for_user(self, user):
        return TranslatorPermissionTester(user, self)

    def _get_site_root_paths(self, cache_object=None, **kwargs):
        """The sites' root paths in the active language, kept per language on the request.

        wagtail-modeltranslation keeps one language's copy on the request and reads the
        cache again whenever the language differs; a page showing its address in each
        language (the language switcher, the alternates in <head>, the JSON-LD) switched
        back and forth, a cache round trip each time.
        """
        holder = cache_object if cache_object is not None else self
        by_language = holder.__dict__.setdefault("_site_root_paths_by_language", {})
        language = get_language()
        if language not in by_language:
            by_language[language] = super()._get_site_root_paths(cache_object, **kwargs)
        return by_language[language]

    def get_view_restrictions(self):
        """Wagtail's restrictions of this page and its ancestors, without asking the database
        when none can apply.

        Wagtail looks up the page's ancestors and then their restrictions, two queries on
        every page served, while most sites restrict nothing. The paths of the restricted
        pages and of alias pages (an alias takes its original's restrictions) are
        remembered until the next content change (saving a restriction or a page is one);
        only a page below one of them is looked up Wagtail's way.
        """
        restricted, aliases = remembered("view-restrictions:paths", restricted_paths)
        if self.alias_of_id is None and not any(
            self.path.startswith(path) for path in (*restricted, *aliases)
        ):
            return PageViewRestriction.objects.none()
        return super().get_view_restrictions()


def restricted_paths():
    """The tree paths of pages with a view restriction, and of alias pages."""
    restricted = list(PageViewRestriction.objects.values_list("page__path", flat=True))
    aliases = list(Page.objects.filter(alias_of__isnull=False).values_list("path", flat=True))
    return restricted, aliases
