"""Atom feeds (RFC 4287): the corrections log, and new and corrected rulings.

Every id is a tag URI (RFC 4151), `tag:<RULESAGE_FEED_TAG_AUTHORITY>:<language>/<path>`,
that never changes for an entry whatever host it is read on or how its title, address or
dates change. Entries are dated by the date of record their page shows, never by when a
row was written: loading the demo or an export does not make old news new.
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
    return f"tag:{settings.RULESAGE_FEED_TAG_AUTHORITY}:{translation.get_language()}/{specific}"


class TagURIFeed(Feed):
    """A feed whose ids are tag URIs: its `feed_name`'s, and each entry's through `tag_uri`."""

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
    """One entry per ruling, back at the top with its correction in its summary each time
    it is corrected (ordered by its indexed "last changed for readers" time)."""

    title = _("Rulesage rulings: new and corrected")
    subtitle = _("Rulings as they are published, and again each time one is corrected.")
    feed_name = "rulings"

    def link(self):
        return reverse("rulings:index")

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
