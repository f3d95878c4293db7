"""Admin assets every app's editing screens share (see site/static/admin/)."""

from django.templatetags.static import static
from django.utils.html import format_html
from wagtail import hooks


@hooks.register("insert_global_admin_css")
def shared_admin_css():
    """Hides the row controls a translator may not use (core.panels.RowsPanel)."""
    return format_html('<link rel="stylesheet" href="{}">', static("admin/rulesage-admin.css"))


@hooks.register("insert_global_admin_js")
def shared_admin_js():
    """Stops an edit form's autosave once the form is submitted."""
    return format_html('<script src="{}"></script>', static("admin/rulesage-admin.js"))
