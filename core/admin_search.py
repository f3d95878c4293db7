"""The admin listings' search over the stored text-search vectors the site search reads
(core.search_backend): Wagtail's own, without an index of these models, compares every row's
text with `LIKE '%…%'`, which reads the whole table on every search."""

from django.db import connection
from django.template.loader import select_template
from wagtail.admin.paginator import WagtailPaginator

from .search_backend import any_language_match

# A search counts and lists its matches this far, and says so when there are more:
# counting every row a common word matches reads them all, and nobody pages that far
# rather than adding a word.
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
        counted = queryset.order_by()[: COUNTED_MATCHES + 1].count()
        self.more_than_counted = counted > COUNTED_MATCHES
        paginator.count = min(counted, COUNTED_MATCHES)  # a cached_property: never computed
        return paginator

    def setup(self, request, *args, **kwargs):
        """The listing's results under a line saying when more matched than were counted."""
        super().setup(request, *args, **kwargs)
        names = self.results_template_name
        self.counted_results_parent = select_template([names] if isinstance(names, str) else names)
        self.results_template_name = "core/admin/counted_results.html"

    def get_context_data(self, *args, **kwargs):
        context = super().get_context_data(*args, **kwargs)
        context["more_than_counted"] = getattr(self, "more_than_counted", False)
        return context
