"""Keeps each game's glossary suggestions current: after a guide or a ruling is published, a
task mines the game's aligned English and translated texts for term pairs. It lives here
because it reads guides and rulings alike."""

from django.dispatch import receiver
from django_tasks import task
from wagtail.signals import page_published, published

from catalogue.models.suggestions import keep_suggestions
from catalogue.term_mining import MAX_UNITS, mine
from core.translated_fields import SOURCE_LANGUAGE, target_languages
from rulings.models import Ruling

from .models import GamePage, GuidePage
from .publishing import game_of_page


def guide_pairs(game_id, language):
    """(English, translation) of the title, intro, scope and each block of the game's live
    guides, item by item where a block holds as many texts in both (a guide's steps)."""
    pairs = []
    guides = [
        page
        for game_page in GamePage.objects.filter(game_id=game_id)
        for page in GuidePage.objects.live().descendant_of(game_page)
    ]
    codes = (SOURCE_LANGUAGE, language)
    for page in guides:
        for name in ("title", "intro", "rules_scope"):
            pairs.append(tuple(getattr(page, f"{name}_{code}") for code in codes))
        bodies = (list(getattr(page, f"body_{code}") or []) for code in codes)
        for original, block in aligned_blocks(*bodies):
            left = original.block.get_searchable_content(original.value)
            right = block.block.get_searchable_content(block.value)
            if len(left) == len(right):
                pairs += zip(left, right, strict=True)
            else:
                pairs.append((" ".join(left), " ".join(right)))
    return pairs


def aligned_blocks(english, translated):
    """Each translated block beside its original: the block of the same id, or, where no id
    is shared (a translation written apart, as the demo's), the block at the same place when
    both bodies have the same kinds of block in the same order."""
    by_id = {block.id: block for block in english}
    pairs = [(by_id[block.id], block) for block in translated if block.id in by_id]
    if not pairs and [b.block_type for b in english] == [b.block_type for b in translated]:
        pairs = list(zip(english, translated, strict=True))
    return [(left, right) for left, right in pairs if left.block_type == right.block_type]


def ruling_pairs(game_id, language):
    """The question and the answer of each live ruling of the game written in both languages,
    the latest first (as many as mining reads)."""
    rows = (
        Ruling.objects.filter(live=True, edition__game_id=game_id)
        .exclude(**{f"question_{SOURCE_LANGUAGE}": ""})
        .exclude(**{f"question_{language}": ""})
        .values_list(
            f"question_{SOURCE_LANGUAGE}",
            f"question_{language}",
            f"answer_{SOURCE_LANGUAGE}",
            f"answer_{language}",
        )
        .order_by("-pk")[:MAX_UNITS]
    )
    pairs = []
    for question, translated_question, answer, translated_answer in rows.iterator():
        pairs += [(question, translated_question), (answer or "", translated_answer or "")]
    return pairs


@task()
def refresh_glossary_suggestions(game_id):
    for language in target_languages():
        found = mine(guide_pairs(game_id, language) + ruling_pairs(game_id, language), language)
        keep_suggestions(game_id, language, found)


def enqueue_refresh(game_id):
    """Queued in the publishing transaction: the worker sees it once the text it reads is in."""
    if game_id:
        refresh_glossary_suggestions.enqueue(game_id)


@receiver(page_published, sender=GuidePage)
def refresh_after_guide_publish(sender, instance, **kwargs):
    enqueue_refresh(game_of_page(instance))


@receiver(published, sender=Ruling)
def refresh_after_ruling_publish(sender, instance, **kwargs):
    """Only a ruling written in both languages teaches anything (a Spanish-only import does not)."""
    translated = any(getattr(instance, f"question_{code}", "") for code in target_languages())
    if translated and getattr(instance, f"question_{SOURCE_LANGUAGE}", ""):
        enqueue_refresh(
            Ruling.objects.filter(pk=instance.pk).values_list("edition__game_id", flat=True).first()
        )
