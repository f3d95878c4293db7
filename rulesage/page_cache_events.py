"""Which cached pages a change makes stale: the rules, one per kind of record.

A change moves on the tags (core.cache_tags) of the pages that can show what it touched:

- a ruling: its own page and its game's lists of rulings; its citations, corrections,
  translation records and the guide sections that name it: its own page;
- an errata card: the rulings citing its passage (their warnings), its game's guides
  (their re-check state) and where its game's errata are listed;
- a game, edition, rulebook, passage, glossary term or setup figure: every page of that
  game (names, citations' wording);
- a guide published, unpublished or saved, and its records (versions, changes, sources,
  corrections, translations): its game's guide pages and game page;
- a game page: every page of its game;
- any other page, a page moved or given a new slug (addresses change), a site, a view
  restriction, and any record no rule here names: everything (a new kind of record
  re-renders the site rather than nothing).

Every change moves `lists` too (home page, lists, feeds, search, sitemaps). A change
that moves a record from one game to another (an edition given to another game) makes
both games' pages stale: the record as stored before the save counts too.

What no cached page shows moves nothing: a reader's question (its confirmation page is
the sender's own and never cached; the ruling that answers it is a change when saved).
Writes that send no signal (`QuerySet.update`, bulk writes) say themselves what they
touched: the ruling importer bumps the tags of what each committed file wrote.

Every rule here ends in `core.cache_tags.bump`, the one call that moves the tags and,
behind a CDN, queues their purge once the change is committed (`core.cdn_purge`).
"""

from django.apps import apps
from django.db.models.signals import post_delete, post_save, pre_save
from wagtail.models import Page
from wagtail.signals import page_published, page_slug_changed, page_unpublished, post_page_move

from core.cache_tags import (
    LISTS,
    SITE,
    bump,
    game_errata,
    game_guides,
    game_rulings,
    of_game,
    ruling,
)

# The apps whose records readers see, directly or through a page.
CONTENT_APPS = ("core", "catalogue", "rulings", "guides", "rulesage", "wagtailcore")
# Of Wagtail's own records, those a reader sees (revisions, logs, locks and workflow
# tasks show nothing until a page is published).
WAGTAIL_SHOWN = {"page", "site", "pageviewrestriction"}
# Records no cached page shows: a reader's question, and an admin import's job and its
# uploaded files (what the import writes says itself what it touched).
NOT_SHOWN = {"rulings.readerquestion", "rulings.importjob", "rulings.importjobfile"}


def _value(model_label, pk, field):
    if pk is None:
        return None
    model = apps.get_model(model_label)
    return model._default_manager.filter(pk=pk).values_list(field, flat=True).first()


def game_of_edition(edition_id):
    return _value("catalogue.Edition", edition_id, "game_id")


def game_of_ruling(ruling_id):
    return _value("rulings.Ruling", ruling_id, "edition__game_id")


def game_of_page(page):
    """The game a page belongs to (a game page's, or a guide's parent's), or None."""
    if hasattr(page, "game_id"):
        return page.game_id
    GamePage = apps.get_model("guides.GamePage")
    if page.pk is None or page.depth is None:
        return None
    return GamePage.objects.parent_of(page).values_list("game_id", flat=True).first()


def of_ruling(ruling_id):
    game_id = game_of_ruling(ruling_id)
    return {ruling(ruling_id), LISTS} | ({game_rulings(game_id)} if game_id else {SITE})


def of_records_of_game(game_id):
    return {*of_game(game_id), LISTS} if game_id else {SITE}


def of_errata_card(card):
    """The rulings citing the card's passage (their warnings), the game's guides (their
    re-check state) and where its errata are listed; a card on no passage: the game."""
    game_id = game_of_edition(card.edition_id)
    if game_id is None or card.passage_id is None:
        return of_records_of_game(game_id)
    Citation = apps.get_model("rulings.Citation")
    citing = Citation.objects.filter(passage_id=card.passage_id).values_list("ruling_id")
    return {
        *(ruling(pk) for pk in set(pk for (pk,) in citing)),
        game_rulings(game_id),  # their review status, in the lists
        game_guides(game_id),
        game_errata(game_id),
        LISTS,
    }


def of_page(page):
    """A guide: its game's guide pages; a game page: its game; any other page: all."""
    if type(page) is Page and page.pk is not None:
        page = page.specific_deferred
    if page.alias_of_id is not None:
        return {SITE}  # every page asks whether an alias takes a restriction (core.pages)
    label = page._meta.label_lower
    game_id = game_of_page(page) if label in ("guides.guidepage", "guides.gamepage") else None
    if game_id is None:
        return {SITE}
    if label == "guides.gamepage":
        return {*of_game(game_id), LISTS}
    return {game_guides(game_id), LISTS}


