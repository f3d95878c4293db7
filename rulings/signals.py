"""Which cached pages a change to the rulings' records (or an errata card) makes stale;
errata re-flag the rulings citing their passage; a ruling published tells its readers."""

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
)
from .reader_mail import question_handled

watch("rulings", not_shown=[ReaderQuestion, ImportJob, ImportJobFile])


@tags_for(Ruling, RulingCorrection)
def of_ruling(record):
    ruling_id = record.pk if isinstance(record, Ruling) else record.ruling_id
    game_id = value(Ruling, ruling_id, "edition__game_id")
    return {cache_tags.ruling(ruling_id), LISTS, game_rulings(game_id) if game_id else SITE}


@tags_for(Citation, RulingMention)
def of_ruling_record(record):
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
    for question in instance.reader_questions.reader_to_be_told():
        question_handled(question)


@receiver(post_save, sender=ErrataCard)
@receiver(post_delete, sender=ErrataCard)
def errata_changed(sender, instance, raw=False, **kwargs):
    if raw:  # a fixture or a restore brings its own flags and dates
        return
    passage_ids = {instance.passage_id}
    if instance.supersedes_id:
        passage_ids.add(instance.supersedes.passage_id)
    passage_ids.discard(None)
    for ruling in Ruling.objects.filter(citations__passage_id__in=passage_ids).distinct():
        was_flagged = ruling.has_flag(SUPERSEDED_PASSAGE)
        ruling.refresh_flags()
        if ruling.has_flag(SUPERSEDED_PASSAGE) and not was_flagged:
            # A reviewed ruling that now cites superseded text must be looked at again.
            Ruling.objects.filter(
                pk=ruling.pk, status__in=Ruling.Status.reopened_by_errata()
            ).update(status=Ruling.Status.NEEDS_REVIEW)
    if kwargs.get("created"):
        instance.edition.errata_checked_on = timezone.localdate()
        instance.edition.save(update_fields=["errata_checked_on"])
