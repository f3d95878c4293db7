"""The API's front door: where each list is, the documentation, and the bulk files."""

from django.urls import reverse
from django.utils.translation import get_language
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from core.cache_tags import shows

from ..bulk import BULK_TAG, bulk_files
from .base import LANGUAGE_PARAMETER, REFUSALS, ReaderAPI

LISTS = ("games", "editions", "documents", "errata", "rulings", "guides")


class RootView(ReaderAPI, APIView):
    @extend_schema(
        parameters=[LANGUAGE_PARAMETER],
        responses={
            200: inline_serializer(
                "Root",
                {
                    "language": serializers.CharField(),
                    **{name: serializers.URLField() for name in LISTS},
                    "schema": serializers.URLField(),
                    "documentation": serializers.URLField(),
                    "bulk": inline_serializer(
                        "BulkFile",
                        {
                            "language": serializers.CharField(),
                            "url": serializers.URLField(),
                            "built_at": serializers.DateTimeField(),
                            "size": serializers.IntegerField(),
                        },
                        many=True,
                    ),
                },
            ),
            **REFUSALS,
        },
    )
    def get(self, request):
        """Every list of the API, its schema and documentation, and the day's bulk files."""
        shows(BULK_TAG)
        language = request.query_params.get("language")
        query = f"?language={language}" if language else ""

        def url(name):
            return request.build_absolute_uri(reverse(name)) + query

        return Response(
            {
                "language": get_language(),
                **{name: url(f"api:{name}-list") for name in LISTS},
                "schema": request.build_absolute_uri(reverse("api:schema")),
                "documentation": request.build_absolute_uri(reverse("api:documentation")),
                "bulk": [
                    {**entry, "url": request.build_absolute_uri(entry["url"])}
                    for entry in bulk_files()
                ],
            }
        )
