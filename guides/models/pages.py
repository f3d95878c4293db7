"""Guide pages: the how-to-play and topic guides under each game's page."""

from django import forms
from django.contrib.contenttypes.fields import GenericRelation
from django.db import models
from django.db.models import Exists
from django.utils import translation
from django.utils.functional import SimpleLazyObject, cached_property
from django.utils.html import strip_tags
from django.utils.translation import gettext_lazy as _
from modelcluster.fields import ParentalManyToManyField
from modeltranslation import settings as mt_settings
from wagtail.admin.panels import FieldPanel, MultiFieldPanel
from wagtail.contrib.routable_page.models import RoutablePageMixin
from wagtail.fields import StreamField
from wagtail.models import Page, PageManager
from wagtail.search import index

from core.blocks import headings
from core.cache_tags import SITE, of_game, shows
from core.freshness import mark_for
from core.page_cache import remembered
from core.pages import EditorialPage, page_url_in
from core.panels import RowsPanel
from core.text_search import search_vector_field, search_vector_index, site_languages

from ..blocks import GuideStreamBlock, public_rulings
from ..forms import ChangeKind, GuidePageForm, PublishRefused, publish_problems
from ..panels import RelatedRulingSuggestionsPanel, TranslationChangesPanel
from .games import GamePage
from .history import translation_state
from .recheck import GuidePageQuerySet, errata_notices, errata_since_check
from .versions_read import PublishedVersions


