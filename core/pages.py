"""What every page type shares in the admin: the role-aware form and permissions."""

from wagtail.models import PagePermissionTester

from .forms import TranslatablePageForm
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
