"""Atom feeds (RFC 4287): the corrections log, and new and corrected rulings.

Every entry's id (and each feed's) is a tag URI (RFC 4151),
`tag:<RULESAGE_FEED_TAG_AUTHORITY>:<language>/<path>`: a valid IRI that never changes for
an entry, whatever host the feed is read on and however the entry's title, address or
dates change. The authority is a domain and a year the site's operator owns it in (a
setting, never changed once feeds are published); the path names the entry and the
feed's language (each language's feed has entries of its own text).

Each entry is dated by the date of record its page shows (`dated_at` of a ruling, a
correction, an errata card; a guide version's `published_at`), never by when a row was
written: loading the demo or importing an export does not make old news new.
"""

from django.conf import settings
from django.contrib.syndication.views import Feed
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


def tag_uri(specific):
    """The tag URI of `specific` (an entry's or a feed's path) in the active language."""
    authority = settings.RULESAGE_FEED_TAG_AUTHORITY
    return f"tag:{authority}:{translation.get_language()}/{specific}"


class TagURIFeed(Feed):
    """An Atom feed written by the site, whose feed and entry ids are tag URIs (see the
    module docstring). Subclasses give the entry's path (`item_guid`) through `tag_uri`."""

    feed_type = Atom1Feed
    item_guid_is_permalink = False
    # The feed's own path in its tag URI.
    feed_name = ""

    def feed_guid(self, obj):
        return tag_uri(self.name_of(obj))

    def author_name(self):
        """Every entry is the site's (RFC 4287 asks for an author)."""
        return settings.WAGTAIL_SITE_NAME

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
        return tag_uri(f"corrections/{item.key}")

    def item_pubdate(self, item):
        return item.dated_at

    def item_updateddate(self, item):
        return item.dated_at


class RulingsFeed(TagURIFeed):
    """Rulings as they are published and as they are corrected.

    One entry per ruling: published at the date its answer was given, and back at the
    top, updated at the correction's date of record and with that correction in its
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

    def item_link(self, ruling):
        return ruling.get_absolute_url()

    def item_guid(self, ruling):
        return tag_uri(f"rulings/{ruling.pk}")

    def item_pubdate(self, ruling):
        return ruling.dated_at

    def item_updateddate(self, ruling):
        return ruling.changed_for_readers_at

    def item_categories(self, ruling):
        return [ruling.edition.game.name]
