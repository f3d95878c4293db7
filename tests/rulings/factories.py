import datetime

import factory

from rulings.models import Document, Edition, Game


class GameFactory(factory.django.DjangoModelFactory):
    name = factory.Sequence(lambda n: f"Test Game {n}")
    slug = factory.Sequence(lambda n: f"test-game-{n}")
    bgg_id = factory.Sequence(lambda n: 900000 + n)
    publisher = "Test Publisher"
    min_players = 1
    max_players = 4

    class Meta:
        model = Game


class EditionFactory(factory.django.DjangoModelFactory):
    game = factory.SubFactory(GameFactory)
    code = factory.LazyAttribute(lambda o: f"bg-{o.game.bgg_id}-en-1e")
    language = "en"
    label = "First edition"

    class Meta:
        model = Edition


class DocumentFactory(factory.django.DjangoModelFactory):
    edition = factory.SubFactory(EditionFactory)
    kind = Document.Kind.RULEBOOK
    title = factory.LazyAttribute(lambda o: f"{o.edition.game.name} — Rulebook")
    published_on = datetime.date(2025, 3, 1)

    class Meta:
        model = Document
