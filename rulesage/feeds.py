"""Atom feeds: the corrections log, and new and corrected rulings.

Every entry's id (and each feed's) is a tag URI (RFC 4151), `tag:<host>,<date>:<path>`:
a valid IRI, unlike the bare keys the corrections feed used to send, and one that never
changes for an entry, however its title or address change. The host is the one the feed
is served on, the date the day the entry first appeared, the path names the entry and
the feed's language (each language's feed has entries of its own text).
"""

import datetime

from django.contrib.syndication.views import Feed
from django.http.request import split_domain_port
from django.urls import reverse
from django.utils import translation
from django.utils.feedgenerator import Atom1Feed
from django.utils.html import strip_tags
from django.utils.text import Truncator
from django.utils.translation import gettext_lazy as _

from rulings.models import Ruling
from rulings.rendering import render_answer

from .corrections import latest_corrections

# Entries per feed; readers poll often enough that older ones have been seen.
FEED_LENGTH = 50
SUMMARY_WORDS = 60


def tag_uri(authority, date, specific):
    """`date` is a year or a day, written as RFC 4151 asks (2026, 2026-11-02)."""
    return f"tag:{authority},{date}:{specific}"


def start_of(day):
    return datetime.datetime.combine(day, datetime.time.min, datetime.UTC)


class TagURIFeed(Feed):
    """An Atom feed whose feed and entry ids are tag URIs (see the module docstring).

    `item_guid` gives the entry's own path; this class adds the authority and date.
    """

    feed_type = Atom1Feed
    item_guid_is_permalink = False
    # The feed's own path in its tag URI, and the year it began.
    feed_name = ""
    feed_since = 2026

    def get_feed(self, obj, request):
        feed = super().get_feed(obj, request)
        authority = (split_domain_port(request.get_host())[0] or "localhost").lower()
        language = translation.get_language()
        name = self.name_of(obj)
        feed.feed["id"] = tag_uri(authority, self.feed_since, f"{language}/{name}")
        for item in feed.items:
            item["unique_id"] = tag_uri(
                authority, item["pubdate"].date().isoformat(), f"{language}/{item['unique_id']}"
            )
        return feed

    def name_of(self, obj):
        """The feed's path in its tag URI."""
        return self.feed_name


class CorrectionsFeed(TagURIFeed):
    title = _("Rulesage corrections")
    subtitle = _("Every correction to a Rulesage guide or ruling, newest first.")
    feed_name = "corrections"

    def link(self):
        return reverse("corrections_log")

    def items(self):
        return latest_corrections(limit=FEED_LENGTH)

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
        return f"corrections/{item.key}"

    def item_pubdate(self, item):
        return start_of(item.corrected_on)

    def item_updateddate(self, item):
        return self.item_pubdate(item)


class RulingsFeed(TagURIFeed):
    """Rulings as they are published and as they are corrected.

    One entry per ruling: it appears when the ruling is published and comes back to the
    top, updated the moment the correction was recorded and with that correction in its
    summary, each time the ruling is corrected. The order is the ruling's own "last changed
    for readers" time, read from its index: no aggregate over every correction.
    """

    title = _("Rulesage rulings: new and corrected")
    subtitle = _("Rulings as they are published, and again each time one is corrected.")
    feed_name = "rulings"

    def link(self):
        return reverse("rulings:index")

    def items(self):
        return list(
            Ruling.objects.public()
            .select_related("edition__game")
            .prefetch_related("corrections")
            .defer("provenance", "retrieval", "search_en", "search_es")
            .order_by("-changed_for_readers_at", "-pk")[:FEED_LENGTH]
        )

    def latest_correction(self, ruling):
        return max(ruling.corrections.all(), key=lambda c: (c.recorded_at, c.pk), default=None)

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

    def item_link(self, ruling):
        return ruling.get_absolute_url()

    def item_guid(self, ruling):
        return f"rulings/{ruling.pk}"

    def item_pubdate(self, ruling):
        # Also the date in the entry's tag URI, so it never changes.
        return ruling.created_at

    def item_updateddate(self, ruling):
        return max(ruling.created_at, ruling.changed_for_readers_at)

    def item_categories(self, ruling):
        return [ruling.edition.game.name]
