"""The site search's database backend: Wagtail's PostgreSQL backend reading stored vectors,
with the plain fallback on SQLite.

Searching named fields, Wagtail's PostgreSQL backend computes `to_tsvector` of each field
for every row it looks at, at query time: a GIN index can answer the match, but every
recheck and every rank reads the text again and stems it, seconds for a common word over
half a million passages. Here the query compiler uses the model's stored vector column
that covers exactly the named fields in the backend's configuration
(`core.text_search.search_vector_field`), so the match, its recheck and the rank all read
a stored, GIN-indexed vector; fields without such a column are searched as Wagtail does.

Ranking still reads every match, which for a word in most passages is hundreds of
thousands of rows. With `RANK_CANDIDATES` set, only the newest that many matches (by
primary key, which an index walks in order) are ranked; the search page says when there
were more (rulesage/search.py).

Wagtail's database backend picks SQLite's full-text table on SQLite, which can only
search its own title/body columns, not the per-language columns the site search names;
its plain fallback (substring matches on those columns) serves `make run` through the
same `search(…, fields=…)` call.
"""

from django.db import connection
from django.db.models import F, Lookup
from django.db.models.sql.constants import MULTI
from modelsearch.backends import database
from modelsearch.backends.base import BaseIndex
from modelsearch.backends.database.fallback import DatabaseSearchBackend
from modelsearch.backends.database.postgres.postgres import (
    PostgresSearchBackend,
    PostgresSearchQueryCompiler,
    PostgresSearchResults,
)
from modelsearch.query import Fuzzy, MatchAll, Not

from core.text_search import StoredSearchVector


class AnyOf(Lookup):
    """`lhs = ANY(array)`: a thousand primary keys as one array parameter, where `pk__in`
    would prepare, send and (psycopg) parse a thousand."""

    lookup_name = "any_of"
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        array = "{" + ",".join(str(int(value)) for value in self.rhs) + "}"
        return f"{lhs} = ANY(%s::bigint[])", [*lhs_params, array]


class StoredVectorQueryCompiler(PostgresSearchQueryCompiler):
    _candidates = None

    def stored_vector(self, config):
        """The model's stored vector column of exactly the searched fields in `config`."""
        if self.fields is None:
            return None
        wanted = sorted(self.fields)
        for field in self.queryset.model._meta.concrete_fields:
            expression = getattr(field, "expression", None)
            if (
                isinstance(expression, StoredSearchVector)
                and expression.config == config
                and sorted(expression.field_names) == wanted
            ):
                return field
        return None

    def vectors(self):
        """The model's stored vector columns: searched, never shown, so never loaded."""
        return [
            field.name
            for field in self.queryset.model._meta.concrete_fields
            if isinstance(getattr(field, "expression", None), StoredSearchVector)
        ]

    def ranks_text(self):
        """Whether this is a text query the backend ranks (not match-all, not fuzzy)."""
        return not (
            isinstance(self.query, (MatchAll, Fuzzy))
            or (isinstance(self.query, Not) and isinstance(self.query.subquery, MatchAll))
        )

    def matches(self, config):
        """The matching rows and the rank expression, read from the stored vector."""
        search_query = self.build_tsquery(self.query, config=config)
        field = self.stored_vector(config)
        if field is None:
            vectors = self.get_search_vectors(search_query)
        else:
            vectors = [(F(field.attname), 1.0)]
        combined_vector = vectors[0][0]
        for vector, _boost in vectors[1:]:
            combined_vector = combined_vector._combine(vector, "||", False)
        queryset = self.queryset.annotate(_vector_=combined_vector).filter(_vector_=search_query)
        return queryset, self._build_rank_expression(vectors, config)

    def candidates(self, config, limit):
        """The primary keys of the newest `limit` + 1 matches, newest first: one query,
        remembered, because the count and every slice of these results share it."""
        if self._candidates is None:
            queryset, _rank = self.matches(config)
            newest = queryset.order_by("-pk").values_list("pk", flat=True)[: limit + 1]
            # Read as plain rows: through the queryset, each of up to 501 keys would pass
            # through modeltranslation's and Django's per-row iterators, a millisecond or two.
            compiler = newest.query.get_compiler(using=newest.db)
            chunks = compiler.execute_sql(MULTI) or []
            self._candidates = [row[0] for chunk in chunks for row in chunk]
        return self._candidates

    def bounded(self, backend):
        """The number of matches ranked, when this search ranks only the newest few."""
        limit = getattr(backend, "rank_candidates", None)
        return limit if limit and self.order_by_relevance and self.ranks_text() else None

    def search(self, config, start, stop, score_field=None, backend=None):
        if not self.ranks_text():
            return super().search(config, start, stop, score_field, backend)
        queryset, rank_expression = self.matches(config)
        limit = self.bounded(backend)
        if limit:
            # Rank the candidates in their own table, then join what the results select
            # (a game's name, an edition) for the requested slice only: joined first,
            # PostgreSQL would join every candidate before sorting.
            ids = self.candidates(config, limit)[:limit]
            if not ids:
                return self.queryset.none()
            ranked = self.queryset.model._base_manager.filter(AnyOf(F("pk"), ids))
            ranked = ranked.order_by(rank_expression.desc(), "-pk").values("pk")
            queryset = self.queryset.filter(pk__in=ranked[start:stop]).defer(*self.vectors())
            start = stop = None
        return self._apply_ordering_and_scoring(queryset, rank_expression, start, stop, score_field)


class SiteSearchResults(PostgresSearchResults):
    def more_than_ranked(self):
        """Whether more matched than the backend ranked (always False when it ranks all)."""
        limit = self.query_compiler.bounded(self.backend)
        if not limit:
            return False
        config = self.query_compiler.get_config(self.backend)
        return len(self.query_compiler.candidates(config, limit)) > limit

    def _do_count(self):
        limit = self.query_compiler.bounded(self.backend)
        if not limit:
            return super()._do_count()
        config = self.query_compiler.get_config(self.backend)
        total = min(limit, len(self.query_compiler.candidates(config, limit)))
        stop = total if self.stop is None else min(total, self.stop)
        return max(0, stop - self.start)


class SiteSearchBackend(PostgresSearchBackend):
    query_compiler_class = StoredVectorQueryCompiler
    results_class = SiteSearchResults
    # What it searches is kept by PostgreSQL in the models' own columns: nothing to write
    # on save, and `update_index` skips it rather than overwrite the admin's index rows
    # (Wagtail's index table) with this language's stemming.
    index_class = BaseIndex
    rebuilder_class = atomic_rebuilder_class = None

    def __init__(self, params):
        super().__init__(params)
        # At most this many matches are ranked (the newest); None ranks them all.
        self.rank_candidates = params.get("RANK_CANDIDATES")


def SearchBackend(params):  # noqa: N802 - the name Wagtail looks up in a backend module
    if connection.vendor == "sqlite":
        return DatabaseSearchBackend(params)
    if connection.vendor == "postgresql":
        return SiteSearchBackend(params)
    return database.SearchBackend(params)
