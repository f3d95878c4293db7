"""Turn a ruling's Markdown answer into safe HTML with each [n] linked to its citation."""

import re
import secrets
from functools import lru_cache

import markdown
import nh3
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext

from .flags import headings_without_text
from .markers import MARKER_RE

ALLOWED_TAGS = {"p", "ul", "ol", "li", "strong", "em", "h2", "h3", "h4", "br", "code", "blockquote"}
# Links and images do not survive sanitising, and their patterns take time cubic in
# unclosed brackets; raw HTML (slow to parse) is shown as text.
UNUSED_INLINE_PATTERNS = [
    "reference",
    "link",
    "image_link",
    "image_reference",
    "short_reference",
    "short_image_ref",
    "autolink",
    "automail",
    "html",
]


def markdown_converter():
    converter = markdown.Markdown(extensions=["sane_lists"])
    for name in UNUSED_INLINE_PATTERNS:
        converter.inlinePatterns.deregister(name)
    converter.parser.blockprocessors.deregister("reference")  # "[id]: url" definitions
    converter.preprocessors.deregister("html_block")
    return converter


def render_answer(text, citation_numbers):
    """Markdown → sanitised HTML, markers linked, a notice under each empty heading."""
    return _rendered(text or "", frozenset(citation_numbers), get_language())


def forget_rendered_answers():
    _rendered.cache_clear()


@lru_cache(maxsize=256)  # answers are at most 16,000 characters: a few MB at most
def _rendered(text, citation_numbers, language):
    # A paragraph holding only a random token marks each empty section; the answer's own
    # text cannot contain a token drawn for this rendering, so it cannot forge a notice.
    token = f"cutoff{secrets.token_hex(8)}"
    lines = text.splitlines()
    for i, _heading in reversed(headings_without_text(text)):
        lines[i + 1 : i + 1] = ["", token, ""]
    html = markdown_converter().convert("\n".join(lines))
    # Answers' own headings sit under the page's h1 and the "Answer" h2.
    html = re.sub(r"<(/?)h[12]>", r"<\1h3>", html)
    clean = nh3.clean(html, tags=ALLOWED_TAGS, attributes={})

    # The marker is the answer's; its label is in the reader's language (and marked so).
    label = gettext("citation %(number)s")

    def link(match):
        n = int(match.group(1))
        if n not in citation_numbers:
            return f'<span class="cite-missing">[{n}]</span>'
        named = label % {"number": n}
        return (
            f'<a class="cite-ref" href="#cite-{n}" lang="{language}" aria-label="{named}">[{n}]</a>'
        )

    # After sanitising, "[n]" can only be literal text, so linking it adds nothing unsafe.
    linked = MARKER_RE.sub(link, clean)
    notice = format_html(
        '<p class="answer-cut-off"><strong>{}</strong> {}</p>',
        gettext("The answer was cut off here."),
        gettext("Nothing follows this heading in the answer as it was given."),
    )
    return mark_safe(linked.replace(f"<p>{token}</p>", notice))  # noqa: S308
