"""Conditional GETs for the API: a client holding the current answer gets a 304 with no body,
from the page cache's stored copy too (this runs before the page cache answers)."""

from django.middleware.http import ConditionalGetMiddleware

PREFIX = "/api/"


class ApiConditionalGetMiddleware(ConditionalGetMiddleware):
    """Django's conditional GET (ETag, Last-Modified), for the API's addresses only."""

    def process_response(self, request, response):
        if not request.path.startswith(PREFIX):
            return response
        return super().process_response(request, response)
