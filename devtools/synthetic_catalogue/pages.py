"""The catalogue's pages: a game page for every game, each with a how-to-play guide in
English and Spanish, added live through Wagtail's tree; what publishing version 1 leaves
behind (revision, version, change-log line, translation mark) is then written in bulk."""

from __future__ import annotations

import datetime
import functools

from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.utils import timezone
from wagtail.models import Locale, Page, Revision
from wagtail.signal_handlers import disable_reference_index_auto_update

from catalogue.models import Document, Game
from core.models import TranslationMark
from guides.models import (
    GamePage,
    GamesIndexPage,
    GuideChange,
    GuidePage,
    GuideSource,
    GuideVersion,
)

from ..demo.files import translated
from .rules import FIRST_BGG_ID

HEADINGS = {
    "en": ["Overview", "Setting up", "A turn", "The end of the game"],
    "es": ["Resumen", "Preparación", "Un turno", "El final de la partida"],
}


def body(words, language: str) -> list[dict]:
    blocks = []
    for heading in HEADINGS[language]:
        blocks.append({"type": "heading", "value": heading})
        for _ in range(2):
            blocks.append({"type": "paragraph", "value": f"<p>{words[language].text(30, 60)}</p>"})
    return blocks


def load_pages(words, log) -> None:
    index = GamesIndexPage.objects.get()
    games = Game.objects.filter(bgg_id__gte=FIRST_BGG_ID).order_by("pk")
    rulebooks = {
        document.edition.game_id: document
        for document in Document.objects.filter(
            edition__game__bgg_id__gte=FIRST_BGG_ID, edition__language="en"
        ).select_related("edition")
    }
    published = timezone.now().replace(microsecond=0) - datetime.timedelta(days=30)
    # The default locale once, rather than looked up by every page's save.
    live = {
        "live": True,
        "first_published_at": published,
        "last_published_at": published,
        "locale": Locale.get_default(),
    }
    guides = []
    with disable_reference_index_auto_update(), transaction.atomic():
        for n, game in enumerate(games.iterator()):
            overview = {code: f"<p>{words[code].text(15, 30)}</p>" for code in ("en", "es")}
            fields = translated(
                title=dict.fromkeys(("en", "es"), game.name),
                slug=dict.fromkeys(("en", "es"), game.slug),
                overview=overview,
            )
            game_page = GamePage(game=game, **fields, **live)
            add_page(index, game_page)
            guide = GuidePage(
                kind=GuidePage.Kind.HOW_TO_PLAY,
                **translated(
                    title={"en": f"How to play {game.name}", "es": f"Cómo jugar a {game.name}"},
                    slug={"en": "how-to-play", "es": "como-jugar"},
                    intro={code: words[code].text(10, 20) for code in ("en", "es")},
                    body={code: body(words, code) for code in ("en", "es")},
                    rules_scope={
                        "en": "The base game, illustrative.",
                        "es": "El juego base, ilustrativo.",
                    },
                ),
                checked_on=published.date(),
                **live,
            )
            guide.sources = [GuideSource(document=rulebooks[game.pk], first_page=1, last_page=8)]
            add_page(game_page, guide)
            guides.append(guide)
            if (n + 1) % 500 == 0:
                log(f"  {n + 1} games' pages")
        record_first_versions(guides, published)


def add_page(parent, page):
    """`parent.add_child(instance=page)` without `full_clean` (modeltranslation's slug check
    reads every sibling; these are unique by construction) and without a history line."""
    page.save = functools.partial(page.save, clean=False, log_action=None)
    parent.add_child(instance=page)
    del page.save
    return page


def record_first_versions(guides, published) -> None:
    content_type = ContentType.objects.get_for_model(GuidePage)
    revisions = Revision.objects.bulk_create(
        Revision(
            content_type=content_type,
            base_content_type=ContentType.objects.get_for_model(Page),
            object_id=str(guide.pk),
            object_str=str(guide),
            content=guide.serializable_data(),
            created_at=published,
        )
        for guide in guides
    )
    versions = GuideVersion.objects.bulk_create(
        GuideVersion(page=guide, number=1, published_at=published, revision=revision)
        for guide, revision in zip(guides, revisions, strict=True)
    )
    GuideChange.objects.bulk_create(
        GuideChange(
            page=version.page,
            version=version,
            kind=GuideChange.Kind.FIRST,
            note="First published (illustrative guide).",
            note_en="First published (illustrative guide).",
            note_es="Primera publicación (guía ilustrativa).",
            published_at=published,
        )
        for version in versions
    )
    TranslationMark.objects.bulk_create(
        TranslationMark(
            content_type=content_type,
            object_id=version.page.pk,
            language="es",
            follows=version.revision,
            marked_at=published,
        )
        for version in versions
    )
