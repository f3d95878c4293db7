from django.urls import path

from . import views

app_name = "rulings"

urlpatterns = [
    path("", views.RulingListView.as_view(), name="index"),
    path("<str:code>/", views.EditionRulingListView.as_view(), name="edition"),
    path("<str:code>/errata/", views.ErrataRegistryView.as_view(), name="errata"),
    path("<str:code>/documents/<int:pk>/", views.DocumentView.as_view(), name="document"),
    path("<str:code>/<slug:slug>/", views.RulingDetailView.as_view(), name="ruling"),
]
