"""Records each guide publish, and says which cached pages a change makes stale."""

from django.dispatch import receiver
from wagtail.signals import page_published

from core.cache_tags import LISTS, SITE, game_guides
from core.page_cache_events import of_records_of_game, tags_for, watch

from .models import GamePage, GuideChange, GuideCorrection, GuidePage, GuideSource, GuideVersion
from .publishing import record_publish
from .related import record_mentions

watch("guides")


def game_of_page(page):
    """The game a page belongs to (a game page's, or a guide's parent's), or None."""
    if hasattr(page, "game_id"):
        return page.game_id
    if page.pk is None or page.depth is None:
        return None
    return GamePage.objects.parent_of(page).values_list("game_id", flat=True).first()


@tags_for(GamePage)
def of_game_page(page):
    return of_records_of_game(game_of_page(page))


@tags_for(GuidePage)
def of_guide_page(page):
    game_id = game_of_page(page)
    return {game_guides(game_id), LISTS} if game_id else {SITE}


@tags_for(GuideVersion, GuideChange, GuideSource, GuideCorrection)
def of_guide_record(record):
    guide = GuidePage.objects.filter(pk=record.page_id).first()
    return of_guide_page(guide) if guide is not None else {SITE}


@receiver(page_published, sender=GuidePage)
def record_guide_publish(sender, instance, revision, **kwargs):
    record_publish(instance, revision)
    record_mentions(instance)
