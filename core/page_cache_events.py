"""Which cached pages a change makes stale: each app declares the tags of its records
(`tags_for`) and has them watched (`watch`); anything undeclared makes everything stale."""

from django.apps import apps
from django.db.models.signals import post_delete, post_save, pre_save
from wagtail.models import Page
from wagtail.signals import page_published, page_slug_changed, page_unpublished, post_page_move

from core.cache_tags import LISTS, SITE, bump, of_game

# {model label: tags(record)}
RULES = {}
# Fields whose saving alone shows on fewer pages than the record's rule says:
# {label: {field: tags(game id)}}.
NARROW_FIELDS = {}
# Wagtail's records a reader sees (revisions, logs and locks show nothing until published).
WAGTAIL_SHOWN = {"page", "site", "pageviewrestriction"}
# Saved alone, these show on no reader page (a new draft revision).
BOOKKEEPING_FIELDS = {"latest_revision", "has_unpublished_changes"}


def tags_for(*models, narrow_fields=None):
    """Declare, as a decorator, the tags a change to a record of `models` touches."""

    def declare(rule):
        for model in models:
            RULES[model._meta.label_lower] = rule
            if narrow_fields:
                NARROW_FIELDS[model._meta.label_lower] = narrow_fields
        return rule

    return declare


def value(model, pk, field):
    if pk is None:
        return None
    return model._default_manager.filter(pk=pk).values_list(field, flat=True).first()


def of_records_of_game(game_id):
    return {*of_game(game_id), LISTS} if game_id else {SITE}


def of_page(page):
    """A page's own rule (declared by its app for its type); any other page: all."""
    if type(page) is Page and page.pk is not None:
        page = page.specific_deferred
    if page.alias_of_id is not None:
        return {SITE}  # every page asks whether an alias takes a restriction (core.pages)
    rule = RULES.get(page._meta.label_lower)
    return rule(page) if rule else {SITE}


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
    rule = RULES.get(label)
    return rule(instance) if rule else {SITE}


def record_changed(sender, instance, raw=False, update_fields=None, **kwargs):
    if raw:
        return  # loading fixtures
    tags = tags_of(instance, update_fields) | getattr(instance, "_tags_before_save", set())
    if tags:
        bump(tags)


def remember_tags_before_save(sender, instance, raw=False, update_fields=None, **kwargs):
    """Tags of the record as stored: moved to another game, its old pages are stale too."""
    if raw or instance._state.adding or instance.pk is None or isinstance(instance, Page):
        return
    if update_fields and (
        set(update_fields) <= BOOKKEEPING_FIELDS
        or not any(f.is_relation and f.name in update_fields for f in instance._meta.fields)
    ):
        return  # no relation saved: the record belongs where it did
    stored = type(instance)._default_manager.filter(pk=instance.pk).first()
    instance._tags_before_save = tags_of(stored) if stored is not None else set()


def page_changed(sender, instance, **kwargs):
    bump(of_page(instance))


def page_moved(sender, instance, **kwargs):
    bump({SITE})


def watch(app_label, not_shown=()):
    """On every save and delete of a record of `app_label` (but `not_shown`), bump its rule."""
    hidden = {model._meta.label_lower for model in not_shown}
    for model in apps.get_app_config(app_label).get_models():
        meta = model._meta
        if meta.label_lower in hidden:
            continue
        if meta.app_label == "wagtailcore" and meta.model_name not in WAGTAIL_SHOWN:
            continue
        uid = f"page_cache_{meta.label}"
        pre_save.connect(remember_tags_before_save, sender=model, dispatch_uid=uid)
        for signal in (post_save, post_delete):
            signal.connect(record_changed, sender=model, dispatch_uid=uid)


def connect():
    """Wagtail's pages, sites and view restrictions, and core's own records."""
    page_published.connect(page_changed, dispatch_uid="page_cache_published")
    page_unpublished.connect(page_changed, dispatch_uid="page_cache_unpublished")
    post_page_move.connect(page_moved, dispatch_uid="page_cache_moved")
    page_slug_changed.connect(page_moved, dispatch_uid="page_cache_slug_changed")
    watch("wagtailcore")
    watch("core")
