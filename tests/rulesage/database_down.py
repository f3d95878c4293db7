"""The site with its database down, for tests/core/test_errors.py: the error is raised
by a view (the 503 middleware answers) or by a middleware (handler500 answers)."""

from django.db import OperationalError
from django.urls import path

from rulesage.urls import urlpatterns as site_urlpatterns

MESSAGE = "connection refused\nIs the server running on that host?"


def database_down(request):
    raise OperationalError(MESSAGE)


class DatabaseDownMiddleware:
    """Fails before any view, as a session or redirect lookup does during an outage."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if request.path.endswith("/in-middleware/"):
            raise OperationalError(MESSAGE)
        return self.get_response(request)


urlpatterns = [path("in-view/", database_down), *site_urlpatterns]
handler500 = "core.faults.server_error"
