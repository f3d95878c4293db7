"""Template tags for every page: language alternates and the language switcher."""

from django import template
from django.conf import settings
from django.urls import reverse, translate_url
from django.utils import translation

register = template.Library()


def _page_url_in(page, request, language, subpath):
    with translation.override(language):
        url = page.get_url(request=request)
    return url + subpath if url else None


def _home_url_in(language):
    with translation.override(language):
        return reverse("wagtail_serve", args=("",))


def alternate_urls(context, to_home=False):
    """(language code, language name, URL) for this page in every site language.

    Wagtail pages have a slug per language, so their URL is rebuilt under each language;
    a routable sub-page (`page_subpath`, e.g. `v/1/`) keeps its path after the page's.
    An old version of a guide renders a revision of the page, whose slugs may be out of
    date: it names the live page as `live_page`. Other views keep their path and only
    change the prefix; `to_home` (error pages) points at each language's home page.
    """
    request = context.get("request")
    if request is None:
        return []
    page = context.get("live_page") or context.get("page")
    subpath = context.get("page_subpath", "")
    result = []
    for code, _name in settings.LANGUAGES:
        if to_home:
            url = _home_url_in(code)
        elif getattr(page, "pk", None):
            url = _page_url_in(page, request, code, subpath)
        else:
            url = translate_url(request.path, code)
        if url:
            result.append((code, translation.get_language_info(code)["name_local"], url))
    return result


@register.inclusion_tag("includes/language_alternates.html", takes_context=True)
def language_alternates(context):
    request = context.get("request")
    links = [
        (code, request.build_absolute_uri(url)) for code, _name, url in alternate_urls(context)
    ]
    default = next((url for code, url in links if code == settings.LANGUAGE_CODE), None)
    return {"links": links, "default": default}


@register.inclusion_tag("includes/language_switcher.html", takes_context=True)
def language_switcher(context, to_home=False):
    current = translation.get_language()
    return {
        "languages": [
            {"code": code, "name": name, "url": url, "current": code == current}
            for code, name, url in alternate_urls(context, to_home=to_home)
        ]
    }
