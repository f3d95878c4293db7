"""The site search's backend: Wagtail's PostgreSQL backend over the stored vector columns
(docs/decisions/stored-search-vectors.md); Wagtail's fallback on SQLite."""

from functools import reduce
from operator import and_, mul, or_

from django.contrib.postgres.search import SearchQuery, SearchRank
from django.db import connection
from django.db.models import F, Lookup, Q, QuerySet
from django.utils.functional import cached_property
from modelsearch.backends.base import BaseIndex
from modelsearch.backends.database.fallback import DatabaseSearchBackend
from modelsearch.backends.database.postgres.postgres import PostgresSearchBackend
from modelsearch.query import And, Or, PlainText

from core.text_search import (
    StoredSearchVector,
    localized_search_fields,
    search_config,
    site_languages,
)

# Weights of D, C, B, A: those Wagtail's PostgreSQL backend gives its default boosts.
RANK_WEIGHTS = [1 / 101, 11 / 101, 21 / 101, 1.0]


def stored_vector(model, config, field_names):
    """`model`'s stored vector column of exactly `field_names` in `config`, or None."""
    wanted = sorted(field_names)
    columns = vector_columns(model).items()
    return next(
        (n for n, e in columns if e.config == config and sorted(e.field_names) == wanted), None
    )


def vector_columns(model):
    """`model`'s stored vector columns by name: searched, never shown, so never loaded."""
    return {
        field.name: field.expression
        for field in model._meta.get_fields()
        if isinstance(getattr(field, "expression", None), StoredSearchVector)
    }


def words(query):
    """A PlainText's words, split as Wagtail splits them."""
    return query.query_string.replace("-", " ").split()


def supported(query):
    """Whether `query` is made of words, ANDs and ORs only: what `tsquery` translates."""
    if isinstance(query, PlainText):
        return bool(words(query))
    if isinstance(query, (And, Or)):
        return all(supported(part) for part in query.subqueries)
    return False


def tsquery(query, config):
    if isinstance(query, PlainText):
        if query.operator == "and":  # one `plainto_tsquery`: its words are ANDed
            return SearchQuery(" ".join(words(query)), search_type="plain", config=config)
        each = [SearchQuery(word, search_type="plain", config=config) for word in words(query)]
        return reduce(or_, each)
    parts = [tsquery(part, config) for part in query.subqueries]
    return reduce(and_ if isinstance(query, And) else or_, parts)


def tsrank(column, query, config):
    """A PlainText's `ts_rank`; an AND's parts' product of one plus each, less one; an
    OR's, their mean."""
    if isinstance(query, PlainText):
        return SearchRank(F(column), tsquery(query, config), weights=RANK_WEIGHTS)
    ranks = [tsrank(column, part, config) for part in query.subqueries]
    if isinstance(query, And):
        return reduce(mul, [1 + rank for rank in ranks]) - 1
    return sum(ranks[1:], ranks[0]) / len(ranks)


class AnyOf(Lookup):
    """`lhs = ANY(array)`: many primary keys as one array parameter, not one each."""

    lookup_name = "any_of"
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        array = "{" + ",".join(str(int(value)) for value in self.rhs) + "}"
        return f"{lhs} = ANY(%s::bigint[])", [*lhs_params, array]


def any_language_match(model, text, fields):
    """A filter on the rows of `model` whose stored vector of `fields` (or of their columns
    in that language) matches every word of `text` in one of the site's languages (none
    without words), or None without the columns: an editor searches every language at once,
    each column through its GIN index (a partial one only with its condition)."""
    query = PlainText(text, operator="and")
    if not supported(query):
        return Q(pk__in=[])
    columns = vector_columns(model)
    match = Q()
    for language in site_languages():
        config = search_config(language)
        column = stored_vector(model, config, fields) or stored_vector(
            model, config, localized_search_fields(fields, language)
        )
        if column is None:
            return None
        match |= Q(**columns[column].only_where, **{column: tsquery(query, config)})
    return match


class RankedMatches:
    """The rows of `queryset` whose vector `column` matches `query`, best (then newest) first;
    only the newest `limit` matches are ranked, since ranking reads every match."""

    def __init__(self, queryset, column, query, config, limit):
        self.queryset = queryset
        self.matches = queryset.filter(**{column: tsquery(query, config)})
        self.rank = tsrank(column, query, config)
        self.limit = limit

    @cached_property
    def candidates(self):
        """The primary keys of the newest `limit` + 1 matches."""
        newest = self.matches.order_by("-pk").values_list("pk", flat=True)
        return list(newest[: self.limit + 1])

    def more_than_ranked(self):
        return len(self.candidates) > self.limit

    def count(self):
        return min(self.limit, len(self.candidates))

    __len__ = count

    def ranked(self, start, stop):
        ids = self.candidates[: self.limit]
        if not ids:
            return self.queryset.none()
        # Rank the candidates alone, then join for the slice only: joined first,
        # PostgreSQL would join every candidate before sorting.
        model = self.queryset.model
        ranked = model.objects.filter(AnyOf(F("pk"), ids))
        ranked = ranked.order_by(self.rank.desc(), "-pk").values("pk")[start:stop]
        found = self.queryset.filter(pk__in=ranked).defer(*vector_columns(model))
        return found.order_by(self.rank.desc(), "-pk")

    def __getitem__(self, key):
        if isinstance(key, slice):
            return list(self.ranked(key.start or 0, key.stop))
        return self.ranked(key, key + 1)[0]

    def __iter__(self):
        return iter(self[:])


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
    if connection.vendor == "postgresql":
        return SiteSearchBackend(params)
    return DatabaseSearchBackend(params)
