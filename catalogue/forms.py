"""Admin forms of the catalogue: a passage's text says truthfully whose words it is."""

from django.utils.translation import gettext_lazy as _
from wagtail.admin.forms import WagtailAdminModelForm

from .models import Passage


class PassageForm(WagtailAdminModelForm):
    """Text an editor types is theirs, never the export's snippet.

    Readers are told a snippet came from an export of a given date; text changed here no
    longer did, so it must be declared as the rulebook's wording (copied exactly).
    """

    def clean(self):
        cleaned_data = super().clean()
        snippet = Passage.TextOrigin.SEARCH_SNIPPET
        if (
            "text" in self.changed_data
            and cleaned_data.get("text")
            and cleaned_data.get("text_origin") == snippet
        ):
            self.add_error(
                "text_origin",
                _(
                    "Text typed here is not the passage search's snippet. Copy the "
                    "rulebook's wording exactly and say so, or leave the snippet unchanged."
                ),
            )
        return cleaned_data
