"""The site search's database backend: Wagtail's PostgreSQL backend reading stored vectors,
with the plain fallback on SQLite.

Searching named fields, Wagtail's PostgreSQL backend computes `to_tsvector` of each field
for every row it looks at, at query time: a GIN index can answer the match, but every
recheck and every rank reads the text again and stems it, seconds for a common word over
half a million passages. Here `search()` (Wagtail's public call) answers from the model's
stored vector column that covers exactly the named fields in the backend's configuration
(`core.text_search.search_vector_field`), with `contrib.postgres`'s SearchQuery and
SearchRank (`core.stored_search`); fields without such a column, and queries other than
words, ANDs and ORs, are searched as Wagtail does.

With `RANK_CANDIDATES` set, only the newest that many matches are ranked; the search page
says when there were more (pages/search.py).

Wagtail's database backend picks SQLite's full-text table on SQLite, which can only
search its own title/body columns, not the per-language columns the site search names;
its plain fallback (substring matches on those columns) serves `make run` through the
same `search(…, fields=…)` call.
"""

from django.db import connection
from django.db.models import QuerySet
from modelsearch.backends import database
from modelsearch.backends.base import BaseIndex
from modelsearch.backends.database.fallback import DatabaseSearchBackend
from modelsearch.backends.database.postgres.postgres import PostgresSearchBackend
from modelsearch.query import PlainText

from core.stored_search import RankedMatches, stored_vector, supported


class SiteSearchBackend(PostgresSearchBackend):
    # What it searches is kept by PostgreSQL in the models' own columns: nothing to write
    # on save, and `update_index` skips it rather than overwrite the admin's index rows
    # (Wagtail's index table) with this language's stemming.
    index_class = BaseIndex
    rebuilder_class = atomic_rebuilder_class = None

    def __init__(self, params):
        super().__init__(params)
        # At most this many matches are ranked (the newest); None ranks them all.
        self.rank_candidates = params.get("RANK_CANDIDATES")

    def search(self, query, model_or_queryset, fields=None, operator=None, order_by_relevance=True):
        """Wagtail's search, answered from the stored vector of exactly `fields` when the
        model has one and the results are wanted by relevance."""
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
