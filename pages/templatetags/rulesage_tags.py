"""Template tags for every page: its canonical address and language alternates, the
language switcher, the description, its game's feed."""

from html.parser import HTMLParser
from urllib.parse import urlencode

from django import template
from django.conf import settings
from django.core.exceptions import DisallowedHost
from django.urls import reverse, translate_url
from django.utils import translation
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext

from core.cache_tags import game as game_tag
from core.page_cache import READ_PARAMETERS, accepted, remembered
from core.pages import page_url_in
from guides.expansions import live_page
from rulings.markers import MARKER_RE

from ..navigation import main_links

register = template.Library()


def _page_url_in(page, request, language, subpath):
    url = page_url_in(page, request, language)
    return url + subpath if url else None


def _home_url_in(language):
    with translation.override(language):
        return reverse("wagtail_serve", args=("",))


def alternate_urls(context, to_home=False):
    """(language code, language name, URL) for this page in every site language.

    Wagtail pages have a slug per language, so their URL is rebuilt under each language;
    a routable sub-page (`page_subpath`, e.g. `v/1/`) keeps its path after the page's,
    its words translated when it is lazy (`compare/1/2/`, `comparar/1/2/`).
    An old version of a guide renders a revision of the page, whose slugs may be out of
    date: it names the live page as `live_page`. Other views keep their path and only
    change the prefix; `to_home` (error pages) points at each language's home page.
    """
    request = context.get("request")
    if request is None:
        return []
    page = context.get("live_page") or context.get("page")
    subpath = context.get("page_subpath", "")
    # The alternates in <head> and the switcher ask for the same addresses.
    key = (getattr(page, "pk", None), subpath, request.path, to_home)
    known = request.__dict__.setdefault("_alternate_urls", {})
    if key not in known:
        known[key] = _alternate_urls(request, page, subpath, to_home)
    return known[key]


def _alternate_urls(request, page, subpath, to_home):
    result = []
    for code, _name in settings.LANGUAGES:
        if to_home:
            url = _home_url_in(code)
        elif getattr(page, "pk", None):
            with translation.override(code):  # a lazy sub-path is said in each language
                said = str(subpath)
            url = _page_url_in(page, request, code, said)
        else:
            url = translate_url(request.path, code)
        if url:
            result.append((code, translation.get_language_info(code)["name_local"], url))
    return result


# The query parameters that belong to a page's address (its canonical URL and its
# alternates): of those reader pages read (core.page_cache), the ones that choose what the
# page shows: a list's filters and page number, the words searched. Not a passage's anchor
# (its address moves to its page of the document), a question that pre-fills the ask form
# or a sitemap's file number; nor anything a page does not read (a campaign's tracking).
ADDRESS_PARAMETERS = READ_PARAMETERS - {"passage", "question", "p"}


def query_of(pairs, names):
    """`?name=value…` of the (name, value) `pairs` whose name is among `names`, in the
    order of their names, empty ones left out; "" when none."""
    pairs = sorted((name, value) for name, value in pairs if name in names and value)
    return f"?{urlencode(pairs)}" if pairs else ""


def address_query(request):
    """The query of the page's one address: the values its view accepted of the
    parameters that belong to it (core.page_cache.accept), as the page cache stores it;
    a value the view did not use is left out."""
    return query_of(accepted(request).items(), ADDRESS_PARAMETERS)


def absolute_alternates(context):
    """(language code, absolute URL) of this page in every site language, its query
    being the parameters that belong to its address."""
    request = context["request"]
    query = address_query(request)
    return [
        (code, request.build_absolute_uri(url + query))
        for code, _name, url in alternate_urls(context)
    ]


def canonical_url(context):
    """This page's one address in this language: its alternate for this language."""
    current = translation.get_language()
    alternates = dict(absolute_alternates(context))
    if current in alternates:
        return alternates[current]
    request = context["request"]
    return request.build_absolute_uri(request.path + address_query(request))


@register.inclusion_tag("pages/includes/language_alternates.html", takes_context=True)
def language_alternates(context):
    """The page's canonical link and its hreflang alternates, from the same addresses (the
    sitemap lists the same: pages/sitemaps.py)."""
    if context.get("request") is None:
        return {}
    links = absolute_alternates(context)
    default = next((url for code, url in links if code == settings.LANGUAGE_CODE), None)
    return {"canonical": canonical_url(context), "links": links, "default": default}


