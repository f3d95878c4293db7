"""The search form: what a reader may ask the site search, read from the address."""

from django import forms
from django.utils.translation import gettext_lazy as _

from catalogue.lookup import TYPED_LIMIT, games_called, games_matching
from catalogue.models import Edition

from .search import KINDS, Filters, clean_query, query_words


class GameField(forms.CharField):
    """A game's name as the reader typed or chose it, or its slug: a text box with
    suggestions, as a catalogue holds thousands. A name several games share, or one that
    names none, is an error that offers the games it could mean."""

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
    """Everything optional: an empty form is the search page's starting state. The query
    is never refused for its length or characters; only its words are searched."""

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

    @property
    def words(self):
        return query_words(self.data.get("q", "")) if self.is_bound else []

    @property
    def filters(self):
        return Filters(game=self.cleaned("game"), edition=self.cleaned("edition"))

    @property
    def chosen_kind(self):
        return self.cleaned("kind") or None
