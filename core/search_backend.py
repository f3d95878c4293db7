"""The site search's backend: Wagtail's PostgreSQL backend answering from the stored vector
columns (`core.stored_search`); Wagtail's fallback on SQLite."""

from django.db import connection
from django.db.models import QuerySet
from modelsearch.backends import database
from modelsearch.backends.base import BaseIndex
from modelsearch.backends.database.fallback import DatabaseSearchBackend
from modelsearch.backends.database.postgres.postgres import PostgresSearchBackend
from modelsearch.query import PlainText

from core.stored_search import RankedMatches, stored_vector, supported


class SiteSearchBackend(PostgresSearchBackend):
    # PostgreSQL keeps what it searches: nothing to index, and `update_index` skips it
    # rather than overwrite the admin's index rows with this language's stemming.
    index_class = BaseIndex
    rebuilder_class = atomic_rebuilder_class = None

    def __init__(self, params):
        super().__init__(params)
        self.rank_candidates = params["RANK_CANDIDATES"]

    def search(self, query, model_or_queryset, fields=None, operator=None, order_by_relevance=True):
        """Answered from the stored vector of exactly `fields`, when one exists."""
        queryset = model_or_queryset
        if not isinstance(queryset, QuerySet):
            queryset = model_or_queryset.objects.all()
        text = PlainText(query, operator=operator or "or") if isinstance(query, str) else query
        column = stored_vector(queryset.model, self.config, fields) if fields else None
        if column is None or not order_by_relevance or not supported(text):
            return super().search(query, model_or_queryset, fields, operator, order_by_relevance)
        return RankedMatches(queryset, column, text, self.config, limit=self.rank_candidates)


def SearchBackend(params):  # noqa: N802 - the name Wagtail looks up in a backend module
    if connection.vendor == "sqlite":
        return DatabaseSearchBackend(params)
    if connection.vendor == "postgresql":
        return SiteSearchBackend(params)
    return database.SearchBackend(params)
