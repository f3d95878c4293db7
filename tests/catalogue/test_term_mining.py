"""The alignment that mines glossary pairs from aligned English and Spanish texts."""

from catalogue.term_mining import mine, terms, units

PAIRS = [
    ("Draw a Sandstorm card.", "Roba una carta de Tormenta de arena."),
    ("The Sandstorm hits everyone.", "La Tormenta de arena afecta a todos."),
    ("Sandstorm cards go in the deck.", "Las cartas de Tormenta de arena van al mazo."),
    ("A later sandstorm still hits you.", "Una tormenta posterior también te afecta."),
    ("Every player has a tent.", "Cada jugador tiene una tienda."),
    ("Shelter in your tent.", "Refúgiate en tu tienda."),
    ("A used tent gives no shelter.", "Una tienda usada no da refugio."),
    ("Put the card in the marketplace.", "Pon la carta en el mercado."),
    ("Trade at the marketplace.", "Comercia en el mercado."),
]


def found(pairs):
    return {(pair.english.lower(), pair.translation.lower()) for pair in mine(pairs, "es")}


def test_terms_are_runs_of_content_stems_that_do_not_cross_punctuation():
    runs = terms("Tormenta de arena, tienda", "es", 3)
    assert runs[("torment", "aren")] == "Tormenta de arena"
    assert ("aren", "tiend") not in runs  # the comma ends a term
    assert ("3",) not in terms("3 cartas", "es", 3)  # numbers are no terms


def test_units_pair_sentences_when_both_sides_have_as_many():
    assert units([("One. Two.", "Uno. Dos.")]) == [("One.", "Uno."), ("Two.", "Dos.")]
    assert units([("One. Two.", "Uno y dos.")]) == [("One. Two.", "Uno y dos.")]
    assert units([("<p>Tent</p>", "")]) == []
    assert units([("word " * 81, "palabra " * 81)]) == []  # too long to tell


def test_the_whole_rendering_wins_over_its_shortened_form():
    pairs = found(PAIRS)
    assert ("sandstorm", "tormenta de arena") in pairs
    assert ("sandstorm", "tormenta") not in pairs
    assert ("tent", "tienda") in pairs
    assert ("marketplace", "mercado") in pairs


def test_each_term_and_rendering_is_linked_once_and_the_evidence_kept():
    mined = mine(PAIRS, "es")
    assert len({pair.english.lower() for pair in mined}) == len(mined)
    assert len({pair.translation.lower() for pair in mined}) == len(mined)
    tent = next(pair for pair in mined if pair.english.lower() == "tent")
    assert ["Shelter in your tent.", "Refúgiate en tu tienda."] in tent.sources
    assert 0 < tent.score <= 1


def test_a_pair_met_once_or_written_alike_is_not_suggested():
    assert found(PAIRS[:1]) == set()
    # The English name quoted in the translation is no rendering of it.
    quoted = [("Point City rules.", "Reglas de Point City."), ("Point City.", "Point City.")]
    assert not any(english == "point city" for english, _t in found(quoted))
