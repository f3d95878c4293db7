"""Admin wiring for translators."""

from django.utils import translation
from django.utils.translation import gettext_lazy as _
from wagtail import hooks
from wagtail.admin import messages

from .roles import edits_translations_only
from .translated_fields import target_languages


@hooks.register("before_edit_page")
def tell_translators_what_they_can_change(request, page):
    # Rich text and StreamField editors cannot be greyed out like plain inputs; say plainly
    # that the server keeps the English as it is (guides.forms.TranslatablePageForm).
    if request.method == "GET" and edits_translations_only(request.user):
        languages = ", ".join(
            str(translation.get_language_info(code)["name_translated"])
            for code in target_languages()
        )
        messages.info(
            request,
            _(
                "You can change the %(languages)s fields of this page. English fields and "
                "settings are kept as they are, whatever is typed in them."
            )
            % {"languages": languages},
        )
