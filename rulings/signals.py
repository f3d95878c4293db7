"""Errata change what a ruling can be trusted for: re-flag the rulings that cite the passage.
A ruling published tells the readers whose questions it answers.

Which cached pages a change to these records makes stale (core.page_cache_events):

- a ruling: its own page and its game's lists of rulings; its citations, corrections,
  translation records and the guide sections that name it: its own page;
- an errata card: the rulings citing its passage (their warnings), its game's guides
  (their re-check state) and where its game's errata are listed (the catalogue's other
  records: catalogue/signals.py);
- a reader's question, an admin import's job and its uploaded files: nothing (what the
  import writes says itself what it touched).
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver
from django.utils import timezone
from wagtail.signals import published

from catalogue.models import Edition, ErrataCard
from core import cache_tags
from core.cache_tags import LISTS, SITE, game_errata, game_guides, game_rulings
from core.page_cache_events import of_records_of_game, tags_for, value, watch

from .flags import SUPERSEDED_PASSAGE
from .models import (
    Citation,
    ImportJob,
    ImportJobFile,
    ReaderQuestion,
    Ruling,
    RulingCorrection,
    RulingMention,
    RulingTranslation,
)
from .reader_mail import ruling_published

watch("rulings", not_shown=[ReaderQuestion, ImportJob, ImportJobFile])


def game_of_ruling(ruling_id):
    return value(Ruling, ruling_id, "edition__game_id")


@tags_for(Ruling)
def of_ruling(record):
    game_id = game_of_ruling(record.pk)
    return {cache_tags.ruling(record.pk), LISTS} | ({game_rulings(game_id)} if game_id else {SITE})


@tags_for(RulingCorrection)
def of_ruling_correction(correction):
    """Its ruling's page, the corrections log, and the game's feed."""
    game_id = game_of_ruling(correction.ruling_id)
    return {
        cache_tags.ruling(correction.ruling_id),
        LISTS,
        game_rulings(game_id) if game_id else SITE,
    }


@tags_for(Citation, RulingTranslation, RulingMention)
def of_ruling_record(record):
    """Shown on the ruling's page only (and site-wide, in the corrections log): the lists
    of rulings show the ruling's own fields, which its own save changes."""
    return {cache_tags.ruling(record.ruling_id), LISTS}


@tags_for(ErrataCard)
def of_errata_card(card):
    """A card on no passage: every page of its game."""
    game_id = value(Edition, card.edition_id, "game_id")
    if game_id is None or card.passage_id is None:
        return of_records_of_game(game_id)
    citing = Citation.objects.filter(passage_id=card.passage_id).values_list("ruling_id", flat=True)
    return {
        *(cache_tags.ruling(pk) for pk in set(citing)),
        game_rulings(game_id),  # their review status, in the lists
        game_guides(game_id),
        game_errata(game_id),
        LISTS,
    }


@receiver(published, sender=Ruling)
def tell_readers_once_published(sender, instance, **kwargs):
    ruling_published(instance)


@receiver(post_save, sender=ErrataCard)
@receiver(post_delete, sender=ErrataCard)
def errata_changed(sender, instance, **kwargs):
    passage_ids = {instance.passage_id}
    if instance.supersedes_id:
        passage_ids.add(instance.supersedes.passage_id)
    passage_ids.discard(None)
    rulings = Ruling.objects.filter(citations__passage_id__in=passage_ids).distinct()
    for ruling in rulings:
        was_flagged = ruling.has_flag(SUPERSEDED_PASSAGE)
        ruling.refresh_flags()
        if ruling.has_flag(SUPERSEDED_PASSAGE) and not was_flagged:
            # A reviewed ruling that now cites superseded text must be looked at again.
            Ruling.objects.filter(
                pk=ruling.pk, status__in=Ruling.Status.reopened_by_errata()
            ).update(status=Ruling.Status.NEEDS_REVIEW)
    edition = instance.edition
    if kwargs.get("created"):
        edition.errata_checked_on = timezone.localdate()
        edition.save(update_fields=["errata_checked_on"])
