"""Matching and ranking over a model's stored text-search vectors, with Django's
`contrib.postgres.search` only (docs/decisions/stored-search-vectors.md)."""

from functools import reduce
from operator import and_, mul, or_

from django.contrib.postgres.search import SearchQuery, SearchRank
from django.db.models import F, Lookup
from django.utils.functional import cached_property
from modelsearch.query import And, Or, PlainText

from core.text_search import StoredSearchVector

# Weights of D, C, B, A: those Wagtail's PostgreSQL backend gives its default boosts.
RANK_WEIGHTS = [1 / 101, 11 / 101, 21 / 101, 1.0]


def stored_vector(model, config, field_names):
    """`model`'s stored vector column of exactly `field_names` in `config`, or None."""
    wanted = sorted(field_names)
    for name, expression in vector_columns(model).items():
        if expression.config == config and sorted(expression.field_names) == wanted:
            return name
    return None


def vector_columns(model):
    """`model`'s stored vector columns by name: searched, never shown, so never loaded."""
    fields = model._meta.get_fields()
    return {
        field.name: field.expression
        for field in fields
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
    """`query` as one `SearchQuery` in `config`."""
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
    return reduce(lambda a, b: a + b, ranks) / len(ranks)


class AnyOf(Lookup):
    """`lhs = ANY(array)`: many primary keys as one array parameter, not one each."""

    lookup_name = "any_of"
    prepare_rhs = False

    def as_sql(self, compiler, connection):
        lhs, lhs_params = self.process_lhs(compiler, connection)
        array = "{" + ",".join(str(int(value)) for value in self.rhs) + "}"
        return f"{lhs} = ANY(%s::bigint[])", [*lhs_params, array]


class RankedMatches:
    """The rows of `queryset` whose vector `column` matches `query`, best (then newest)
    first, read as Wagtail's results are. Only the newest `limit` matches are ranked, since
    ranking reads every match.
    """

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

    def __len__(self):
        return self.count()

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
