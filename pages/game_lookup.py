"""Finding a game by what a reader types: the search form's game filter and its typeahead.

A catalogue holds thousands of games, so no page offers them all as options: the reader
types a few letters and is offered the few games whose name holds them (a `<datalist>`
the page fills from `game_suggestions` as they type, or that the server wrote for what
was sent). What is sent is the game's name as shown, or its slug in a link; both name it.
"""

from django.db.models import Case, CharField, IntegerField, Q, Value, When
from django.db.models.functions import Coalesce, NullIf
from django.http import JsonResponse
from django.utils.translation import get_language

from catalogue.models import Game
from core.translated_fields import SOURCE_LANGUAGE

# Offered at most: a datalist longer than this is a list to read, not a choice to make.
SUGGESTIONS = 10
# What is looked up is cut here (the longest game name is far shorter).
TYPED_LIMIT = 100


def _language(language=None):
    return (language or get_language() or SOURCE_LANGUAGE)[:2]


def _shown_name(language):
    """The name a reader of `language` sees: theirs, else the English one."""
    columns = dict.fromkeys([f"name_{language}", f"name_{SOURCE_LANGUAGE}"])
    return Coalesce(
        *(NullIf(column, Value("")) for column in columns),
        Value(""),
        output_field=CharField(),
    )


def _names(language):
    """The name columns a reader of `language` may be typing from."""
    return list(dict.fromkeys([f"name_{language}", f"name_{SOURCE_LANGUAGE}"]))


def games_matching(typed, language=None, limit=SUGGESTIONS):
    """Games whose name (in the reader's language or English) holds what was typed: names
    that begin with it first, then by name; each with `shown_name`. One query."""
    typed = " ".join((typed or "")[:TYPED_LIMIT].split())
    if not typed:
        return []
    language = _language(language)
    names = _names(language)
    contains = Q()
    starts = Q()
    for column in names:
        contains |= Q(**{f"{column}__icontains": typed})
        starts |= Q(**{f"{column}__istartswith": typed})
    return list(
        Game.objects.filter(contains | Q(slug=typed))
        .annotate(
            shown_name=_shown_name(language),
            rank=Case(When(starts, then=Value(0)), default=Value(1), output_field=IntegerField()),
        )
        .only("pk", "slug", *names)
        .order_by("rank", "shown_name", "pk")[:limit]
    )


def games_called(typed, language=None):
    """The games called exactly what was typed (any case), or whose slug it is: usually
    one; none when nothing is; several when games share the name."""
    typed = " ".join((typed or "")[:TYPED_LIMIT].split())
    if not typed:
        return []
    language = _language(language)
    exact = Q(slug=typed)
    for column in _names(language):
        exact |= Q(**{f"{column}__iexact": typed})
    return list(
        Game.objects.filter(exact)
        .annotate(shown_name=_shown_name(language))
        .order_by("shown_name", "pk")[: SUGGESTIONS + 1]
    )


def shown_name(game, language=None):
    """The game's name as a reader of `language` sees it."""
    language = _language(language)
    return (
        getattr(game, f"name_{language}", "")
        or getattr(game, f"name_{SOURCE_LANGUAGE}", "")
        or game.name
    )


def game_suggestions(request):
    """JSON for the search form's game typeahead: `{"games": [{"name", "slug"}, …]}`, the
    few games whose name holds `q`, in the reader's language."""
    games = games_matching(request.GET.get("q", ""))
    return JsonResponse({"games": [{"name": g.shown_name, "slug": g.slug} for g in games]})
