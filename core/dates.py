"""Dates of record as moments.

Editors and pages state days (a correction's date, the day an errata card was issued);
feeds, sitemaps and structured data give moments. These turn the one into the other the
same way everywhere, so a feed entry, a sitemap and the page it points at agree.
"""

import datetime

from django.utils import timezone


def start_of_day(day):
    """The moment `day` begins in the site's time zone."""
    return datetime.datetime.combine(day, datetime.time.min, timezone.get_default_timezone())


def moment_on(day, moment):
    """`moment` when it falls on `day` (in the site's time zone), else the start of `day`:
    the day stays the one stated, and news of one day keeps the order it came in."""
    zone = timezone.get_default_timezone()
    if moment is not None and timezone.localdate(moment, zone) == day:
        return moment
    return start_of_day(day)


def not_after_now(moment):
    """`moment`, or now if it is later: what a crawler is told never lies in its future."""
    return min(moment, timezone.now())
