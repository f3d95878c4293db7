"""Answered-before recall ranks the ruling a paraphrased question asks about first."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from catalogue.models import Edition
from rulings import recall
from rulings.models import Ruling
from rulings.recall import DEFAULT_METHOD, RANKERS, answered_before, rank_in_python
from tests.conftest import kept_for_the_module
from tests.rulings.fixtures import import_export
from tests.rulings.paraphrases import KNOWN_MISSES, PARAPHRASES, RULINGS, UNANSWERED

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def paraphrase_rulings_built(django_db_setup, django_db_blocker):
    """The fixture rulings, in the edition of an imported ruling (which stays among them),
    made once for the module (`kept_for_the_module`): the edition's and rulings' keys."""
    with kept_for_the_module(django_db_blocker):
        edition = import_export().edition
        made = {}
        for key, question in RULINGS.items():
            made[key] = Ruling.objects.create(
                edition=edition, question=question, answer="See the rulebook.", origin="editor"
            ).pk
        yield edition.pk, made


@pytest.fixture
def paraphrase_rulings(paraphrase_rulings_built):
    """The edition and the rulings by key, read afresh for each test."""
    edition_pk, ruling_pks = paraphrase_rulings_built
    rulings = Ruling.objects.in_bulk(ruling_pks.values())
    return Edition.objects.get(pk=edition_pk), {key: rulings[pk] for key, pk in ruling_pks.items()}


@pytest.mark.parametrize(
    ("paraphrase", "key"),
    [
        pytest.param(*pair, marks=pytest.mark.xfail(strict=True, reason="measured miss"))
        if pair[0] in KNOWN_MISSES
        else pair
        for pair in PARAPHRASES
    ],
)
def test_the_ruling_a_paraphrase_asks_about_ranks_first(paraphrase_rulings, paraphrase, key):
    edition, made = paraphrase_rulings
    found = answered_before(edition, paraphrase)
    assert found, f"nothing recalled for {paraphrase!r}"
    assert found[0] == made[key]


def test_results_are_best_first_and_scored(paraphrase_rulings):
    edition, made = paraphrase_rulings
    found = answered_before(edition, "can one permanent resource pay for two buildings", limit=3)
    scores = [ruling.score for ruling in found]
    assert scores == sorted(scores, reverse=True)
    assert found[0] == made["permanent-twice"]
    assert len(found) <= 3


@pytest.mark.parametrize("question", UNANSWERED)
def test_an_unanswered_question_recalls_nothing(paraphrase_rulings, question):
    edition, _made = paraphrase_rulings
    assert answered_before(edition, question) == []


def test_withdrawn_rulings_are_never_recalled(paraphrase_rulings):
    edition, made = paraphrase_rulings
    assert answered_before(edition, "What breaks a tie?")[0] == made["tie"]
    made["tie"].status = Ruling.Status.WITHDRAWN
    made["tie"].save()
    assert made["tie"] not in answered_before(edition, "What breaks a tie?", threshold=0)


def test_only_the_editions_own_rulings_are_recalled(paraphrase_rulings):
    edition, made = paraphrase_rulings
    other = Edition.objects.create(game=edition.game, code="bg-900001-en-2e", label="Second")
    assert answered_before(other, "What breaks a tie?", threshold=0) == []
    assert answered_before(other.pk, "What breaks a tie?", threshold=0) == []


def test_spanish_readers_are_compared_with_the_english_question_when_untranslated(
    paraphrase_rulings,
):
    edition, made = paraphrase_rulings
    with translation.override("es"):
        assert answered_before(edition, "What breaks a tie?")[0] == made["tie"]
        made["tie"].question_es = "¿Qué rompe un empate?"
        made["tie"].save()
        assert answered_before(edition, "¿qué rompe los empates?")[0] == made["tie"]


def test_junk_questions_recall_nothing_and_never_fail(paraphrase_rulings):
    edition, _made = paraphrase_rulings
    for junk in ["", "   ", "\x00", "%_'\";--", "🎲" * 50, "tie " * 5000]:
        result = answered_before(edition, junk)
        assert all(ruling.edition_id == edition.pk for ruling in result)


def measure(edition, made, method):
    """hit@1 over the paraphrases at threshold 0, the lowest score of a right first hit,
    and the highest score any unanswered question reaches."""
    hits, right_scores = 0, []
    for paraphrase, key in PARAPHRASES:
        found = answered_before(edition, paraphrase, threshold=0, method=method)
        if found and found[0] == made[key]:
            hits += 1
            right_scores.append(found[0].score)
    unanswered = [
        found[0].score
        for question in UNANSWERED
        if (found := answered_before(edition, question, threshold=0, method=method))
    ]
    return hits, min(right_scores, default=0), max(unanswered, default=0)


def test_the_default_ranker_ranks_paraphrases_best(paraphrase_rulings):
    """The measurement behind the default ranker; `pytest -s` prints it."""
    edition, made = paraphrase_rulings
    figures = {method: measure(edition, made, method) for method in RANKERS}
    for method, (hits, lowest_right, highest_unanswered) in figures.items():
        print(
            f"\n{method}: hit@1 {hits}/{len(PARAPHRASES)}, lowest right score "
            f"{lowest_right:.3f}, highest unanswered score {highest_unanswered:.3f}"
        )
    best = max(hits for hits, _lowest, _highest in figures.values())
    assert figures[DEFAULT_METHOD][0] == best
    # Among full-text matches no unanswered question scores at all.
    assert figures[DEFAULT_METHOD][2] == 0


def test_the_sqlite_fallback_ranks_with_the_same_similarity_as_postgresql(paraphrase_rulings):
    """`make run` (SQLite) ranks in Python; its scores are pg_trgm's `similarity()`."""
    edition, made = paraphrase_rulings
    rulings = Ruling.objects.public().filter(edition=edition)
    question = "can a single permanent resource pay for two buildings"
    in_python = rank_in_python(rulings, question, limit=3, threshold=0)
    in_database = answered_before(edition, question, limit=3, threshold=0, method="trigram")
    assert in_python[0] == made["permanent-twice"]
    assert [r.pk for r in in_python] == [r.pk for r in in_database]
    for python_ruling, database_ruling in zip(in_python, in_database, strict=True):
        assert python_ruling.score == pytest.approx(database_ruling.score, abs=0.01)


def test_on_a_large_edition_candidates_are_read_from_the_questions_alone(
    paraphrase_rulings, monkeypatch
):
    """When more rulings' questions share a word with the reader's than are compared letter
    by letter, the candidates come from the questions' own index: the answers holding a
    common word are not read. The ruling asked about still comes first."""
    monkeypatch.setattr(recall, "TRIGRAM_CANDIDATES", 3)
    edition, made = paraphrase_rulings
    with CaptureQueriesContext(connection) as seen:
        found = answered_before(edition, "can a single permanent resource pay for two buildings")
    assert found[0].pk == made["permanent-twice"].pk
    read = [query["sql"] for query in seen.captured_queries if "rulings_ruling" in query["sql"]]
    assert any("ts_filter" in sql for sql in read)
    assert not any('"rulings_ruling"."search_en" @@' in sql for sql in read)
