"""The search form: what a reader may ask the site search, read from the address."""

from django import forms
from django.forms.utils import flatatt
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from core.page_cache import remembered
from core.text_search import site_languages
from core.translated_fields import SOURCE_LANGUAGE
from rulings.models import Edition, Game

from .search import KINDS, Filters, clean_query, query_words


def game_options():
    """One <option> per game (slug, name in the reader's language), by name, written once
    and remembered until the next content change: a catalogue holds thousands of games,
    and the form offers them all."""
    language = (get_language() or SOURCE_LANGUAGE)[:2]

    def write():
        # The reader's language, then English, then any: a game is never offered nameless.
        order = [language, SOURCE_LANGUAGE, *site_languages()]
        names = dict.fromkeys(f"name_{code}" for code in order)  # each column once
        rows = Game.objects.order_by("name").values_list("slug", *names)
        return "".join(
            f'<option value="{escape(slug)}">{escape(next((n for n in found if n), ""))}</option>'
            for slug, *found in rows
        )

    return remembered(f"search-game-options:{language}", write)


class GameSelect(forms.Select):
    """The game filter's <select>, from the remembered `game_options()`.

    Django renders each option of a select through a template and a model instance: with
    2,000 games that was 80-100 ms, most of a search page's time; written out on each
    request it was still 15 ms.
    """

    def render(self, name, value, attrs=None, renderer=None):
        options = game_options()
        if value not in (None, ""):
            option = f'<option value="{escape(value)}">'
            options = options.replace(option, option[:-1] + " selected>", 1)
        attributes = flatatt(self.build_attrs(self.attrs, {**(attrs or {}), "name": name}))
        empty = format_html('<option value="">{}</option>', self.empty_label)
        return format_html("<select{}>{}{}</select>", attributes, empty, mark_safe(options))  # noqa: S308 - escaped in game_options()


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
        widget=GameSelect,
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
        self.fields["game"].widget.empty_label = self.fields["game"].empty_label
        game = self.data.get("game") if data is not None else None
        if game:
            # Only the chosen game's editions are offered (there are thousands in all).
            editions = Edition.objects.filter(game__slug=game).select_related("game")
            self.fields["edition"].queryset = editions

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
