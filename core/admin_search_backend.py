"""The admin's search backend: Wagtail's database index without the models that set
``admin_search_index = False`` (searched in their own columns)."""

import logging

from django.db import connection
from modelsearch.backends import database
from modelsearch.backends.database.postgres.postgres import PostgresIndex, PostgresSearchBackend
from modelsearch.utils import get_descendants_content_types_pks
from wagtail.search.backends import get_search_backends

__all__ = ["SearchBackend", "in_admin_index", "index_for_search", "indexing_backends"]

logger = logging.getLogger(__name__)


def in_admin_index(model) -> bool:
    return getattr(model, "admin_search_index", True)


def indexing_backends(model) -> list:
    """The search backends that keep a copy of `model`'s objects, updated as they are saved."""
    return [
        backend
        for backend in get_search_backends(with_auto_update=True)
        if getattr(backend, "keeps", lambda _model: True)(model)
    ]


def index_for_search(model, objects: list) -> None:
    """Add objects written in bulk (no post_save signal) to the backends that keep a copy;
    a search service that is down is logged, as on a save."""
    if not objects:
        return
    for backend in indexing_backends(model):
        try:
            backend.add_bulk(model, objects)
        except Exception:
            if not getattr(backend, "catch_indexing_errors", False):
                raise
            logger.exception("%s not added to the search index %r", model.__name__, backend)


class AdminIndex(PostgresIndex):
    def add_items(self, model, objs):
        if in_admin_index(model):
            super().add_items(model, objs)

    def delete_stale_model_entries(self, model):
        if in_admin_index(model):
            super().delete_stale_model_entries(model)
        else:
            self.entries.filter(
                content_type_id__in=get_descendants_content_types_pks(model)
            ).delete()


class AdminSearchBackend(PostgresSearchBackend):
    index_class = AdminIndex

    def keeps(self, model) -> bool:
        return in_admin_index(model)


def SearchBackend(params):  # noqa: N802 - the name Wagtail looks up in a backend module
    if connection.vendor == "postgresql":
        return AdminSearchBackend(params)
    return database.SearchBackend(params)
