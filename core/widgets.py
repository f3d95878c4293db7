"""Admin widgets: a field shown as text to people who may read it but not change it."""

from django import forms
from django.template.loader import render_to_string
from django.utils.formats import localize
from django.utils.html import escape, linebreaks
from django.utils.safestring import mark_safe
from wagtail.blocks import StreamValue
from wagtail.rich_text import expand_db_html


def display_html(field, value):
    """`value` of form `field` as safe HTML a person reads (rich text and streams rendered)."""
    if value in (None, "", []):
        return "—"
    if isinstance(value, StreamValue):
        return value.render_as_block()
    if hasattr(field, "choices") and not isinstance(field, forms.ModelChoiceField):
        labels = {str(key): label for key, label in field.choices}
        return escape(labels.get(str(value), value))
    if isinstance(field, forms.ModelChoiceField):
        obj = value if hasattr(value, "pk") else field.queryset.filter(pk=value).first()
        return escape(str(obj)) if obj is not None else "—"
    if isinstance(field, forms.BooleanField):
        return escape(localize(bool(value)))
    text = str(value)
    if getattr(field.widget, "accepts_features", False):
        return expand_db_html(text)  # rich text: show it as the reader sees it
    return linebreaks(escape(localize(value) if not isinstance(value, str) else text))


class ReadOnlyValue(forms.Widget):
    """Renders a disabled field's value as text, never as an input whose typing would be
    thrown away; nothing is posted for it, as a browser would behave."""

    template_name = "core/admin/read_only_value.html"

    def __init__(self, field, attrs=None):
        super().__init__(attrs)
        self.field = field

    def render(self, name, value, attrs=None, renderer=None):
        attrs = self.build_attrs(self.attrs, attrs)
        value = mark_safe(display_html(self.field, value))
        return render_to_string(
            self.template_name, {"id": attrs.get("id", f"id_{name}"), "value": value}
        )

    def value_from_datadict(self, data, files, name):
        return None

    def value_omitted_from_data(self, data, files, name):
        return False
