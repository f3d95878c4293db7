"""Editorial pages: the games index, one page per game, and the guides under it.

A `GamePage` points at one `rulings.Game`; its child `GuidePage`s cite `rulings.Document`s
as their sources. Guide sources and corrections are page children (revisioned with the
page); published versions are `GuideVersion` rows that keep the revision they were
published from, so old versions stay readable. A `GuideTranslation` records which version
a translation was last brought up to date with.
"""

from django.conf import settings
from django.db import models
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone, translation
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _
from modelcluster.fields import ParentalKey
from modeltranslation import settings as mt_settings
from wagtail.admin.panels import FieldPanel, InlinePanel, MultiFieldPanel
from wagtail.contrib.routable_page.models import RoutablePageMixin, path
from wagtail.fields import RichTextField, StreamField
from wagtail.models import Orderable, Page
from wagtail.search import index

from rulings.models import Correction

from .blocks import GuideStreamBlock
from .forms import GuidePageForm, TranslatablePageForm
from .freshness import translation_state

# PostgreSQL integers stop here; larger version numbers in a URL are simply not found.
MAX_VERSION_NUMBER = 2**31 - 1


class GamesIndexPage(Page):
    """Lists every `GamePage` below it."""

    intro = RichTextField(_("introduction"), blank=True, features=["bold", "italic", "link"])

    base_form_class = TranslatablePageForm
    content_panels = Page.content_panels + [FieldPanel("intro")]
    parent_page_types = ["rulesage.HomePage"]
    subpage_types = ["guides.GamePage"]
    max_count = 1

    class Meta:
        verbose_name = _("games index")

    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        context["game_pages"] = (
            GamePage.objects.child_of(self).live().select_related("game").order_by("title")
        )
        return context


class GamePage(Page):
    """One per `rulings.Game`: overview, editions and documents, and the guides below it."""

    game = models.OneToOneField(
        "rulings.Game", on_delete=models.PROTECT, related_name="page", verbose_name=_("game")
    )
    overview = RichTextField(_("overview"), blank=True, features=["bold", "italic", "link"])

    base_form_class = TranslatablePageForm
    content_panels = Page.content_panels + [FieldPanel("game"), FieldPanel("overview")]
    search_fields = Page.search_fields + [index.SearchField("overview")]
    parent_page_types = ["guides.GamesIndexPage"]
    subpage_types = ["guides.GuidePage"]

    class Meta:
        verbose_name = _("game page")

    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        context["editions"] = self.game.editions.prefetch_related("documents")
        context["guides"] = GuidePage.objects.child_of(self).live().order_by("path")
        return context