class GuidePage(EditorialPage, RoutablePageMixin, PublishedVersions, Page):
    """A how-to-play or topic guide, checked against named sources on a stated date."""

    class Kind(models.TextChoices):
        HOW_TO_PLAY = "how_to_play", _("How to play")
        TOPIC = "topic", _("Topic guide")

    kind = models.CharField(
        _("kind"), max_length=20, choices=Kind.choices, default=Kind.HOW_TO_PLAY
    )
    intro = models.TextField(_("summary"), blank=True, help_text=_("One or two sentences."))
    body = StreamField(GuideStreamBlock(), blank=True, verbose_name=_("sections"))
    checked_on = models.DateField(
        _("checked on"),
        null=True,
        blank=True,
        help_text=_(
            "The date the guide was last checked against its sources. Required to publish."
        ),
    )
    # Who set the checked date: the person readers are told checked the guide.
    checked_by = models.CharField(_("checked by"), max_length=150, blank=True, editable=False)
    rules_scope = models.TextField(
        _("rules scope"),
        blank=True,
        help_text=_(
            "Which rules the guide covers, e.g. “Standard multiplayer; not the solo opponent”."
        ),
    )
    expansions = ParentalManyToManyField(
        "catalogue.Game",
        blank=True,
        related_name="guides_covering",
        verbose_name=_("expansions covered"),
        help_text=_("The game's expansions whose rules this guide includes; none: base game only."),
    )
    change_kind = models.CharField(
        _("this publish is a"),
        max_length=20,
        choices=ChangeKind.choices,
        default=ChangeKind.MINOR,
        help_text=_(
            "Every publish adds a dated line to the public change log. A substantive change "
            "raises the version number; earlier versions stay readable."
        ),
    )
    change_summary = models.CharField(
        _("change-log note"),
        max_length=255,
        blank=True,
        help_text=_(
            "One line for the public change log saying what changed. Required for a "
            "substantive change; for a minor edit a standard note is used when empty."
        ),
    )
    affects_translations = models.BooleanField(
        _("this version affects translations"),
        default=True,
        help_text=_(
            "Untick when the new version only changes the English wording (a typo, a "
            "clearer sentence) and translators need not follow it: translations that were "
            "up to date then stay up to date. Applies to this publish only."
        ),
    )
    translation_current = models.BooleanField(
        _("this translation now says everything the current English version says"),
        default=False,
        help_text=_(
            "For translators: tick when the text in this language is brought up to date "
            "with the current English version. Once published, readers no longer see the "
            "notice that the translation follows an earlier version. Give a change-log note "
            "when you changed nothing (saying why nothing needed changing)."
        ),
    )

    # Plain text for the site search: section JSON would match its block names.
    search_text_en = models.TextField(editable=False, default="")
    search_text_es = models.TextField(editable=False, default="")
    search_en = search_vector_field("en", {"search_text_en": "B"})
    search_es = search_vector_field("es", {"search_text_es": "B"})
    # Where each translation stands (core.freshness); removed with the page.
    translation_marks = GenericRelation("core.TranslationMark")
    # Its translations' statuses as stored for the dashboard (core.freshness).
    translation_statuses = GenericRelation("core.TranslationStatusRecord")
    # Not read when the page is served to a reader (pages.routing).
    deferred_when_served = [
        *(f"search_text_{code}" for code in site_languages()),
        *(f"search_{code}" for code in site_languages()),
    ]

    base_form_class = GuidePageForm
    content_panels = [TranslationChangesPanel(heading=_("For translators")), *Page.content_panels]
    content_panels += [
        FieldPanel("kind"),
        FieldPanel("intro"),
        FieldPanel("body"),
        RelatedRulingSuggestionsPanel(
            heading=_("Suggested related rulings"),
            help_text=_(
                "Rulings of this game whose question is most like each section's text. Add "
                "the ones that belong with a “Related rulings” block in the section; save to "
                "see the suggestions for what you have written since."
            ),
        ),
        MultiFieldPanel(
            [
                RowsPanel("sources", label=_("Source"), min_num=0),
                FieldPanel("checked_on"),
                FieldPanel("checked_by", read_only=True),
                FieldPanel("rules_scope"),
                FieldPanel("expansions", widget=forms.CheckboxSelectMultiple),
            ],
            heading=_("Sources and scope"),
        ),
        MultiFieldPanel(
            [
                FieldPanel("change_kind", widget=forms.RadioSelect),
                FieldPanel("change_summary"),
                FieldPanel("affects_translations"),
                FieldPanel("translation_current"),
            ],
            heading=_("Change log"),
        ),
        RowsPanel("corrections", label=_("Correction"), heading=_("Corrections")),
    ]
    search_fields = Page.search_fields + [
        index.SearchField("intro"),
        index.SearchField("body"),
        *(index.SearchField(f"search_text_{code}", boost=1) for code in site_languages()),
    ]
    parent_page_types = ["guides.GamePage"]
    subpage_types = []
    objects = PageManager.from_queryset(GuidePageQuerySet)()
    # What the original says besides its translated text (see translated_fields).
    original_fields = ["kind", "checked_on"]
    compared_relations = ["sources", "corrections"]
    # Translated fields that state something about a translation, not text to translate.
    translation_statements = ["translation_current"]

    class Meta:
        verbose_name = _("guide")
        indexes = [search_vector_index("guidepage", code) for code in site_languages()]

    def save(self, *args, **kwargs):
        texts = {f"search_text_{code}": self.text_in(code) for code in site_languages()}
        for name, text in texts.items():
            setattr(self, name, text)
        if kwargs.get("update_fields") is not None:
            kwargs["update_fields"] = {*kwargs["update_fields"], *texts}
        return super().save(*args, **kwargs)

    def text_in(self, language):
        """The guide in `language` as plain text; empty when it is not written in it."""
        body = getattr(self, f"body_{language}", None)
        parts = [getattr(self, f"title_{language}", ""), getattr(self, f"intro_{language}", "")]
        if body:
            parts += self._meta.get_field("body").get_searchable_content(body)
        if not any(part and part.strip() for part in parts[1:]):
            return ""
        return "\n".join(strip_tags(part) for part in parts if part)

    @property
    def current_version(self):
        return self.versions.order_by("-number").first()

    @property
    def version_number(self):
        return getattr(self.current_version, "number", None)

    def publish(self, revision, *args, **kwargs):
        """Every way of publishing (bulk, scheduled, a workflow's) meets the edit form's rules."""
        if problems := publish_problems(revision.as_object()):
            raise PublishRefused(problems)
        return super().publish(revision, *args, **kwargs)

    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        page = context["page"]
        language = translation.get_language()
        if self.pk and page is self and not getattr(request, "is_preview", False):
            # The same for every reader of the live guide in this language until it changes.
            read = remembered(
                f"guide-page:{self.pk}:{language}",
                lambda: self.reader_data(language),
                lambda read: of_game(read["game_page"].game_id) if read["game_page"] else [SITE],
            )
        else:
            # A draft or a version: as the revision or the form holds it, without errata.
            read = self.reader_data(language, page, live=False)
        context.update(read)
        context["versions"] = versions = self.with_public_urls(read["versions"], request)
        context["current_version"] = versions[0] if versions else None
        # Blocks such as the setup figures read the game from the context.
        game_page = read["game_page"]
        self.__dict__.setdefault("game_page", game_page)
        context["game"] = game_page.game if game_page else None
        shows(*self.cache_tags())
        context.update(self.reading_aids(page, context["game"]))
        if language != mt_settings.DEFAULT_LANGUAGE and self.pk:
            context["translation_state"] = translation_state(
                self, language, versions, read["translation"], read["changes"], read["corrections"]
            )
            context["source_url"] = page_url_in(self, request, mt_settings.DEFAULT_LANGUAGE)
        return context

    def reader_data(self, language, page=None, live=True):
        """What the page shows besides `page`'s (the guide's or a preview's) own fields."""
        page = page or self
        versions = list(self.versions.order_by("-number")) if self.pk else []
        game_page = self.game_page
        if game_page is not None:
            game_page.game.setup  # noqa: B018 (read now, kept with the game)
        translated = self.pk and language != mt_settings.DEFAULT_LANGUAGE
        sources = page.sources.select_related("document__edition")
        live = live and page is self and self.pk and self.checked_on
        if live:
            # Whether errata came after the check, asked with the sources (no query more).
            since = errata_since_check(self.pk, self.checked_on)
            sources = sources.annotate(errata_since_check=Exists(since))
        sources = list(sources)
        late = live and any(source.errata_since_check for source in sources)
        offered = list(game_page.game.expansions.all()) if game_page else []
        return {
            "sources": sources,
            "errata_notices": errata_notices(self, language, late) if live else None,
            "corrections": list(page.corrections.all()),
            "versions": versions,
            "changes": self.public_changes(language, versions),
            "game_page": game_page,
            "expansions_offered": offered,
            "expansions_covered": list(page.expansions.all()) if offered else [],
            "translation": (mark_for(self, language) if translated else None),
        }

    def reading_aids(self, page, game):
        """Contents, the game's other guides and editions, and the rulings sections name."""

        def around():
            siblings = type(self).objects.sibling_of(self, inclusive=False).live()
            # Their titles and intros: neither their sections nor their search text.
            siblings = siblings.order_by("path").defer_streamfields()
            siblings = siblings.defer(*self.deferred_when_served)
            return list(siblings), list(game.editions.all()) if game else []

        if self.pk:
            key = f"guide-around:{self.pk}:{getattr(game, 'pk', None)}:{translation.get_language()}"
            siblings, editions = remembered(key, around, of_game(game.pk) if game else [SITE])
        else:
            siblings, editions = [], list(game.editions.all()) if game else []
        return {
            "toc": headings(page.body),
            "sibling_guides": siblings,
            "game_editions": editions,
            # Asked only when the body is rendered: a live guide's is remembered (guide_body).
            "related_rulings": SimpleLazyObject(lambda: public_rulings(page.body)),
        }

    def cache_tags(self):
        """Its game's tags: the guide shows the game's records, rulings and guides."""
        return of_game(self.game_page.game_id) if self.game_page else []

    @cached_property
    def game_page(self):
        return GamePage.objects.parent_of(self).select_related("game").first()

    def public_changes(self, language, versions):
        """The change-log lines a reader of `language` sees, newest first."""
        if self.pk is None:
            return []
        by_pk = {version.pk: version for version in versions}
        changes = list(self.changes.for_readers_of(language).with_names())
        for change in changes:
            if change.version_id in by_pk:  # spare a query per line
                change.version = by_pk[change.version_id]
        return changes
