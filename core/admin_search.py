"""The admin listings' search over the stored text-search vectors the site search reads
(core.search_backend): Wagtail's own, without an index of these models, compares every row's
text with `LIKE '%…%'`, which reads the whole table on every search."""

from django.db import connection
from wagtail.admin.paginator import WagtailPaginator

from .search_backend import any_language_match

# Matches counted past this are shown as this many: counting every row a common word
# matches reads them all, and nobody pages that far rather than adding a word.
COUNTED_MATCHES = 1000


class StoredVectorSearchMixin:
    """For an IndexView: every word typed, stemmed as in the site search, in any language,
    in the listing's own order. SQLite has no vectors: Wagtail's substring search there."""

    def search_queryset(self, queryset):
        match = self.stored_vector_match(queryset.model)
        if match is None:
            return super().search_queryset(queryset)
        return queryset.filter(match)

    def stored_vector_match(self, model):
        if not self.is_searching or connection.vendor != "postgresql":
            return None
        return any_language_match(model, self.search_query, self.search_fields or [])

    def get_paginator(self, queryset, per_page, **kwargs):
        if self.stored_vector_match(queryset.model) is None:
            return super().get_paginator(queryset, per_page, **kwargs)
        # Pages read by OFFSET: the matches past the count are never reached.
        paginator = WagtailPaginator(queryset, per_page, **kwargs)
        paginator.count = queryset.order_by()[:COUNTED_MATCHES].count()
        return paginator
