"""Site-wide views that are not Wagtail pages, and the search form."""

from django import forms
from django.http import HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from catalogue.lookup import TYPED_LIMIT, games_called, games_matching
from catalogue.models import Edition
from core.middleware import cleans_control_characters
from core.page_cache import accept
from core.pagination import page_of

from .corrections import CorrectionsLog
from .search import (
    KINDS,
    Filters,
    clean_query,
    did_you_mean,
    games_named,
    grouped_results,
    query_words,
)

CORRECTIONS_PER_PAGE = 50


class GameField(forms.CharField):
    """A game's name or slug, typed with suggestions (a catalogue holds thousands); a name
    naming no game or several is an error offering the games it could mean."""

    default_error_messages = {
        "unknown": _("No game is called “%(typed)s”. Choose one of the suggestions."),
        "ambiguous": _("Several games are called “%(typed)s”. Choose one of the suggestions."),
    }

    def to_python(self, value):
        typed = super().to_python(value)
        if not typed:
            return None
        # The form reads the game before validating (its editions are the choices).
        if getattr(self, "_typed", None) != typed:
            self._typed, self._found = typed, self.find(typed)
        if isinstance(self._found, forms.ValidationError):
            raise self._found
        return self._found

    def find(self, typed):
        """The game `typed` names, or the ValidationError saying why there is none."""
        named = games_called(typed)
        found = named or games_matching(typed)
        if len(found) == 1:
            return found[0]
        code = "ambiguous" if named else "unknown"
        return forms.ValidationError(
            self.error_messages[code], code=code, params={"typed": typed[:TYPED_LIMIT]}
        )


class SearchForm(forms.Form):
    """Everything optional; the query is never refused, only its words are searched."""

    q = forms.CharField(label=_("Search"), required=False, strip=True)
    game = GameField(label=_("Game"), required=False, max_length=None)
    edition = forms.ModelChoiceField(
        label=_("Edition"),
        queryset=Edition.objects.none(),
        to_field_name="code",
        required=False,
        empty_label=_("All editions"),
    )
    kind = forms.ChoiceField(
        label=_("Show"),
        choices=[("", _("Everything")), *((kind.key, kind.label) for kind in KINDS)],
        required=False,
    )

    def __init__(self, data=None):
        if data is not None:
            data = data.copy()
            # A pasted page or a NUL is cut, not refused: the reader sees what was searched.
            data["q"] = clean_query(data.get("q"))
        super().__init__(data)
        if data is None:
            return
        try:
            game = self.fields["game"].clean(self.data.get("game"))
        except forms.ValidationError:
            return
        if game is not None:
            # Only the chosen game's editions are offered (there are thousands in all).
            editions = Edition.objects.filter(game=game).select_related("game")
            self.fields["edition"].queryset = editions

    @property
    def game_text(self):
        """What the game box shows: the chosen game's name, else what was typed."""
        if (game := self.cleaned("game")) is not None:
            return game.shown_name
        return (self.data.get("game") or "")[:TYPED_LIMIT]

    @property
    def game_suggestions(self):
        """The games the box offers before any typing: those like what was sent."""
        if not self.is_bound or self.cleaned("game") is not None:
            return []
        return games_matching(self.data.get("game", ""))

    def cleaned(self, name):
        """A field's value when valid; an invalid filter is dropped, its error shown."""
        if not self.is_bound:
            return None
        self.is_valid()
        return self.cleaned_data.get(name) if name not in self.errors else None


def corrections_log(request):
    listing = page_of(CorrectionsLog(), request, CORRECTIONS_PER_PAGE)
    listing["entries"] = listing["page_obj"].object_list
    return render(request, "pages/corrections_log.html", listing)


@cleans_control_characters("q")
def search(request):
    """Results by kind, or one kind's pages; with none, a spelling and the games named."""
    form = SearchForm(request.GET if request.GET else None)
    words = query_words(form.data.get("q"))
    filters = Filters(game=form.cleaned("game"), edition=form.cleaned("edition"))
    kind = form.cleaned("kind") or None
    if form.is_bound:
        used = {
            "q": form.data["q"],
            "game": filters.game and form.data["game"],
            "edition": filters.edition and filters.edition.code,
            "kind": kind,
        }
        for name, value in used.items():
            if value:
                accept(request, name, value)
    context = {"form": form, "words": words, "kind": kind, "filters": filters}
    if words:
        groups = grouped_results(words, filters, request, kind)
        context["groups"] = groups
        if not any(group["count"] for group in groups):
            context["suggestion"] = suggestion = did_you_mean(words)
            named = words + (suggestion.split() if suggestion else [])
            context["games"] = [filters.game] if filters.game else games_named(named)
    return render(request, "pages/search.html", context)


def robots_txt(request):
    """Crawlers may read every reader page; the sitemap index leads to them all."""
    lines = [
        "User-agent: *",
        f"Disallow: {reverse('wagtailadmin_home')}",
        f"Sitemap: {request.build_absolute_uri(reverse('sitemap'))}",
    ]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")
