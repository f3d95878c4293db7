"""Where in a document a passage, citation or errata card points (page and heading path),
written the same everywhere: “p.8 · TURN END”."""

from django.utils.html import format_html, format_html_join
from django.utils.text import slugify
from django.utils.translation import pgettext


def format_location(page, heading_path, language=None):
    """“p.8 · TURN END”, either part optional; given the document's `language`, HTML with the
    heading marked as written in it (a Spanish page quoting an English rulebook)."""
    page_label = (
        pgettext("page of a document", "p.%(page)s") % {"page": page} if page is not None else ""
    )
    if language is None:
        return " · ".join(part for part in (page_label, heading_path) if part)
    heading = heading_path and format_html('<span lang="{}">{}</span>', language, heading_path)
    return format_html_join(" · ", "{}", ((part,) for part in (page_label, heading) if part))


def make_anchor(page, heading_path):
    """A stable, readable anchor for a passage, e.g. `p6-gameplay-optional-flip-action`."""
    prefix = f"p{page}" if page is not None else "p0"
    return f"{prefix}-{slugify(heading_path)}"[:120].rstrip("-") or prefix


class Located:
    """`location` and `location_html` for a model with `page` and `heading_path`, whose
    document is written in `location_language`."""

    location_language = None

    @property
    def location(self):
        return format_location(self.page, self.heading_path)

    @property
    def location_html(self):
        return format_location(self.page, self.heading_path, self.location_language)
