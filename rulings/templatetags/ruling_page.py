"""Tags of a ruling's page: its schema.org description, and its admin preview."""

from django import template
from django.utils import translation

from core.structured_data import (
    SCHEMA,
    correction,
    iso,
    json_ld,
    organisation,
    person,
    plain_text,
    translation_properties,
    without_empty,
)
from rulings.views import preview_page

register = template.Library()


@register.simple_tag(takes_context=True)
def ruling_as_published(context):
    """The ruling as edited, on its page's template (the model cannot import its view)."""
    return preview_page(context["ruling"], context["request"])


@register.simple_tag(takes_context=True)
def ruling_json_ld(context):
    return json_ld(ruling_data(context)) if context.get("request") else ""


def citation_reference(citation, request):
    passage = citation.passage
    url = passage.get_absolute_url() if passage else None
    if url is None and citation.document_id:
        url = citation.document.get_absolute_url()
    return without_empty(
        {
            "@type": "CreativeWork",
            "name": citation.cited_title,
            "url": request.build_absolute_uri(url) if url else None,
            "pagination": str(citation.page) if citation.page else None,
        }
    )


def url_in(ruling, request, language):
    with translation.override(language):
        return request.build_absolute_uri(ruling.get_absolute_url())


def ruling_data(context):
    """The ruling in `context` as a schema.org QAPage."""
    request, ruling = context["request"], context["ruling"]
    url = request.build_absolute_uri(ruling.get_absolute_url())
    answered = ruling.outcome != ruling.Outcome.ABSTAINED and ruling.answer
    answer = {
        "@type": "Answer",
        "text": plain_text(context["answer_html"]),
        "dateCreated": iso(ruling.answered_at),
        "author": {"@type": "Organization", "name": ruling.answerer} if ruling.answerer else None,
        "url": f"{url}#answer-heading",
    }
    data = {
        "@context": SCHEMA,
        "@type": "QAPage",
        "@id": url,
        "url": url,
        "name": ruling.question,
        **translation_properties(ruling, lambda code: url_in(ruling, request, code)),
        "datePublished": iso(ruling.dated_at),
        "dateModified": iso(ruling.changed_for_readers_at),
        "lastReviewed": iso(ruling.reviewed_at),
        "reviewedBy": person(ruling.reviewed_by),
        "publisher": organisation(request),
        "citation": [citation_reference(c, request) for c in context["citations"]],
        "correction": [correction(item, url) for item in ruling.corrections.all()],
        "mainEntity": without_empty(
            {
                "@type": "Question",
                "name": ruling.question,
                "text": ruling.question,
                "answerCount": 1 if answered else 0,
                "acceptedAnswer": without_empty(answer) if answered else None,
            }
        ),
    }
    return without_empty(data)
