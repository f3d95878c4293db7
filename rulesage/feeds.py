"""Atom feed of the corrections log."""

import datetime

from django.contrib.syndication.views import Feed
from django.urls import reverse
from django.utils.feedgenerator import Atom1Feed
from django.utils.translation import gettext_lazy as _

from .corrections import latest_corrections


class CorrectionsFeed(Feed):
    feed_type = Atom1Feed
    title = _("Rulesage corrections")
    subtitle = _("Every correction to a Rulesage guide or ruling, newest first.")

    def link(self):
        return reverse("corrections_log")

    def items(self):
        return latest_corrections(limit=50)

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
        return item.key

    item_guid_is_permalink = False

    def item_pubdate(self, item):
        return datetime.datetime.combine(item.corrected_on, datetime.time.min, datetime.UTC)

    def item_updateddate(self, item):
        return self.item_pubdate(item)
