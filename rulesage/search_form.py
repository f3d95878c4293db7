"""The search form: what a reader may ask the site search, read from the address."""

from django import forms
from django.utils.translation import gettext_lazy as _

from rulings.models import Edition, Game

from .search import KINDS, Filters, clean_query, query_words


class SearchForm(forms.Form):
    """Everything optional: an empty form is the search page's starting state. The query
    is never refused for its length or characters; only its words are searched."""

    q = forms.CharField(label=_("Search"), required=False, strip=True)
    game = forms.ModelChoiceField(
        label=_("Game"),
        queryset=Game.objects.order_by("name"),
        to_field_name="slug",
        required=False,
        empty_label=_("All games"),
    )
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
        data = data.copy() if data is not None else None
        if data is not None:
            # A pasted page or a NUL is cut, not refused: the reader sees what was searched.
            data["q"] = clean_query(data.get("q"))
        super().__init__(data)
        game = self.data.get("game") if data is not None else None
        if game:
            # Only the chosen game's editions are offered (there are thousands in all).
            self.fields["edition"].queryset = Edition.objects.filter(game__slug=game)

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
