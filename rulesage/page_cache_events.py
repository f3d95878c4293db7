"""Every change a reader can see makes the cached pages stale (see core.page_cache).

The events the site knows of: a page published, unpublished, moved or deleted (Wagtail's
signals; a guide's corrections, sources and versions are published with it); and any
save or delete of the rules knowledge and the guides' records: rulings, their citations
and corrections, errata cards (they change the warnings on rulings and the guides'
re-check state), passages, documents, editions, games, and a guide's translation marked
current or its change log. Rather than list those models one by one (and miss the next
one), every model of the content apps counts: a save of one that readers do not see costs
one extra rendering of each page, never a stale one. The exceptions, models no cached
page shows, are listed in NOT_SHOWN.

Writes that send no signal (`QuerySet.update`, `bulk_create`) happen in this project
inside a transaction that also saves a model above, or say so themselves: the ruling
importer bumps the generation when each file is committed.

Behind a CDN or Varnish, Wagtail's frontend-cache app (when configured, see settings)
purges the published or unpublished page's own addresses; everything else a change
touches is purged here by address (`purge_addresses`).
"""

import contextlib

from django.apps import apps
from django.conf import settings
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.urls import reverse
from django.utils import translation
from wagtail.models import Page
from wagtail.signals import page_published, page_unpublished, post_page_move

from core.page_cache import bump_generation

# The apps whose models readers see, directly or through a page.
CONTENT_APPS = ("core", "rulings", "guides", "rulesage", "wagtailcore")
# Models of those apps that no cached page shows: a reader's question is read by editors
# (its confirmation page belongs to the sender's session, never cached), so sending one
# leaves every page as it was; the ruling that answers it changes pages when it is saved.
NOT_SHOWN = {"rulings.readerquestion"}


def content_changed(sender, **kwargs):
    if kwargs.get("raw"):
        return  # loading fixtures
    bump_generation()
    instance = kwargs.get("instance")
    if instance is not None and not isinstance(instance, Page):
        transaction.on_commit(lambda: purge_addresses(instance))


def addresses_to_purge(instance):
    """The addresses, in every language, a change to `instance` shows on at least: its own
    page (when it has one) and the site-wide lists of rulings and corrections."""
    paths = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            paths += [f"/{code}/", reverse("corrections_log"), reverse("corrections_feed")]
            paths.append(reverse("rulings:index"))
            if hasattr(instance, "get_absolute_url"):
                # A half-made or half-deleted object may have no address.
                with contextlib.suppress(Exception):
                    paths.append(instance.get_absolute_url())
    base = settings.RULESAGE_BASE_URL.rstrip("/")
    return [base + path for path in dict.fromkeys(paths)]


def purge_addresses(instance):
    """Purge the CDN's copies when Wagtail's frontend cache is configured (pages it purges
    itself on publish and unpublish)."""
    if not (apps.is_installed("wagtail.contrib.frontend_cache") and settings.RULESAGE_BASE_URL):
        return
    from wagtail.contrib.frontend_cache.utils import purge_urls_from_cache

    purge_urls_from_cache(addresses_to_purge(instance))


def connect():
    page_published.connect(content_changed, dispatch_uid="page_cache_published")
    page_unpublished.connect(content_changed, dispatch_uid="page_cache_unpublished")
    post_page_move.connect(content_changed, dispatch_uid="page_cache_moved")
    for model in apps.get_models():
        if model._meta.app_label not in CONTENT_APPS or model._meta.label_lower in NOT_SHOWN:
            continue
        if model._meta.app_label == "wagtailcore" and model._meta.model_name not in (
            "page",
            "site",
            # A restriction added to a page makes its cached copy (and what is remembered
            # about restrictions, core.pages) old.
            "pageviewrestriction",
        ):
            continue  # revisions, logs, locks, tasks: nothing a reader sees until published
        for signal in (post_save, post_delete):
            signal.connect(
                content_changed, sender=model, dispatch_uid=f"page_cache_{model._meta.label}"
            )
