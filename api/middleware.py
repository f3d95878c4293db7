"""What every API answer goes through before the page cache can answer it: the limit per
client address, and conditional GETs (ETag, Last-Modified) on the stored copy too."""

import math

from django.conf import settings
from django.http import JsonResponse
from django.middleware.http import ConditionalGetMiddleware
from django.utils import translation
from rest_framework.exceptions import Throttled

from .language import asked_language
from .throttles import AddressRateThrottle

PREFIX = "/api/"


class ApiRateLimitMiddleware:
    """DRF's throttle, counted here rather than in the views: an answer the page cache
    serves is a read too, and the limit says how often a client may read, not how often
    the site renders."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.startswith(PREFIX):
            throttle = AddressRateThrottle()
            if not throttle.allow_request(request, None):
                wait = math.ceil(throttle.wait() or 1)
                with translation.override(asked_language(request) or settings.LANGUAGE_CODE):
                    response = JsonResponse({"detail": str(Throttled(wait).detail)}, status=429)
                response["Retry-After"] = str(wait)
                return response
        return self.get_response(request)


class ApiConditionalGetMiddleware(ConditionalGetMiddleware):
    """Django's conditional GET (ETag, Last-Modified), for the API's addresses only."""

    def process_response(self, request, response):
        if not request.path.startswith(PREFIX):
            return response
        return super().process_response(request, response)
