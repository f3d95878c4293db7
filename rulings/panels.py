"""Admin panel showing a ruling's review flags on its edit page."""

from django.utils.translation import gettext_lazy as _
from wagtail.admin.panels import Panel


class ReviewFlagsPanel(Panel):
    """Read-only list of the ruling's current review flags (recomputed on every save)."""

    def __init__(self, **kwargs):
        kwargs.setdefault("heading", _("Review flags"))
        super().__init__(**kwargs)

    class BoundPanel(Panel.BoundPanel):
        template_name = "rulings/admin/review_flags_panel.html"

        def get_context_data(self, parent_context=None):
            context = super().get_context_data(parent_context)
            context["flags"] = self.instance.flags if self.instance.pk else []
            return context
