"""Turn a ruling's Markdown answer into safe HTML with each [n] linked to its citation."""

import re

import markdown
import nh3
from django.utils.safestring import mark_safe

ALLOWED_TAGS = {"p", "ul", "ol", "li", "strong", "em", "h2", "h3", "h4", "br", "code", "blockquote"}
MARKER_RE = re.compile(r"\[(\d+)\]")


def render_answer(text, citation_numbers):
    """Markdown → HTML, sanitised (no raw HTML or scripts survive), markers linked."""
    html = markdown.markdown(text or "", extensions=["sane_lists"])
    # Answers' own headings sit under the page's h1 and the "Answer" h2.
    html = re.sub(r"<(/?)h[12]>", r"<\1h3>", html)
    clean = nh3.clean(html, tags=ALLOWED_TAGS, attributes={})

    def link(match):
        n = int(match.group(1))
        if n not in citation_numbers:
            return f'<span class="cite-missing">[{n}]</span>'
        return f'<a class="cite-ref" href="#cite-{n}" aria-label="citation {n}">[{n}]</a>'

    # After sanitising, "[n]" can only be literal text, so linking it adds nothing unsafe.
    return mark_safe(MARKER_RE.sub(link, clean))  # noqa: S308
