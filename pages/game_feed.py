"""One game's Atom feed: its rulings, guide corrections and versions and errata cards, each
kind read newest first and at most a feed's length (a game with thousands of rulings costs
what one with ten does), merged by the date of record each page shows."""

import datetime
from dataclasses import dataclass

from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from catalogue.models import ErrataCard
from core.cache_tags import of_game, shows
from guides.expansions import live_page
from guides.models import GuideChange, GuideCorrection, GuidePage, GuideVersion

from .feeds import FEED_LENGTH, RulingsFeed, TagURIFeed, tag_uri


@dataclass
class Entry:
    title: str
    summary: str
    link: str
    guid: str
    published: datetime.datetime
    updated: datetime.datetime


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
            updated=correction.dated_at,
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
                updated=version.published_at,
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
            updated=card.dated_at,
        )
        for card in cards
    ]


class GameFeed(TagURIFeed):
    """A route of the game's page (`GamePage.feed`, through the `game_feed` hook)."""

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
        entries.sort(key=lambda entry: entry.updated, reverse=True)
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
        return entry.updated
