"""Reading the sitemap as a crawler does: the index, then every file it lists."""

from dataclasses import dataclass, field
from urllib.parse import urlsplit
from xml.etree import ElementTree

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"
XHTML = "{http://www.w3.org/1999/xhtml}"


@dataclass
class SitemapFile:
    location: str
    lastmod: str | None
    # {location: {"lastmod": str | None, "alternates": {hreflang: href}}}
    entries: dict = field(default_factory=dict)
    count: int = 0


def local(location):
    """The path and query of an absolute address, for the test client."""
    parts = urlsplit(location)
    return parts.path + (f"?{parts.query}" if parts.query else "")


def fetch(client, location, **extra):
    response = client.get(local(location), **extra)
    assert response.status_code == 200, location
    assert response["Content-Type"].startswith("application/xml")
    return ElementTree.fromstring(response.content)


def index_files(client, **extra):
    """[(location, lastmod)] of the files /sitemap.xml lists."""
    index = fetch(client, "/sitemap.xml", **extra)
    assert index.tag == f"{SITEMAP}sitemapindex"
    return [
        (item.findtext(f"{SITEMAP}loc"), item.findtext(f"{SITEMAP}lastmod"))
        for item in index.iter(f"{SITEMAP}sitemap")
    ]


def sitemap_files(client, **extra):
    """Every file of the sitemap, read through its index."""
    files = []
    for location, lastmod in index_files(client, **extra):
        urlset = fetch(client, location, **extra)
        assert urlset.tag == f"{SITEMAP}urlset"
        read = SitemapFile(location, lastmod)
        for url in urlset.iter(f"{SITEMAP}url"):
            read.count += 1
            read.entries[url.findtext(f"{SITEMAP}loc")] = {
                "lastmod": url.findtext(f"{SITEMAP}lastmod"),
                "alternates": {
                    link.get("hreflang"): link.get("href") for link in url.iter(f"{XHTML}link")
                },
            }
        files.append(read)
    return files


def all_entries(files):
    """{location: entry} over every file; no address is listed twice."""
    entries = {}
    for read in files:
        assert not set(entries) & set(read.entries), read.location
        entries.update(read.entries)
    return entries