@register.inclusion_tag("pages/includes/language_switcher.html", takes_context=True)
def language_switcher(context, to_home=False):
    """Each language's address of this page, keeping what the reader chose of it: every
    parameter the page reads (the words searched, the filters, the page of a list, a
    question being written). Anything else (a campaign's tracking) is not the reader's
    and is left behind, so the page stays the same for every such address. Error pages
    offer each home page."""
    current = translation.get_language()
    request = context.get("request")
    given = [] if to_home or request is None else request.GET.lists()
    query = query_of(((name, v) for name, values in given for v in values), READ_PARAMETERS)
    return {
        "languages": [
            {"code": code, "name": name, "url": url + query, "current": code == current}
            for code, name, url in alternate_urls(context, to_home=to_home)
        ]
    }


@register.inclusion_tag("pages/includes/game_feed_link.html", takes_context=True)
def game_feed_link(context):
    """The feed of the game the page is about (`game` in its context), when the game has a
    page: the feed is a route of that page. Its address is remembered until the game's
    pages change (a page's move or new slug changes every page)."""
    game = context.get("game")
    if game is None:
        return {}
    request = context.get("request")

    def address():
        page = live_page(game)
        return (page.subpage_url("feed", request) if page else None) or ""

    key = f"game-feed-address:{game.pk}:{translation.get_language()}"
    return {"game": game, "url": remembered(key, address, [game_tag(game.pk)])}


# Search engines show about this many characters of a description.
DESCRIPTION_LENGTH = 160
# Enough of a page's text to fill a description; the rest is never read.
DESCRIPTION_SOURCE_CHARS = 4000
# Page fields that summarise a page, in order of preference after its search description.
SUMMARY_FIELDS = ("intro", "overview")


class _TextOf(HTMLParser):
    """Collects the text of markup: tags dropped, character references resolved."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)


def text_of(markup):
    """The plain text of (possibly malformed) markup, as one line.

    Django's strip_tags refuses some malformed input (SuspiciousOperation, a 400), and a
    ruling's answer may be any text; a description must never fail the page.
    """
    parser = _TextOf()
    parser.feed(str(markup)[:DESCRIPTION_SOURCE_CHARS])
    parser.close()
    return " ".join("".join(parser.parts).split())


@register.simple_tag(takes_context=True)
def page_description(context):
    """The page's own summary for `<meta name="description">`, or the site's.

    Editors may write a search description; otherwise the page's introduction (or a game's
    overview) says what the page is about. Views that are not pages fill the block instead.
    """
    page = context.get("page")
    for name in ("search_description", *SUMMARY_FIELDS):
        value = getattr(page, name, None) if page is not None else None
        text = text_of(value) if isinstance(value, str) else ""
        if text:
            return text
    return gettext(
        "Rulesage: how-to-play guides for board games, checked against the publishers' "
        "rulebooks, and rulings that cite the rulebook page."
    )


@register.filter
def meta_text(value):
    """Rendered markup as one line of plain text, cut at a word to fit a meta description."""
    # Citation markers ("[2]") point at a list the description does not carry.
    text = " ".join(MARKER_RE.sub("", text_of(value)).split())
    if len(text) > DESCRIPTION_LENGTH:
        text = text[: DESCRIPTION_LENGTH - 1].rsplit(" ", 1)[0].rstrip(" ,;:·—-") + "…"
    return conditional_escape(text)


class CaptureNode(template.Node):
    def __init__(self, nodelist, name):
        self.nodelist, self.name = nodelist, name

    def render(self, context):
        # Rendered output is already escaped; strip() would lose that mark.
        context[self.name] = mark_safe(self.nodelist.render(context).strip())
        return ""


@register.tag
def capture(parser, token):
    """`{% capture name %}…{% endcapture %}` renders once into a variable used twice.

    The page's title and description blocks appear in <title> and <meta
    name="description"> and again in the Open Graph tags; a block may be written once.
    """
    try:
        _tag, name = token.split_contents()
    except ValueError:
        raise template.TemplateSyntaxError("capture takes one variable name") from None
    nodelist = parser.parse(("endcapture",))
    parser.delete_first_token()
    return CaptureNode(nodelist, name)


# Open Graph names a locale with its territory; the site's languages, as written.
OG_LOCALES = {"en": "en_GB", "es": "es_ES"}


@register.simple_tag
def og_locale():
    language = translation.get_language() or settings.LANGUAGE_CODE
    return OG_LOCALES.get(language, language)


@register.simple_tag(takes_context=True)
def og_url(context):
    """The page's canonical address, for Open Graph.

    Error pages render this too, among them the 400 page for a Host the site does not
    serve, where asking for the host raises again: those get the path alone.
    """
    request = context.get("request")
    if request is None:
        return ""
    try:
        return canonical_url(context)
    except DisallowedHost:
        return request.path


@register.inclusion_tag("pages/includes/main_nav.html", takes_context=True)
def main_nav(context):
    return {"links": main_links(context.get("request"))}
