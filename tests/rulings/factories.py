import datetime

import factory

from catalogue.models import Document, Edition, ErrataCard, Game
from rulings.models import RulingCorrection


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


def errata_card(passage, corrected_rule="The rule now reads otherwise.", **fields):
    """An active errata card correcting `passage` (its document and edition follow)."""
    return ErrataCard.objects.create(
        edition=passage.document.edition,
        document=passage.document,
        passage=passage,
        corrected_rule=corrected_rule,
        issued_on=fields.pop("issued_on", datetime.date(2026, 11, 1)),
        **fields,
    )


def record_correction(
    ruling, what_was_wrong="Said you may not pass.", what_it_says_now="You may pass.", **fields
):
    """An editor's dated correction on `ruling`, saved with it as the admin saves it."""
    ruling.corrections.add(
        RulingCorrection(what_was_wrong=what_was_wrong, what_it_says_now=what_it_says_now, **fields)
    )
    ruling.save()
    return ruling


def illustrative_expansion(base, name, slug, code, rulebook_id):
    """An illustrative expansion of `base`: its English edition `code`, and a rulebook the
    catalogue knows by the exporter's id `rulebook_id`."""
    expansion = Game.objects.create(name=name, slug=slug, expansion_of=base)
    edition = Edition.objects.create(game=expansion, code=code, language="en")
    title = "Harbour — Rulebook"
    Document.objects.create(edition=edition, title=title, external_id=str(rulebook_id))
    return expansion
