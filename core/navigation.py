"""Breadcrumbs: Wagtail pages take theirs from the page tree, other reader pages build
theirs from `Crumb`s; both render through core/includes/breadcrumbs.html."""

from dataclasses import dataclass

from django.urls import reverse
from django.utils.translation import gettext

from .translated_fields import SOURCE_LANGUAGE, falls_back


@dataclass(frozen=True)
class Crumb:
    label: str
    url: str = ""
    lang: str = ""  # set when the label is in another language than the page


def crumb_of(obj, field, url=""):
    """A crumb labelled with a translated field, marked English when it falls back."""
    lang = SOURCE_LANGUAGE if falls_back(obj, field) else ""
    return Crumb(getattr(obj, field), url, lang)


def home_crumb():
    return Crumb(gettext("Home"), reverse("wagtail_serve", args=("",)))


def page_trail(page, request=None):
    """Crumbs for a Wagtail page: its live ancestors below the tree root, then the page."""
    # Routing (pages.routing) leaves the ancestors on the page: then the trail needs no query.
    chain = page.__dict__.get("route_ancestors")
    if chain is not None:
        ancestors = [ancestor for ancestor in chain if ancestor.depth > 2 and ancestor.live]
    else:
        ancestors = page.get_ancestors().filter(depth__gt=2).live() if page.pk else []
    crumbs = [home_crumb()]
    crumbs += [crumb_of(ancestor, "title", ancestor.get_url(request)) for ancestor in ancestors]
    if page.depth and page.depth > 2:
        crumbs.append(crumb_of(page, "title"))
    return crumbs