# Fields whose saving alone shows on fewer pages than the record's rule says:
# {label: {field: tags(game id)}}. An edition's errata check date shows where its errata
# are listed (the registry's sitemap date).
NARROW_FIELDS = {"catalogue.edition": {"errata_checked_on": lambda game_id: {game_errata(game_id)}}}


# Saved alone, these show on no reader page: Wagtail pointing a record at its newest
# revision, a draft readers do not see yet (an editor's publish or an import's save says
# what changed).
BOOKKEEPING_FIELDS = {"latest_revision", "has_unpublished_changes"}


def tags_of(instance, update_fields=None):
    """The tags a change to `instance` makes stale (of the fields saved, when named)."""
    if update_fields and set(update_fields) <= BOOKKEEPING_FIELDS:
        return set()
    label = instance._meta.label_lower
    narrow = NARROW_FIELDS.get(label, {})
    if update_fields and narrow and set(update_fields) <= set(narrow):
        game_id = instance.game_id
        return {LISTS, *(tag for field in update_fields for tag in narrow[field](game_id))}
    if isinstance(instance, Page):
        return of_page(instance)
    if label == "rulings.ruling":
        return of_ruling(instance.pk)
    if label == "rulings.rulingcorrection":
        # Its ruling's page, the corrections log, and the game's feed.
        game_id = game_of_ruling(instance.ruling_id)
        return {ruling(instance.ruling_id), LISTS, game_rulings(game_id) if game_id else SITE}
    if label in (
        "rulings.citation",
        "rulings.rulingtranslation",
        "rulings.rulingmention",
    ):
        # Shown on the ruling's page only (and site-wide, in the corrections log): the
        # lists of rulings show the ruling's own fields, which its own save changes.
        return {ruling(instance.ruling_id), LISTS}
    if label == "catalogue.game":
        # An expansion is listed on its base game's pages too.
        base = {*of_game(instance.expansion_of_id)} if instance.expansion_of_id else set()
        return of_records_of_game(instance.pk) | base
    if label in ("catalogue.glossaryterm", "catalogue.setupfigure"):
        return of_records_of_game(instance.game_id)
    if label == "catalogue.edition":
        return of_records_of_game(instance.game_id)
    if label == "catalogue.erratacard":
        return of_errata_card(instance)
    if label == "catalogue.document":
        return of_records_of_game(game_of_edition(instance.edition_id))
    if label == "catalogue.passage":
        game_id = _value("catalogue.Document", instance.document_id, "edition__game_id")
        return of_records_of_game(game_id)
    if label.startswith("guides.guide") and hasattr(instance, "page_id"):
        guide = apps.get_model("guides.GuidePage").objects.filter(pk=instance.page_id).first()
        game_id = game_of_page(guide) if guide is not None else None
        return {game_guides(game_id), LISTS} if game_id else {SITE}
    return {SITE}


def record_changed(sender, instance, raw=False, update_fields=None, **kwargs):
    if raw:
        return  # loading fixtures
    tags = tags_of(instance, update_fields) | getattr(instance, "_tags_before_save", set())
    if tags:
        bump(tags)


def remember_tags_before_save(sender, instance, raw=False, update_fields=None, **kwargs):
    """The tags of the record as stored, before it is saved: moved to another game (or a
    citation to another ruling), the pages it showed on before are stale too."""
    if raw or instance._state.adding or instance.pk is None or isinstance(instance, Page):
        return
    if update_fields and set(update_fields) <= BOOKKEEPING_FIELDS:
        return
    if update_fields and not any(
        field.is_relation and field.name in update_fields for field in instance._meta.fields
    ):
        return  # no relation saved: the record belongs where it did
    stored = type(instance)._default_manager.filter(pk=instance.pk).first()
    instance._tags_before_save = tags_of(stored) if stored is not None else set()


def page_changed(sender, instance, **kwargs):
    bump(of_page(instance))


def page_moved(sender, instance, **kwargs):
    bump({SITE})


def connect():
    page_published.connect(page_changed, dispatch_uid="page_cache_published")
    page_unpublished.connect(page_changed, dispatch_uid="page_cache_unpublished")
    post_page_move.connect(page_moved, dispatch_uid="page_cache_moved")
    page_slug_changed.connect(page_moved, dispatch_uid="page_cache_slug_changed")
    for model in apps.get_models():
        meta = model._meta
        if meta.app_label not in CONTENT_APPS or meta.label_lower in NOT_SHOWN:
            continue
        if meta.app_label == "wagtailcore" and meta.model_name not in WAGTAIL_SHOWN:
            continue
        uid = f"page_cache_{meta.label}"
        pre_save.connect(remember_tags_before_save, sender=model, dispatch_uid=uid)
        for signal in (post_save, post_delete):
            signal.connect(record_changed, sender=model, dispatch_uid=uid)
