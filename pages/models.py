"""Site-wide pages: the home page and standard pages such as the editorial policy."""

from django.db import models
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _
from wagtail.admin.panels import FieldPanel
from wagtail.contrib.settings.models import BaseSiteSetting, register_setting
from wagtail.fields import RichTextField, StreamField
from wagtail.models import Page
from wagtail.search import index

from core.blocks import BodyStreamBlock
from core.cache_tags import LISTS
from core.page_cache import remembered
from core.pages import EditorialPage
from guides.models import GamePage, GamesIndexPage

from .corrections import CorrectionsLog


class HomePage(EditorialPage, Page):
    """The site root: the latest games, a way to find any game, and the latest corrections."""

    intro = RichTextField(_("introduction"), blank=True, features=["bold", "italic", "link"])

    content_panels = Page.content_panels + [FieldPanel("intro")]
    parent_page_types = ["wagtailcore.Page"]
    subpage_types = ["guides.GamesIndexPage", "pages.StandardPage"]
    max_count = 1
    GAMES_SHOWN = 12

    class Meta:
        verbose_name = _("home page")

    def get_context(self, request, *args, **kwargs):
        context = super().get_context(request, *args, **kwargs)
        # Remembered under `lists`, the tag this page shows: as current as the cached page.
        key = f"home:{self.pk}:{get_language()}"
        context.update(remembered(key, self.listed, [LISTS]))
        return context

    def listed(self):
        """The latest games and corrections, the games' number and their index."""
        game_pages = GamePage.objects.live().descendant_of(self)
        # The latest few of thousands; the games index pages through them all.
        latest = game_pages.select_related("game").order_by("-last_published_at", "-pk")
        return {
            "game_pages": list(latest[: self.GAMES_SHOWN]),
            "games_count": game_pages.count(),
            "games_index": GamesIndexPage.objects.live().child_of(self).first(),
            "corrections": CorrectionsLog()[:5],
        }


class StandardPage(EditorialPage, Page):
    """A plain page of prose, e.g. the editorial policy."""

    intro = RichTextField(_("introduction"), blank=True, features=["bold", "italic", "link"])
    body = StreamField(BodyStreamBlock(), blank=True, verbose_name=_("body"))

    content_panels = Page.content_panels + [FieldPanel("intro"), FieldPanel("body")]
    search_fields = Page.search_fields + [index.SearchField("intro"), index.SearchField("body")]
    parent_page_types = ["pages.HomePage", "pages.StandardPage"]
    subpage_types = ["pages.StandardPage"]

    class Meta:
        verbose_name = _("standard page")


@register_setting(icon="cog")
class SiteSettings(BaseSiteSetting):
    """Site-wide links every page needs, chosen by editors rather than hard-coded."""

    editorial_policy = models.ForeignKey(
        "wagtailcore.Page",
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
        verbose_name=_("editorial policy page"),
        help_text=_("Linked from every guide's “Sources and scope” section."),
    )

    panels = [FieldPanel("editorial_policy")]
    # Every guide links the policy page: load it with the settings, not in a query of its own.
    select_related = ["editorial_policy"]

    class Meta:
        verbose_name = _("site settings")
