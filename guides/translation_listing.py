"""What the translators' dashboard lists of guides, and the rule deciding their statuses
stored for it (`core.freshness`): loaded with the app, as every save may need the rule."""

from django.conf import settings
from django.core.paginator import Paginator
from django.db.models import F, OuterRef, Prefetch, Subquery, Value
from django.db.models.functions import Coalesce, Length, Substr
from modeltranslation.utils import build_localized_fieldname
from wagtail.admin.utils import set_query_params
from wagtail.models import Page

from core.freshness import (
    STATUS_ORDER,
    code_point_order,
    prefetch_marks,
    refresh_on,
    status_rank,
    statuses_decided_by,
)
from core.translated_fields import reader_fields

from .models import GuideChange, GuidePage, GuideVersion
from .models.games import shown_title, with_games
from .models.history import guide_status, translation_state

PER_PAGE = 50


def dashboard_order(status, game_title, page):
    return (STATUS_ORDER.index(status), game_title, page.title)


@statuses_decided_by(GuidePage)
def decided_statuses(pks, language):
    """{page id: status} of the published guides among `pks` (None: all), read lightly:
    their reader fields, versions and marks."""
    fields = [build_localized_fieldname(name, language) for name in reader_fields(GuidePage)]
    versions = GuideVersion.objects.only("page", "number", "affects_translations", "revision")
    pages = GuidePage.objects.live()
    if pks is not None:
        pages = pages.filter(pk__in=pks)
    pages = pages.only("pk", *fields).prefetch_related(
        Prefetch("versions", queryset=versions), prefetch_marks(GuidePage, language)
    )
    return {
        page.pk: guide_status(
            page, language, list(page.versions.all()), next(iter(page.language_records), None)
        )
        for page in pages
    }


refresh_on(GuideVersion, lambda version: (GuidePage, [version.page_id]))


def guide_statuses(language):
    """(status, game title, page) of every published guide in the dashboard's order, each
    decided afresh: what the stored statuses must always agree with."""
    statuses = decided_statuses(None, language)
    titles = [build_localized_fieldname("title", code) for code, _name in settings.LANGUAGES]
    pages = GuidePage.objects.live().only("pk", "path", "depth", *titles)
    rows = [
        (statuses[page.pk], game.title if game else "", page) for page, game in with_games(pages)
    ]
    return sorted(rows, key=lambda row: dashboard_order(*row))


def listed_guides(language, status=""):
    """The guides the dashboard lists in `language` (of `status`, if given) in its order
    (status, game title, title, then the tree's), each with its stored `translation_status`:
    counted and paged by the database."""
    pages = GuidePage.objects.filter(translation_statuses__language=language)
    if status:
        pages = pages.filter(translation_statuses__status=status)
    parent = Substr(OuterRef("path"), 1, Length(OuterRef("path")) - GuidePage.steplen)
    # Titles as the active language shows them, compared as Python compares text. A guide's
    # parent is its game page (`parent_page_types`): read as a page, one index entry each.
    shown = code_point_order(shown_title())
    game_title = Page.objects.filter(path=parent).annotate(shown=shown)
    pages = pages.annotate(
        translation_status=F("translation_statuses__status"),
        game_title=Coalesce(Subquery(game_title.values("shown")[:1]), Value("")),
    )
    return pages.order_by(status_rank("translation_status"), "game_title", shown, "path")


def guide_states(language, pks=None):
    """(state, game title) of the published guides in `pks` (or all), in order."""
    pages = GuidePage.objects.live()
    if pks is not None:
        pages = pages.filter(pk__in=pks)
    pages = list(
        pages.prefetch_related(
            Prefetch("versions", queryset=GuideVersion.objects.select_related("revision")),
            Prefetch("changes", queryset=GuideChange.objects.filter(language="")),
            "corrections",
            prefetch_marks(GuidePage, language),
        )
    )
    rows = []
    for page, game in with_games(pages):
        record = next(iter(page.language_records), None)
        versions = list(page.versions.all())
        state = translation_state(
            page, language, versions, record, page.changes.all(), page.corrections.all()
        )
        page.game_id = game.game_id if game else None
        rows.append((state, game.title if game else ""))
    return sorted(rows, key=lambda row: dashboard_order(row[0].status, row[1], row[0].page))


def paged(request, items, param):
    """The page of `items` that `?<param>=` names, with the addresses of those around it."""
    page = Paginator(items, PER_PAGE).get_page(request.GET.get(param))
    here = request.get_full_path()
    return {
        "page": page,
        "previous_url": set_query_params(here, {param: page.number - 1})
        if page.has_previous()
        else "",
        "next_url": set_query_params(here, {param: page.number + 1}) if page.has_next() else "",
    }
