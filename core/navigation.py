"""Breadcrumbs: the trail from the home page to the page a reader is on.

Wagtail pages take theirs from the page tree; other reader pages (rulings, documents)
build theirs from `Crumb`s. Both render through core/includes/breadcrumbs.html.
"""

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


def routed_ancestors(page):
    """The live ancestors below the site root, when the page was reached by routing.

    The project's route (pages.routing) leaves on the page it serves the pages it
    passed through, as `route_ancestors`: the trail then needs no query. None otherwise.
    """
    chain = page.__dict__.get("route_ancestors")
    if chain is None:
        return None
    return [ancestor for ancestor in chain if ancestor.depth > 2 and ancestor.live]


def page_trail(page, request=None):
    """Crumbs for a Wagtail page: its live ancestors below the tree root, then the page.

    The ancestors the route passed through, or one query for them; their URLs come from
    the site's cached root paths.
    """
    crumbs = [home_crumb()]
    ancestors = routed_ancestors(page)
    if ancestors is None:
        ancestors = page.get_ancestors().filter(depth__gt=2).live() if page.pk else []
    for ancestor in ancestors:
        crumbs.append(crumb_of(ancestor, "title", ancestor.get_url(request)))
    if page.depth and page.depth > 2:
        crumbs.append(crumb_of(page, "title"))
    return crumbs
