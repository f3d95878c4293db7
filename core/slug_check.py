"""Whether a page's slug in each language is free among its siblings, in one query for the
few siblings that clash, in place of wagtail-modeltranslation's checks, which load every
sibling page twice a save (docs/decisions/slug-check.md)."""

from django import forms
from django.core.exceptions import ValidationError
from django.db.models import CharField, Q, Value
from django.db.models.functions import Coalesce, NullIf
from django.utils import translation
from django.utils.translation import gettext_lazy as _
from modeltranslation import settings as mt_settings
from modeltranslation.translator import translator
from modeltranslation.utils import build_localized_fieldname, resolution_order
from wagtail.models import Page

# The library's words on the same fields; the Spanish is in the project's catalogue.
IN_USE = _("This slug is already in use")


def shown_slug(language):
    """A page's slug in `language` as an expression: its own, else its fallback's, as
    wagtail-modeltranslation reads `page.slug` with that language active."""
    columns = [build_localized_fieldname("slug", code) for code in resolution_order(language)]
    shown = [NullIf(column, Value("")) for column in columns]
    return Coalesce(*shown, output_field=CharField()) if len(shown) > 1 else shown[0]


def slug_clashes(parent, slugs, page=None):
    """{`slug_xx` field: message} for each language whose slug in `slugs` ({language:
    slug}) a child of `parent` other than `page` already shows, in one query."""
    slugs = {language: slug for language, slug in slugs.items() if slug}
    if parent is None or not slugs:
        return {}
    shown = {f"shown_{language}": shown_slug(language) for language in slugs}
    clash = Q()
    for language, slug in slugs.items():
        clash |= Q(**{f"shown_{language}": slug})
    siblings = Page.objects.child_of(parent)
    if page is not None and page.pk:
        siblings = siblings.exclude(pk=page.pk)
    taken = siblings.annotate(**shown).filter(clash).order_by().values_list(*shown).distinct()
    errors = {}
    for row in taken:
        for (language, slug), sibling_slug in zip(slugs.items(), row, strict=True):
            if sibling_slug == slug:
                errors[build_localized_fieldname("slug", language)] = IN_USE
    return errors


def checked_page_form(form_class):
    """The admin form of a translated page type: `form_class`, refusing a slug typed in any
    language that a sibling already has, on that language's slug field."""

    class SlugCheckedPageForm(form_class):
        def clean(self):
            cleaned_data = super().clean()
            slugs = {
                language: cleaned_data.get(build_localized_fieldname("slug", language))
                for language in mt_settings.AVAILABLE_LANGUAGES
            }
            for field, message in slug_clashes(self.parent_page, slugs, self.instance).items():
                self.add_error(field, forms.ValidationError(message))
            return cleaned_data

    return SlugCheckedPageForm


def checking_slugs(clean):
    """A page type's `clean`: the slug check, then `clean` (the type's own, as it was before
    wagtail-modeltranslation replaced it)."""

    def checked_clean(page):
        # The page's own slug in each language, fallbacks included, against its siblings'.
        slugs = {}
        for language in mt_settings.AVAILABLE_LANGUAGES:
            with translation.override(language):
                slugs[language] = page.slug
        errors = slug_clashes(page.get_parent(), slugs, page)
        if errors:
            raise ValidationError(errors)
        clean(page)

    return checked_clean


def install():
    """Put these checks where wagtail-modeltranslation puts its own, through the two public
    functions of its `patch_wagtailadmin` module that its app calls when ready: the page
    form it builds for each page type, and the patching itself, after which each translated
    page type's `clean` is made again around its original. Called before that app is ready
    (the `rulesage` app is listed first)."""
    from wagtail_modeltranslation import patch_wagtailadmin

    library_patch = patch_wagtailadmin.patch_wagtail_models

    def patch_wagtail_models():
        page_types = [m for m in translator.get_registered_models() if issubclass(m, Page)]
        original_cleans = {model: model.clean for model in page_types}
        library_patch()
        for model, clean in original_cleans.items():
            model.clean = checking_slugs(clean)

    patch_wagtailadmin.patch_admin_page_form = checked_page_form
    patch_wagtailadmin.patch_wagtail_models = patch_wagtail_models
