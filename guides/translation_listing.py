"""What the translators' dashboard lists."""

from django.conf import settings
from django.core.paginator import Paginator
from django.db.models import Prefetch
from modeltranslation.utils import build_localized_fieldname
from wagtail.admin.utils import set_query_params

from core.freshness import STATUS_ORDER, prefetch_marks
from core.translated_fields import reader_fields

from .models import GuideChange, GuidePage, GuideVersion
from .models.games import with_games
from .models.history import guide_status, translation_state

PER_PAGE = 50


def dashboard_order(status, game_title, page):
    return (STATUS_ORDER.index(status), game_title, page.title)


def guide_statuses(language):
    """(status, game title, page) of every published guide in the dashboard's order, read
    lightly (four queries) for the counts."""
    fields = [build_localized_fieldname(name, language) for name in reader_fields(GuidePage)]
    titles = [build_localized_fieldname("title", code) for code, _name in settings.LANGUAGES]
    versions = GuideVersion.objects.only("page", "number", "affects_translations", "revision")
    pages = list(
        GuidePage.objects.live()
        .only("pk", "path", "depth", *titles, *fields)
        .prefetch_related(
            Prefetch("versions", queryset=versions), prefetch_marks(GuidePage, language)
        )
    )
    rows = []
    for page, game in with_games(pages):
        record = next(iter(page.language_records), None)
        status = guide_status(page, language, list(page.versions.all()), record)
        rows.append((status, game.title if game else "", page))
    return sorted(rows, key=lambda row: dashboard_order(*row))


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
