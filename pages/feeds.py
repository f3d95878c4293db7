"""Atom feeds: the corrections log, new and corrected rulings, and each game's news. Ids
are tag URIs; entries are dated by the date of record their page shows, never by when a row
was written."""

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.contrib.syndication.views import Feed
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import strip_tags
from django.utils.text import Truncator
from django.utils.translation import gettext_lazy as _

from catalogue.models import ErrataCard
from core.cache_tags import of_game, shows
from guides.models import GuideChange, GuideCorrection, GuidePage, GuideVersion
from guides.models.games import live_page
from rulings.models import Ruling
from rulings.rendering import render_answer

from .corrections import CorrectionsLog

FEED_LENGTH = 50
SUMMARY_WORDS = 60


def tag_uri(specific):
    """The tag URI of `specific` (an entry's or a feed's path) in the active language."""
    return f"tag:{settings.RULESAGE_FEED_TAG_AUTHORITY}:{translation.get_language()}/{specific}"


class TagURIFeed(Feed):
    """A feed whose ids are tag URIs."""

    feed_type = Atom1Feed
    item_guid_is_permalink = False

    def feed_guid(self, obj):
        return tag_uri(self.feed_name)

    def author_name(self):
        return settings.WAGTAIL_SITE_NAME  # RFC 4287 asks for an author


class CorrectionsFeed(TagURIFeed):
    title = _("Rulesage corrections")
    subtitle = _("Every correction to a Rulesage guide or ruling, newest first.")
    feed_name = "corrections"
    link = reverse_lazy("corrections_log")

    def items(self):
        return CorrectionsLog()[:FEED_LENGTH]

    def item_title(self, item):
        return _("Correction to “%(subject)s”") % {"subject": item.subject}

    def item_description(self, item):
        return _("Was: %(was)s — Now: %(now)s (by %(by)s)") % {
            "was": item.what_was_wrong,
            "now": item.what_it_says_now,
            "by": item.corrected_by,
        }

    def item_link(self, item):
        return item.url

    def item_guid(self, item):
        return tag_uri(f"corrections/{item.key}")

    def item_pubdate(self, item):
        return item.dated_at

    item_updateddate = item_pubdate


class RulingsFeed(TagURIFeed):
    """One entry per ruling, back at the top with its correction each time it is corrected."""

    title = _("Rulesage rulings: new and corrected")
    subtitle = _("Rulings as they are published, and again each time one is corrected.")
    feed_name = "rulings"
    link = reverse_lazy("rulings:index")

    def items(self, **filters):
        return list(
            Ruling.objects.public()
            .filter(**filters)
            .select_related("edition__game")
            .prefetch_related("corrections")
            .defer("provenance", "retrieval", "search_en", "search_es")
            .order_by("-changed_for_readers_at", "-pk")[:FEED_LENGTH]
        )

    def latest_correction(self, ruling):
        return max(ruling.corrections.all(), key=lambda c: (c.dated_at, c.pk), default=None)

    def item_title(self, ruling):
        if self.latest_correction(ruling) is not None:
            return _("Corrected: %(question)s") % {"question": ruling.question}
        return ruling.question

    def item_description(self, ruling):
        answer = strip_tags(str(render_answer(ruling.answer, set())))
        summary = Truncator(" ".join(answer.split())).words(SUMMARY_WORDS)
        correction = self.latest_correction(ruling)
        if correction is None:
            return summary
        return _("%(summary)s — Corrected on %(date)s: %(now)s") % {
            "summary": summary,
            "date": correction.corrected_on.isoformat(),
            "now": correction.what_it_says_now,
        }

    def item_guid(self, ruling):
        return tag_uri(f"rulings/{ruling.pk}")

    def item_pubdate(self, ruling):
        return ruling.dated_at

    def item_updateddate(self, ruling):
        return ruling.changed_for_readers_at

    def item_categories(self, ruling):
        return [ruling.edition.game.name]


@dataclass
class Entry:
    title: str
    summary: str
    link: str
    guid: str
    published: datetime.datetime
    updated: datetime.datetime | None = None  # None: when published


