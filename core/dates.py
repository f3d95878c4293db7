"""Dates of record as moments, turned the same way everywhere so a feed entry, a sitemap
and the page it points at agree."""

import datetime

from django.utils import timezone


def start_of_day(day):
    """The moment `day` begins in the site's time zone."""
    return datetime.datetime.combine(day, datetime.time.min, timezone.get_default_timezone())


def moment_on(day, moment):
    """`moment` when it falls on `day`, else the start of `day`: the day stays the one
    stated, and news of one day keeps its order."""
    zone = timezone.get_default_timezone()
    if moment is not None and timezone.localdate(moment, zone) == day:
        return moment
    return start_of_day(day)


def not_after_now(moment):
    """`moment`, or now if it is later: a crawler is never told of its future."""
    return min(moment, timezone.now())
