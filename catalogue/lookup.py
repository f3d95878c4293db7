"""Finding a game or an edition by what a reader types: too many to list in a page, so a
text box offers the few that match (`suggestions`, asked by `site.js` as the reader types)."""

import re

from django.db.models import Case, CharField, IntegerField, Q, Value, When
from django.db.models.functions import Coalesce, NullIf
from django.http import JsonResponse
from django.utils.translation import get_language
from django.views.decorators.http import require_GET

from core.translated_fields import SOURCE_LANGUAGE

from .models import Edition, Game

# Offered at most: a datalist longer than this is a list to read, not a choice to make.
GAMES_OFFERED = 10
# Enough to find one's own edition among a game's few.
EDITIONS_OFFERED = 20
# What is looked up of a game's name is cut here (the longest name is far shorter).
TYPED_LIMIT = 100
# The code closing an edition's suggestion: "Point City · First edition (bg-368017-en-1e)".
BRACKETED_CODE = re.compile(r"\(([^()\s]+)\)\s*$")


def typed(text):
    """What a reader typed, as looked up: spaces collapsed, and nothing when it holds a NUL
    (no name or code holds one, and the database refuses a query that carries one)."""
    text = " ".join((text or "").split())
    return "" if "\x00" in text else text


def _games(text, lookup):
    """Games whose slug is `text` or whose name (the reader's or English) matches it by
    `lookup`, with `shown_name` and `rank` (0: a name begins with it); and the name columns."""
    text = typed(text)[:TYPED_LIMIT]
    language = (get_language() or SOURCE_LANGUAGE)[:2]
    names = list(dict.fromkeys([f"name_{language}", f"name_{SOURCE_LANGUAGE}"]))
    found, starts = Q(slug=text), Q()
    for column in names:
        found |= Q(**{f"{column}__{lookup}": text})
        starts |= Q(**{f"{column}__istartswith": text})
    shown = Coalesce(*(NullIf(c, Value("")) for c in names), Value(""), output_field=CharField())
    rank = Case(When(starts, then=Value(0)), default=Value(1), output_field=IntegerField())
    games = Game.objects.filter(found).annotate(shown_name=shown, rank=rank)
    return (games if text else games.none()), names


def games_matching(text):
    """The few games whose name holds `text`, those it begins first, then by name. One query."""
    games, names = _games(text, "icontains")
    games = games.only("pk", "slug", *names).order_by("rank", "shown_name", "pk")
    return list(games[:GAMES_OFFERED])


def games_holding(text):
    """Every game whose name holds `text`, as a queryset to filter by."""
    return _games(text, "icontains")[0]


def games_called(text):
    """The games called exactly `text` (any case), or whose slug it is."""
    games, _names = _games(text, "iexact")
    return list(games.order_by("shown_name", "pk")[: GAMES_OFFERED + 1])


def edition_label(edition):
    """How an edition reads in a suggestion, and in the field once chosen."""
    return f"{edition.game.name} · {edition.label} ({edition.code})"


def chosen_edition(text):
    """The edition `text` names: its code, or a suggestion ending in its code; else None."""
    text = typed(text)
    if not text:
        return None
    match = BRACKETED_CODE.search(text)
    code = match.group(1) if match else text
    return Edition.objects.select_related("game").filter(code=code).first()


def editions_matching(text):
    """The editions whose game's name (in either language), label or code holds `text`, by
    game name and code; none for a single letter, which matches most of the catalogue. The
    games are found first through their names' trigram indexes: their ids, the code and
    the label are then one index lookup each (joined in one query, every edition was read)."""
    text = typed(text)
    if len(text) < 2:
        return []
    games = Game.objects.filter(Q(name_en__icontains=text) | Q(name_es__icontains=text))
    of_games = Q(game_id__in=list(games.order_by().values_list("pk", flat=True)))
    found = Edition.objects.filter(of_games | Q(code__istartswith=text) | Q(label__icontains=text))
    return list(found.select_related("game").order_by("game__name", "code")[:EDITIONS_OFFERED])


@require_GET
def suggestions(request):
    """`{"suggestions": [text, …]}`: what a text box offers for `q`, in the reader's
    language: games by name, or with `kind=editions` editions by their label."""
    text = request.GET.get("q", "")
    if request.GET.get("kind") == "editions":
        found = [edition_label(edition) for edition in editions_matching(text)]
    else:
        found = [game.shown_name for game in games_matching(text)]
    return JsonResponse({"suggestions": found})
