"""Text people read, as typed into a form: it may hold what an imported value of its kind
may (`importers.read.files`), no other control character. Pages show such text as typed,
and feeds cannot carry it at all (XML 1.0 has no control characters), so a question or an
answer typed with one would break the rulings feed for every reader."""

from django import forms
from django.utils.translation import gettext_lazy as _

from .importers.read.files import MULTI_LINE, ONE_LINE


def refusing(unsafe):
    """A validator refusing text in which `unsafe` finds a character, naming it.

    A NUL is left to the field itself (Django refuses it in every text field), so it is
    not told twice."""

    def refuse(text):
        found = unsafe.search(text.replace("\x00", ""))
        if found:
            raise forms.ValidationError(
                _(
                    "This text holds an invisible control character (U+%(code)s), perhaps "
                    "pasted with it. Delete it, or type the text again."
                ),
                code="control_character",
                params={"code": f"{ord(found.group()):04X}"},
            )

    return refuse


# Text with lines (a question, an answer) keeps tabs and line breaks; a line keeps none.
refuse_in_lines = refusing(MULTI_LINE)
refuse_in_a_line = refusing(ONE_LINE)
