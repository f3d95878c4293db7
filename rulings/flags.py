"""Review flags: what an editor should look at before trusting a ruling, computed on save."""

import re
from itertools import pairwise

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from .markers import compare_markers, find_markers

HEADING_RE = re.compile(r"^\s{0,3}#{1,6}\s+\S")

CUT_OFF = "cut_off"
MARKER_WITHOUT_CITATION = "marker_without_citation"
CITATION_NOT_REFERRED = "citation_not_referred"
CITATION_UNRESOLVED = "citation_unresolved"
SUPERSEDED_PASSAGE = "superseded_passage"
# The listings' filter's choice for any flag, and each kind of flag in a few words.
ANY_FLAG = "any"
FLAG_LABELS = {
    CUT_OFF: _("Answer cut off"),
    MARKER_WITHOUT_CITATION: _("A marker cites nothing"),
    CITATION_NOT_REFERRED: _("A citation the answer never refers to"),
    CITATION_UNRESOLVED: _("A citation not found in the rulebooks"),
    SUPERSEDED_PASSAGE: _("Cites a passage errata superseded"),
}


def headings_without_text(markdown):
    """(line index, heading) of every heading with no text before the next heading or the
    end (the cut-off flag and the page's notice)."""
    lines = markdown.splitlines()
    filled = [i for i, line in enumerate(lines) if line.strip()]
    return [
        (i, lines[i].lstrip("# ").strip())
        for i, following in pairwise([*filled, None])
        if HEADING_RE.match(lines[i]) and (following is None or HEADING_RE.match(lines[following]))
    ]


def compute_flags(answer, tokens_out, citations, superseding):
    """Every flag that applies now, in a stable order; `superseding` maps each superseded
    cited passage's id to its errata card's id."""
    flags = []

    def flag(code, message):
        flags.append({"code": code, "message": str(message)})

    cap = settings.RULESAGE_GENERATION_CAP
    if tokens_out is not None and tokens_out >= cap:
        flag(CUT_OFF, _("The answer reached the generation cap (%(n)d tokens).") % {"n": cap})
    empty = headings_without_text(answer or "")
    if empty:
        flag(CUT_OFF, _("The heading “%(h)s” has no text after it.") % {"h": empty[0][1]})
    citations = sorted(citations, key=lambda c: c.n)
    without_citation, never_referred = compare_markers(
        find_markers(answer or ""), (c.n for c in citations)
    )
    for n in without_citation:
        flag(
            MARKER_WITHOUT_CITATION,
            _("The answer refers to [%(n)d] but no citation %(n)d exists.") % {"n": n},
        )
    for n in never_referred:
        flag(
            CITATION_NOT_REFERRED,
            _("Citation [%(n)d] is never referred to in the answer.") % {"n": n},
        )
    for c in citations:
        if not c.passage_id and (not c.document_id or c.page is None):
            flag(
                CITATION_UNRESOLVED,
                _("Citation [%(n)d] resolves to no known document or page.") % {"n": c.n},
            )
    for c in citations:
        if c.passage_id in superseding:
            flag(
                SUPERSEDED_PASSAGE,
                _("Citation [%(n)d] cites a passage superseded by errata card %(card)d.")
                % {"n": c.n, "card": superseding[c.passage_id]},
            )
    return flags
