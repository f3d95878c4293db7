"""The glossary suggestions' admin addresses, and their item in the Rules menu
(catalogue.suggestion_admin)."""

from django.urls import path, reverse
from django.utils.translation import gettext_lazy as _
from wagtail import hooks
from wagtail.admin.menu import MenuItem

from core.roles import KEEP_GLOSSARY

from .suggestion_admin import SuggestionDecisionView, SuggestionListView


class KeepersMenuItem(MenuItem):
    def is_shown(self, request):
        return request.user.has_perm(KEEP_GLOSSARY)


@hooks.register("register_admin_urls")
def register_suggestion_urls():
    return [
        path("glossary-suggestions/", SuggestionListView.as_view(), name="glossary_suggestions"),
        path(
            "glossary-suggestions/<int:pk>/<str:decision>/",
            SuggestionDecisionView.as_view(),
            name="glossary_suggestion_decision",
        ),
    ]


@hooks.register("register_rules_menu_item")
def register_suggestion_menu_item():
    """Last under Rules, after the glossary."""
    return KeepersMenuItem(
        _("Glossary suggestions"), reverse("glossary_suggestions"), icon_name="doc-full", order=100
    )
