"""Template tags for every page: addresses in each language, description, game feed."""

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
from core.structured_data import plain_text
from guides.models.games import live_page
from rulings.markers import MARKER_RE

from ..navigation import main_links

register = template.Library()

# The read parameters that choose what a page shows (not an anchor, a draft, a file).
ADDRESS_PARAMETERS = READ_PARAMETERS - {"passage", "question", "p"}
DESCRIPTION_LENGTH = 160
OG_LOCALES = {"en": "en_GB", "es": "es_ES"}


def alternate_urls(context, to_home=False):
    """(code, language name, URL) of this page in every language: a page's from its slugs
    and `page_subpath`, another view's by its prefix, each home with `to_home`."""
    request = context.get("request")
    if request is None:
        return []
    page = context.get("live_page") or context.get("page")
    subpath = context.get("page_subpath", "")
    key = (getattr(page, "pk", None), subpath, request.path, to_home)
    known = request.__dict__.setdefault("_alternate_urls", {})
    if key not in known:
        known[key] = []
        for code, _name in settings.LANGUAGES:
            if to_home:
                with translation.override(code):
                    url = reverse("wagtail_serve", args=("",))
            elif getattr(page, "pk", None):
                with translation.override(code):  # a lazy sub-path is said in each language
                    said = str(subpath)
                url = page_url_in(page, request, code)
                url = url and url + said
            else:
                url = translate_url(request.path, code)
            if url:
                name = translation.get_language_info(code)["name_local"]
                known[key].append((code, name, url))
    return known[key]


def query_of(pairs, names):
    """`?name=value…` of the non-empty `pairs` whose name is among `names`, sorted."""
    pairs = sorted((name, value) for name, value in pairs if name in names and value)
    return f"?{urlencode(pairs)}" if pairs else ""


def address_query(request):
    """The query of the page's one address: the values its view accepted."""
    return query_of(accepted(request).items(), ADDRESS_PARAMETERS)


def absolute_alternates(context):
    request = context["request"]
    query = address_query(request)
    return [
        (code, request.build_absolute_uri(url + query))
        for code, _name, url in alternate_urls(context)
    ]


def canonical_url(context):
    """This page's one address in this language."""
    alternates = dict(absolute_alternates(context))
    if translation.get_language() in alternates:
        return alternates[translation.get_language()]
    request = context["request"]
    return request.build_absolute_uri(request.path + address_query(request))


@register.inclusion_tag("pages/includes/language_alternates.html", takes_context=True)
def language_alternates(context):
    """The canonical link and hreflang alternates (the sitemap lists the same)."""
    if context.get("request") is None:
        return {}
    links = absolute_alternates(context)
    default = next((url for code, url in links if code == settings.LANGUAGE_CODE), None)
    return {"canonical": canonical_url(context), "links": links, "default": default}


@register.inclusion_tag("pages/includes/language_switcher.html", takes_context=True)
def language_switcher(context, to_home=False):
    """Each language's address of this page, keeping the parameters the page reads only."""
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
    """The feed of the page's `game`, remembered until the game's pages change."""
    game = context.get("game")
    if game is None:
        return {}

    def address():
        page = live_page(game)
        return (page.subpage_url("feed", context.get("request")) if page else None) or ""

    key = f"game-feed-address:{game.pk}:{translation.get_language()}"
    return {"game": game, "url": remembered(key, address, [game_tag(game.pk)])}


def text_of(markup):
    """Markup's plain text as one line; strip_tags refuses some malformed input (a 400)."""
    return plain_text(str(markup)[:4000])  # enough to fill a description


@register.simple_tag(takes_context=True)
def page_description(context):
    """The page's search description, introduction or game's overview, else the site's."""
    page = context.get("page")
    for name in ("search_description", "intro", "overview"):
        value = getattr(page, name, None)
        if isinstance(value, str) and (text := text_of(value)):
            return text
    return gettext(
        "Rulesage: how-to-play guides for board games, checked against the publishers' "
        "rulebooks, and rulings that cite the rulebook page."
    )


@register.filter
def meta_text(value):
    """Rendered markup as one line of plain text, cut at a word to fit a meta description."""
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
    """`{% capture name %}…{% endcapture %}`: render once into a variable used twice."""
    try:
        _tag, name = token.split_contents()
    except ValueError:
        raise template.TemplateSyntaxError("capture takes one variable name") from None
    nodelist = parser.parse(("endcapture",))
    parser.delete_first_token()
    return CaptureNode(nodelist, name)


@register.simple_tag
def og_locale():
    language = translation.get_language() or settings.LANGUAGE_CODE
    return OG_LOCALES.get(language, language)


@register.simple_tag(takes_context=True)
def og_url(context):
    """The canonical address; the path alone on the 400 page of a Host not served."""
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
