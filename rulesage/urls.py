from django.conf import settings
from django.conf.urls.i18n import i18n_patterns
from django.urls import include, path
from wagtail import urls as wagtail_urls
from wagtail.admin import urls as wagtailadmin_urls
from wagtail.contrib.sitemaps.views import sitemap
from wagtail.documents import urls as wagtaildocs_urls

from .feeds import CorrectionsFeed
from .views import corrections_log, robots_txt

# Malformed requests get the site's own page, in the reader's language.
handler400 = "rulesage.views.bad_request"

urlpatterns = [
    path("admin/", include(wagtailadmin_urls)),
    path("documents/", include(wagtaildocs_urls)),
    path("sitemap.xml", sitemap, name="sitemap"),
    path("robots.txt", robots_txt, name="robots_txt"),
]

if settings.DEBUG:
    from django.conf.urls.static import static

    urlpatterns += static(settings.MEDIA_URL, document_root=settings.MEDIA_ROOT)

# Every reader page carries its language: /en/… and /es/…
urlpatterns += i18n_patterns(
    path("corrections/", corrections_log, name="corrections_log"),
    path("corrections/feed/", CorrectionsFeed(), name="corrections_feed"),
    path("rulings/", include("rulings.urls")),
    path("", include(wagtail_urls)),
)
