"""Keyset pages: each page is found from the last one's position in an index, whatever its
depth, and nothing is counted (a COUNT over every ruling grows with the catalogue)."""

from django.utils import translation
from rest_framework.pagination import CursorPagination
from rest_framework.response import Response

PAGE_SIZE = 50


class KeysetPagination(CursorPagination):
    page_size = PAGE_SIZE
    ordering = "pk"

    def get_ordering(self, request, queryset, view):
        """The view's `ordering` (a unique key, so a position names one row), else the pk."""
        ordering = getattr(view, "ordering", None) or self.ordering
        return (ordering,) if isinstance(ordering, str) else tuple(ordering)

    def get_paginated_response(self, data):
        return Response(
            {
                "language": translation.get_language(),
                "next": self.get_next_link(),
                "previous": self.get_previous_link(),
                "results": data,
            }
        )

    def get_paginated_response_schema(self, schema):
        described = super().get_paginated_response_schema(schema)
        described["properties"] = {
            "language": {"type": "string", "example": "en"},
            **described["properties"],
        }
        described["required"] = ["language", "next", "previous", "results"]
        return described
