import datetime

import factory
import wagtail_factories
from django.utils import translation

from catalogue.models import SetupFigure
from guides.models import GamePage, GamesIndexPage, GuideCorrection, GuidePage, GuideSource
from tests.rulings.factories import DocumentFactory, GameFactory


class GamesIndexPageFactory(wagtail_factories.PageFactory):
    title = "Games"
    slug = "games"

    class Meta:
        model = GamesIndexPage


class GamePageFactory(wagtail_factories.PageFactory):
    title = factory.LazyAttribute(lambda o: o.game.name)
    slug = factory.LazyAttribute(lambda o: o.game.slug)
    game = factory.SubFactory(GameFactory)
    overview = "<p>An overview.</p>"

    class Meta:
        model = GamePage


def sections(count):
    """A guide body of `count` sections cycling through every block type."""
    kinds = [
        ("heading", "Setting up"),
        ("paragraph", "<p>Shuffle each tier separately.</p>"),
        ("steps", {"title": "", "steps": ["<p>Deal sixteen cards.</p>", "<p>Begin.</p>"]}),
        ("example", {"title": "", "text": "<p>One permanent energy pays for one building.</p>"}),
        ("note", {"text": "<p>Ask players to name their token.</p>"}),
        (
            "setup_table",
            {
                "caption": "Cards used",
                "columns": ["Tier 1", "Tier 2"],
                "rows": [{"players": "2", "values": ["40", "24"]}],
            },
        ),
    ]
    return [kinds[i % len(kinds)] for i in range(count)]


class GuidePageFactory(wagtail_factories.PageFactory):
    title = "How to play"
    slug = "how-to-play"
    intro = "A short guide."
    checked_on = datetime.date(2026, 10, 6)
    rules_scope = "Standard multiplayer; not the solo opponent."
    body = factory.LazyFunction(lambda: sections(3))

    class Meta:
        model = GuidePage


def give_setup_figures(game, tiers=(65, 50, 45), setups=None):
    """Store Point City's setup figures on `game`, as an editor would in the Game snippet."""
    setups = setups or [
        ((1, 2), [40, 24, 18], 10),
        ((3, 3), [52, 36, 28], 12),
        ((4, 4), [64, 48, 38], 14),
    ]
    game.setup_figures.all().delete()
    figures = []
    for (low, high), used, tokens in setups:
        named = [
            ("deck", f"Tier {n}", f"Nivel {n}", quantity, total)
            for n, (quantity, total) in enumerate(zip(used, tiers, strict=True), start=1)
        ]
        named += [
            ("supply", "Civic tokens", "Fichas de edificio comunitario", tokens, None),
            ("game_end", "Turns per player", "Turnos por jugador", 17, None),
            (
                "game_end",
                "Market cards left at the end",
                "Cartas que quedan en el mercado al final",
                14,
                None,
            ),
        ]
        for group, en, es, quantity, in_box in named:
            figure = SetupFigure(
                game=game,
                sort_order=len(figures),
                min_players=low,
                max_players=high,
                group=group,
                component_en=en,
                component_es=es,
                quantity=quantity,
                in_box=in_box,
            )
            figure.full_clean()
            figures.append(figure)
    SetupFigure.objects.bulk_create(figures)
    return game


def add_source(guide, document=None, pages=(4, 11)):
    if document is None:
        edition = guide.get_parent().specific.game.editions.first()
        document = DocumentFactory(edition=edition) if edition else DocumentFactory()
    first, last = pages or (None, None)
    source = GuideSource(page=guide, document=document, first_page=first, last_page=last)
    guide.sources.add(source)
    return source


def publish(page, **changes):
    """Apply field changes and publish them as a new revision, as an editor would."""
    for field, value in changes.items():
        setattr(page, field, value)
    revision = page.save_revision()
    revision.publish()
    return type(page).objects.get(pk=page.pk)


def publish_version(page, summary, **changes):
    """Publish `changes` as a new version with `summary` as its change-log note."""
    return publish(page, change_kind="substantive", change_summary_en=summary, **changes)


def url_in(page, language):
    """The page's URL for readers of `language` (Spanish slugs are separate fields)."""
    with translation.override(language):
        return page.url


class GuideCorrectionFactory(factory.Factory):
    """A correction by the editorial team, not yet on a page (`page.corrections = [...]`)."""

    corrected_on = datetime.date(2026, 10, 20)
    what_was_wrong = "Said the market is emptied."
    what_it_says_now = "Fourteen cards remain."
    corrected_by = "Rulesage editors"

    class Meta:
        model = GuideCorrection
