from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path, re_path
from django.utils.text import format_lazy
from django.views.generic import RedirectView
from wagtail import urls as wagtail_urls
from wagtail.admin import urls as wagtailadmin_urls

from catalogue.urls import reader_pages
from guides.setup_figures import service_worker
from pages import routing
from pages.sitemaps import sitemap_index, sitemap_section
from pages.urls import RULINGS
from pages.views import robots_txt
from rulings.views import trail

handler400 = "core.views.bad_request"
handler500 = "core.faults.server_error"

# The catalogue's snippets were the rulings app's: editors' bookmarks move permanently.
MOVED_TO_CATALOGUE = ("game", "edition", "document", "passage", "erratacard", "glossaryterm")

urlpatterns = [
    re_path(
        rf"^admin/snippets/rulings/(?P<model>{'|'.join(MOVED_TO_CATALOGUE)})/(?P<tail>.*)$",
        RedirectView.as_view(
            url="/admin/snippets/catalogue/%(model)s/%(tail)s", permanent=True, query_string=True
        ),
    ),
    path("admin/", include(wagtailadmin_urls)),
    path("sitemap.xml", sitemap_index, name="sitemap"),
    path("sitemap-<slug:section>.xml", sitemap_section, name="sitemap_section"),
    path("robots.txt", robots_txt, name="robots_txt"),
    path("sw.js", service_worker, name="service_worker"),
    # The reader API: one address in every language (?language=es).
    path("api/", include("api.urls")),
]

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

# Every reader page carries its language, in its prefix and its words: /es/correcciones/.
urlpatterns += i18n_patterns(
    path("", include("pages.urls")),
    # The catalogue's pages in the rulings' section, before a ruling's address could take
    # theirs; their crumbs are the section's.
    path(format_lazy("{}/", RULINGS), include(reader_pages(trail))),
    path(format_lazy("{}/", RULINGS), include("rulings.urls")),
    # Wagtail's addresses, its page view last (pages.routing finds the page in one query).
    *(entry for entry in wagtail_urls.urlpatterns if entry.name != "wagtail_serve"),
    re_path(wagtail_urls.serve_pattern, routing.serve, name="wagtail_serve"),
)
