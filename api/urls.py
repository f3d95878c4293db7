"""/api/v1/: the lists and their items, the root, the schema and its documentation page."""

from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import SimpleRouter

from .views.base import ReaderAPI
from .views.bulk import BulkFileView
from .views.catalogue import DocumentViewSet, EditionViewSet, ErrataCardViewSet, GameViewSet
from .views.guides import GuideViewSet
from .views.root import RootView
from .views.rulings import RulingViewSet

app_name = "api"

router = SimpleRouter()
router.register("games", GameViewSet, basename="games")
router.register("editions", EditionViewSet, basename="editions")
router.register("documents", DocumentViewSet, basename="documents")
router.register("errata", ErrataCardViewSet, basename="errata")
router.register("rulings", RulingViewSet, basename="rulings")
router.register("guides", GuideViewSet, basename="guides")


class SchemaView(ReaderAPI, SpectacularAPIView):
    renderer_classes = SpectacularAPIView.renderer_classes


class DocumentationView(ReaderAPI, SpectacularSwaggerSplitView):
    """Swagger UI from this site's own static files (drf-spectacular-sidecar), its
    start-up script a file too: the site's Content-Security-Policy holds on the page."""

    renderer_classes = SpectacularSwaggerSplitView.renderer_classes
    template_name = "api/swagger_ui.html"
    url_name = "api:schema"
    title = "Rulesage API"


urlpatterns = [
    path("v1/", RootView.as_view(), name="root"),
    path("v1/schema/", SchemaView.as_view(), name="schema"),
    path("v1/docs/", DocumentationView.as_view(), name="documentation"),
    path("v1/bulk/rulings-<str:language>.jsonl.gz", BulkFileView.as_view(), name="bulk"),
    path("v1/", include(router.urls)),
]
