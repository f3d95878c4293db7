"""Finding an edition by what a reader types, instead of a list of every edition.

A catalogue of thousands of editions cannot be offered as one `<select>` (hundreds of
kilobytes on every page that asks for an edition). Readers type part of a game's name or
an edition's code into a plain text field instead: with JavaScript, `site.js` fills the
field's `<datalist>` from `edition_suggestions` as they type; without it, the page that
receives the text offers the editions it matches as links. A suggestion reads
"Game · label (code)", and the code in brackets is what identifies it.
"""

import re

from django.db.models import Q
from django.http import JsonResponse
from django.views.decorators.http import require_GET

from .models import Edition

# Editions offered for one typed text: enough to find one's own among a game's few.
SUGGESTION_LIMIT = 20
# The shortest text worth looking up (one letter matches most of the catalogue).
SHORTEST_TEXT = 2
# The code closing a suggestion: "Point City · First edition (bg-368017-en-1e)".
BRACKETED_CODE = re.compile(r"\(([^()\s]+)\)\s*$")


def edition_label(edition):
    """How an edition reads in a suggestion, and in the field once chosen."""
    return f"{edition.game.name} · {edition.label} ({edition.code})"


def typed(text):
    """What a reader typed, as looked up: stripped, and nothing when it holds a NUL.

    No edition's code, label or game name holds one (PostgreSQL text cannot), and the
    database refuses a query that carries one. The ask form refuses such text as its
    field's error, and still asks here for the editions the text matches.
    """
    text = (text or "").strip()
    return "" if "\x00" in text else text


def chosen_edition(text):
    """The edition `text` names: its code, or a suggestion ending in its code; else None."""
    text = typed(text)
    if not text:
        return None
    match = BRACKETED_CODE.search(text)
    code = match.group(1) if match else text
    return Edition.objects.select_related("game").filter(code=code).first()


def editions_matching(text, limit=SUGGESTION_LIMIT):
    """Up to `limit` editions whose game's name (in either language), label or code
    contains `text`, by game name and code."""
    text = typed(text)
    if len(text) < SHORTEST_TEXT:
        return []
    found = Q(code__istartswith=text) | Q(label__icontains=text)
    for field in ("name_en", "name_es"):
        found |= Q(**{f"game__{field}__icontains": text})
    return list(
        Edition.objects.select_related("game").filter(found).order_by("game__name", "code")[:limit]
    )


@require_GET
def edition_suggestions(request):
    """{"editions": [{"code", "label"}]} for the text in `q`: what the typeahead offers."""
    editions = editions_matching(request.GET.get("q", ""))
    return JsonResponse(
        {"editions": [{"code": e.code, "label": edition_label(e)} for e in editions]}
    )