def ruling_entries(game, rulings_feed):
    return [
        Entry(
            title=rulings_feed.item_title(ruling),
            summary=rulings_feed.item_description(ruling),
            link=ruling.get_absolute_url(),
            guid=f"rulings/{ruling.pk}",
            published=rulings_feed.item_pubdate(ruling),
            updated=rulings_feed.item_updateddate(ruling),
        )
        for ruling in rulings_feed.items(edition__game=game)
    ]


def guide_correction_entries(guides):
    corrections = GuideCorrection.objects.public().filter(page__in=guides)
    return [
        Entry(
            title=_("Correction to “%(subject)s”") % {"subject": correction.page.title},
            summary=_("Was: %(was)s — Now: %(now)s")
            % {"was": correction.what_was_wrong, "now": correction.what_it_says_now},
            link=f"{correction.page.url}#{correction.anchor}",
            guid=f"corrections/guide-{correction.pk}",
            published=correction.dated_at,
        )
        for correction in corrections[:FEED_LENGTH]
    ]


def version_entries(guides, language):
    versions = list(
        GuideVersion.objects.filter(page__in=guides)
        .select_related("page")
        .order_by("-published_at", "-pk")[:FEED_LENGTH]
    )
    notes = {}
    lines = GuideChange.objects.for_readers_of(language).filter(
        version__in=versions, kind__in=[GuideChange.Kind.FIRST, GuideChange.Kind.SUBSTANTIVE]
    )
    for line in lines.order_by("published_at", "pk"):
        notes.setdefault(line.version_id, []).append(line.note)
    entries = []
    for version in versions:
        [version] = version.page.specific.with_public_urls([version])
        entries.append(
            Entry(
                title=_("%(guide)s, version %(number)s")
                % {"guide": version.page.title, "number": version.number},
                summary=" ".join(notes.get(version.pk, [])),
                link=version.public_url,
                guid=f"guides/{version.page_id}/v{version.number}",
                published=version.published_at,
            )
        )
    return entries


def errata_entries(game):
    cards = (
        ErrataCard.objects.filter(edition__game=game, status=ErrataCard.Status.ACTIVE)
        .select_related("edition", "passage", "document")
        .defer("passage__search_en", "passage__search_es")
        .order_by("-issued_on", "-pk")[:FEED_LENGTH]
    )
    return [
        Entry(
            title=_("Errata: %(location)s (%(edition)s)")
            % {"location": card.location, "edition": card.edition.code},
            summary=card.corrected_rule,
            link=card.get_absolute_url(),
            guid=f"errata/{card.pk}",
            published=card.dated_at,
        )
        for card in cards
    ]


class GameFeed(TagURIFeed):
    """A game's rulings, guide corrections and versions and errata cards, each kind read
    newest first and at most a feed's length, merged by date; a route of its game page."""

    def get_object(self, request, game):
        shows(*of_game(game.pk))
        return game

    def title(self, game):
        return _("Rulesage: %(game)s") % {"game": game.name}

    def subtitle(self, game):
        return _(
            "New and corrected rulings, guide corrections and versions, and errata for "
            "%(game)s, newest first."
        ) % {"game": game.name}

    def link(self, game):
        page = live_page(game)
        return page.url if page is not None else reverse("rulings:index")

    def feed_guid(self, game):
        return tag_uri(f"games/{game.slug}")

    def items(self, game):
        page = live_page(game)
        guides = GuidePage.objects.live().public()
        guides = guides.descendant_of(page) if page is not None else guides.none()
        entries = [
            *ruling_entries(game, RulingsFeed()),
            *guide_correction_entries(guides),
            *version_entries(guides, translation.get_language()[:2]),
            *errata_entries(game),
        ]
        entries.sort(key=self.item_updateddate, reverse=True)
        return entries[:FEED_LENGTH]

    def item_title(self, entry):
        return entry.title

    def item_description(self, entry):
        return entry.summary

    def item_link(self, entry):
        return entry.link

    def item_guid(self, entry):
        return tag_uri(entry.guid)

    def item_pubdate(self, entry):
        return entry.published

    def item_updateddate(self, entry):
        return entry.updated or entry.published
