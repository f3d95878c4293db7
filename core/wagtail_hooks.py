"""Admin assets every app's editing screens share (see site/static/admin/), and the page
editor every page type shares."""

from django.templatetags.static import static
from django.utils.html import format_html
from wagtail import hooks
from wagtail.models import get_page_models

from .concurrent_edit_views import MergingPageViewSet
from .pages import EditorialPage


@hooks.register("insert_global_admin_css")
def shared_admin_css():
    """Hides the row controls a translator may not use (core.panels.RowsPanel)."""
    return format_html('<link rel="stylesheet" href="{}">', static("admin/rulesage-admin.css"))


@hooks.register("insert_global_admin_js")
def shared_admin_js():
    """Stops an edit form's autosave once the form is submitted."""
    return format_html('<script src="{}"></script>', static("admin/rulesage-admin.js"))


@hooks.register("register_admin_viewset")
def register_page_editors():
    """Every page type's editor merges a translator's save with a newer version."""
    return [
        MergingPageViewSet(model._meta.label_lower.replace(".", "_"), model=model)
        for model in get_page_models()
        if issubclass(model, EditorialPage)
    ]
