"""The sitemaps' entries written in one pass: the template's loop over a file's 500
entries (and each one's alternates), or over every file of the index, took most of their
time, and the index lists a file for every 500 addresses of the catalogue."""

from html import escape as escape_text

from django import template
from django.utils.html import escape
from django.utils.safestring import mark_safe

register = template.Library()


@register.filter
def url_entries(urlset):
    """The <url> of each address of a file (`TranslatedSitemap.get_urls`)."""
    return mark_safe(  # noqa: S308 (every value escaped)
        "".join(
            f"<url><loc>{escape(url['location'])}</loc>"
            + (f"<lastmod>{escape(url['lastmod'])}</lastmod>" if url["lastmod"] else "")
            + "".join(
                f'<xhtml:link rel="alternate" hreflang="{escape(alternate["lang_code"])}"'
                f' href="{escape(alternate["location"])}"/>'
                for alternate in url["alternates"]
            )
            + "</url>\n"
            for url in urlset
        )
    )


@register.filter
def index_entries(files):
    """The <sitemap> of each file of the index (Django's `SitemapIndexItem`s), each
    section's date written once for all its files."""
    lastmods = {
        moment: f"<lastmod>{moment.isoformat()}</lastmod>" if moment else ""
        for moment in {entry.last_mod for entry in files}
    }
    return mark_safe(  # noqa: S308 (every value escaped)
        "".join(
            f"<sitemap><loc>{escape_text(entry.location)}</loc>{lastmods[entry.last_mod]}"
            "</sitemap>\n"
            for entry in files
        )
    )