class GuidePage(RoutablePageMixin, Page):
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
    rules_scope = models.TextField(
        _("rules scope"),
        blank=True,
        help_text=_(
            "Which rules the guide covers, e.g. “Standard multiplayer; not the solo opponent”."
        ),
    )
    change_summary = models.CharField(
        _("change summary"),
        max_length=255,
        blank=True,
        help_text=_(
            "For a substantive change, say in one line what changed: publishing then "
            "raises the version number and adds this line to the public change log. "
            "Leave empty for a small fix that keeps the version."
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

    base_form_class = GuidePageForm
    content_panels = Page.content_panels + [
        FieldPanel("kind"),
        FieldPanel("intro"),
        FieldPanel("body"),
        MultiFieldPanel(
            [
                InlinePanel("sources", label=_("Source"), min_num=0),
                FieldPanel("checked_on"),
                FieldPanel("rules_scope"),
            ],
            heading=_("Sources and scope"),
        ),
        MultiFieldPanel(
            [FieldPanel("change_summary"), FieldPanel("affects_translations")],
            heading=_("Version"),
        ),
        InlinePanel("corrections", label=_("Correction"), heading=_("Corrections")),
    ]
    search_fields = Page.search_fields + [
        index.SearchField("intro"),
        index.SearchField("body"),
    ]
    parent_page_types = ["guides.GamePage"]
    subpage_types = []

    class Meta:
        verbose_name = _("guide")

    @cached_property
    def current_version(self):
        return self.versions.order_by("-number").first()

    @property
    def version_number(self):
        version = self.current_version
        return version.number if version else None

    @property
    def recheck_due_on(self):
        if not self.checked_on:
            return None
        return self.checked_on + timezone.timedelta(days=settings.RULESAGE_RECHECK_AFTER_DAYS)

    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        page = context["page"]
        context["sources"] = page.sources.select_related("document__edition")
        context["corrections"] = page.corrections.all()
        context["versions"] = versions = self.public_versions(request)
        # The newest published version is the current one; reuse it rather than query again.
        self.__dict__.setdefault("current_version", versions[0] if versions else None)
        context["current_version"] = self.current_version
        # The parent game page with its game in one query; blocks such as the setup
        # figures read the game from the context rather than each querying for it.
        context["game_page"] = game_page = self.game_page
        context["game"] = game_page.game if game_page else None
        language = translation.get_language()
        if language != mt_settings.DEFAULT_LANGUAGE and self.pk:
            context["translation_state"] = self.translation_state(language, versions)
            with translation.override(mt_settings.DEFAULT_LANGUAGE):
                context["source_url"] = self.get_url(request)
        return context

    def translation_state(self, language, versions):
        """How this guide's translation into `language` stands against the English versions."""
        record = self.translations.filter(language=language).select_related("follows").first()
        return translation_state(self, language, versions, record)

    @cached_property
    def game_page(self):
        return GamePage.objects.parent_of(self).select_related("game").first()

    def public_versions(self, request=None):
        """Every published version, newest first, each with the URL it is readable at."""
        if self.pk is None:
            return []  # a new guide previewed before its first save
        base = self.get_url(request)
        versions = list(self.versions.order_by("-number"))
        for version in versions:
            version.public_url = base + self.reverse_subpage(
                "version", kwargs={"number": version.number}
            )
        return versions

    @path("")
    def current(self, request):
        return self.render(request)

    @path("v/<int:number>/")
    def version(self, request, number):
        """An earlier published version, rendered from the revision it was published from."""
        if number > MAX_VERSION_NUMBER:
            raise Http404
        version = get_object_or_404(self.versions.select_related("revision"), number=number)
        current = self.current_version
        if current and version.number == current.number:
            return redirect(self.url)
        if version.revision is None:
            raise Http404
        snapshot = version.revision.as_object()
        return self.render(
            request,
            context_overrides={
                "page": snapshot,
                "self": snapshot,
                "shown_version": version,
                "page_subpath": self.reverse_subpage("version", kwargs={"number": number}),
                "current_version": current,
                "sources": snapshot.sources.all(),
                "corrections": snapshot.corrections.all(),
                # Alternates and the language switcher follow the live page's slugs,
                # which may have changed since this version was published.
                "live_page": self,
                # An old version is already marked superseded; whether its translation
                # was current then is not recorded.
                "translation_state": None,
            },
        )


class GuideSource(Orderable):
    """A document a guide was checked against (a `rulings.Document` of the game's editions)."""

    page = ParentalKey(GuidePage, on_delete=models.CASCADE, related_name="sources")
    document = models.ForeignKey(
        "rulings.Document",
        on_delete=models.PROTECT,
        related_name="guide_sources",
        verbose_name=_("document"),
    )
    locator = models.CharField(
        _("pages or sections"), max_length=120, blank=True, help_text=_("e.g. “pages 4–11”")
    )

    panels = [FieldPanel("document"), FieldPanel("locator")]

    class Meta(Orderable.Meta):
        verbose_name = _("source")
        verbose_name_plural = _("sources")


class GuideCorrectionQuerySet(models.QuerySet):
    def public(self):
        """Corrections as published: rows exist only for the live content of live guides."""
        return self.filter(page__live=True).select_related("page").order_by("-corrected_on", "-pk")


class GuideCorrection(Correction):
    """A correction to a guide, kept with the page so it is revisioned with it."""

    page = ParentalKey(GuidePage, on_delete=models.CASCADE, related_name="corrections")

    objects = GuideCorrectionQuerySet.as_manager()

    class Meta(Correction.Meta):
        abstract = False


class GuideVersion(models.Model):
    """A public version of a guide: its number, change-log line and the revision it shows.

    A substantive publish starts a new version; a small fix moves the current version's
    revision forward. Earlier versions keep the last revision published under them.
    """

    page = models.ForeignKey(GuidePage, on_delete=models.CASCADE, related_name="versions")
    number = models.PositiveIntegerField(_("version"))
    summary = models.CharField(_("change summary"), max_length=255)
    published_at = models.DateTimeField(_("published at"))
    affects_translations = models.BooleanField(
        _("affects translations"),
        default=True,
        help_text=_("Unticked when this version was published as not needing translators."),
    )
    revision = models.ForeignKey(
        "wagtailcore.Revision", on_delete=models.SET_NULL, null=True, related_name="+"
    )

    class Meta:
        ordering = ["page", "number"]
        verbose_name = _("guide version")
        constraints = [
            models.UniqueConstraint(fields=["page", "number"], name="guide_version_unique_number")
        ]

    def __str__(self):
        return f"{self.page.title} v{self.number}"


class GuideTranslation(models.Model):
    """The English version a guide's translation into `language` was last brought up to date with.

    Kept outside the page's revisions on purpose: marking a translation up to date is a
    translator's statement about the published text, made by an explicit action, and must
    not be undone when an older draft of the page is published.
    """

    page = models.ForeignKey(
        GuidePage, on_delete=models.CASCADE, related_name="translations", verbose_name=_("guide")
    )
    language = models.CharField(_("language"), max_length=10)
    follows = models.ForeignKey(
        GuideVersion,
        on_delete=models.CASCADE,
        related_name="+",
        verbose_name=_("follows version"),
    )
    marked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("marked up to date by"),
    )
    marked_at = models.DateTimeField(_("marked up to date at"), default=timezone.now)

    class Meta:
        verbose_name = _("guide translation")
        verbose_name_plural = _("guide translations")
        default_permissions = ("view",)
        permissions = [("mark_translation_up_to_date", _("Can mark a translation up to date"))]
        constraints = [
            models.UniqueConstraint(
                fields=["page", "language"], name="guide_translation_one_per_language"
            )
        ]

    def __str__(self):
        return f"{self.page.title} [{self.language}] v{self.follows.number}"
