"""What every endpoint shares: anonymous, read-only (limited per address by api.middleware),
in the asked language, cached by the page cache under the tags of what it shows, with
validators."""

from django.conf import settings
from django.utils import translation
from django.utils.cache import set_response_etag
from django.utils.http import http_date
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_view,
)
from rest_framework import viewsets
from rest_framework.exceptions import ValidationError
from rest_framework.permissions import AllowAny
from rest_framework.renderers import JSONRenderer

from core.middleware import cleans_control_characters, has_control_characters_in_query
from core.page_cache import accept

from ..language import LANGUAGES, PARAMETER, asked_language, check_language
from ..pagination import KeysetPagination

# Every query value an endpoint reads.
QUERY_PARAMETERS = (PARAMETER, "game", "edition", "cursor")
LANGUAGE_PARAMETER = OpenApiParameter(
    PARAMETER,
    OpenApiTypes.STR,
    enum=LANGUAGES,
    default=settings.LANGUAGE_CODE,
    description="The language of the text and addresses in the response.",
)
ERROR = {"type": "object", "additionalProperties": True}
REFUSALS = {
    400: OpenApiResponse(ERROR, description="A query value the endpoint cannot use."),
    429: OpenApiResponse(
        ERROR, description="Too many requests from this address: see Retry-After."
    ),
}
NOT_FOUND = {404: OpenApiResponse(ERROR, description="Nothing public at this address.")}


class ReaderAPI:
    """Anonymous (no session is read: every answer is the same for everyone, and cacheable),
    JSON only, in the asked language."""

    authentication_classes = []
    permission_classes = [AllowAny]
    renderer_classes = [JSONRenderer]

    @classmethod
    def as_view(cls, *args, **kwargs):
        """The API's own query values are checked for control characters here, refused as
        JSON like any other bad value (core.middleware refuses the others as a page)."""
        return cleans_control_characters(*QUERY_PARAMETERS)(super().as_view(*args, **kwargs))

    def dispatch(self, request, *args, **kwargs):
        with translation.override(asked_language(request) or settings.LANGUAGE_CODE):
            return super().dispatch(request, *args, **kwargs)

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        if has_control_characters_in_query(request):
            raise ValidationError({"query": gettext("The query holds a control character.")})
        check_language(request)
        if PARAMETER in request.query_params:
            accept(request, PARAMETER, request.query_params[PARAMETER])

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        response["Content-Language"] = translation.get_language()
        if response.status_code == 200 and hasattr(response, "add_post_render_callback"):
            # The moment this answer was made: a copy the page cache serves later was made
            # after the last change it shows, so If-Modified-Since is never answered wrongly.
            response["Last-Modified"] = http_date()
            response.add_post_render_callback(set_response_etag)
        return response


class ReaderViewSet(ReaderAPI, viewsets.ReadOnlyModelViewSet):
    """A list and its items as readers see them; subclasses give a public queryset.

    Related lists are prefetched into a list on each item (`to_attr`): prefetched into the
    item's manager, each item gets a queryset of its own to hold them, a copy of the
    lookup's, and making fifty of them was a good share of a list's time."""

    pagination_class = KeysetPagination
    lookup_value_regex = "[0-9]+"
    # (query parameter, model lookup) each list is filtered by.
    filters = ()

    def filter_value(self, name):
        """The query value `name`, refused when given empty or more than once."""
        values = self.request.query_params.getlist(name)
        if not values:
            return None
        if len(values) > 1 or not values[0]:
            raise ValidationError({name: gettext("Give one value, once.")})
        return values[0]

    def filtered(self, queryset):
        for name, lookup in self.filters:
            value = self.filter_value(name)
            if value is not None:
                queryset = queryset.filter(**{lookup: value})
        return queryset


def documented(serializer, parameters=(), examples=None, listed=None):
    """The schema of a list (of `listed` items, when they are shown otherwise than alone)
    and its items: the language, the filters and the refusals."""
    refusals = {**REFUSALS, **NOT_FOUND}
    examples = examples or {}
    return extend_schema_view(
        list=extend_schema(
            parameters=[LANGUAGE_PARAMETER, *parameters],
            responses={200: (listed or serializer)(many=True), **refusals},
            examples=examples.get("list", []),
        ),
        retrieve=extend_schema(
            parameters=[LANGUAGE_PARAMETER],
            responses={200: serializer, **refusals},
            examples=examples.get("retrieve", []),
        ),
    )


def filter_parameter(name, description):
    return OpenApiParameter(name, OpenApiTypes.STR, description=description)
