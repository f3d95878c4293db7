"""`{% ruling_as_published %}`: a ruling's admin preview (Ruling.get_preview_template).

The model cannot reach its page's view (the view imports the models); its preview template
asks this tag, which renders the page's own template with the view's own context for the
ruling as edited.
"""

from django import template

from rulings.views import preview_page

register = template.Library()


@register.simple_tag(takes_context=True)
def ruling_as_published(context):
    return preview_page(context["ruling"], context["request"])
