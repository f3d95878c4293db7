"""What the OpenAPI schema describes: the reader API alone (Wagtail's admin uses DRF too)."""

PREFIX = "/api/v1/"


def only_the_reader_api(endpoints):
    """drf-spectacular's preprocessing hook: the endpoints under /api/v1/."""
    return [endpoint for endpoint in endpoints if endpoint[0].startswith(PREFIX)]
