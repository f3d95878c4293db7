"""Review flags: what an editor should look at before trusting a ruling.

Computed from the data a ruling's save hands over (its answer, token count, citations and
the errata cards superseding what they cite), never stored by hand. Knows no model.
"""

import re
from dataclasses import dataclass

from django.conf import settings
from django.utils.translation import gettext_lazy as _

from .markers import compare_markers, find_markers

HEADING_RE = re.compile(r"^\s{0,3}#{1,6}\s+\S")


@dataclass(frozen=True)
class Flag:
    code: str
    message: str

    def as_dict(self):
        """As stored in ``Ruling.flags``: each field as text (a message may be lazy).
        Written out: ``dataclasses.asdict`` deep-copies, and an import stores thousands."""
        return {"code": str(self.code), "message": str(self.message)}


CUT_OFF = "cut_off"
MARKER_WITHOUT_CITATION = "marker_without_citation"
CITATION_NOT_REFERRED = "citation_not_referred"
CITATION_UNRESOLVED = "citation_unresolved"
SUPERSEDED_PASSAGE = "superseded_passage"
# Each kind of flag in a few words, for the editors' figures and the review queue's filter.
FLAG_LABELS = {
    CUT_OFF: _("Answer cut off"),
    MARKER_WITHOUT_CITATION: _("A marker cites nothing"),
    CITATION_NOT_REFERRED: _("A citation the answer never refers to"),
    CITATION_UNRESOLVED: _("A citation not found in the rulebooks"),
    SUPERSEDED_PASSAGE: _("Cites a passage errata superseded"),
}


def generation_cap():
    return getattr(settings, "RULESAGE_GENERATION_CAP", 1024)


def headings_without_text(markdown):
    """(line index, heading) of every heading with no text before the next heading or the end.

    The one definition of "a section with nothing in it": the cut-off flag and the inline
    notice on the ruling page both use it.
    """
    lines = markdown.splitlines()
    filled = [i for i, line in enumerate(lines) if line.strip()]
    empty = []
    for position, i in enumerate(filled):
        if HEADING_RE.match(lines[i]):
            following = filled[position + 1] if position + 1 < len(filled) else None
            if following is None or HEADING_RE.match(lines[following]):
                empty.append((i, lines[i].lstrip("# ").strip()))
    return empty


def heading_without_text(markdown):
    """The first heading followed by no text before the next heading or the end, or None."""
    empty = headings_without_text(markdown)
    return empty[0][1] if empty else None


def compute_flags(answer, tokens_out, citations, superseding):
    """Every flag that applies now, in a stable order.

    `citations` are the ruling's citations; `superseding` maps the id of each cited
    passage that an active errata card supersedes to that card's id.
    """
    flags = []
    cap = generation_cap()
    if tokens_out is not None and tokens_out >= cap:
        flags.append(
            Flag(CUT_OFF, _("The answer reached the generation cap (%(n)d tokens).") % {"n": cap})
        )
    empty_heading = heading_without_text(answer or "")
    if empty_heading:
        flags.append(
            Flag(CUT_OFF, _("The heading “%(h)s” has no text after it.") % {"h": empty_heading})
        )
    citations = sorted(citations, key=lambda c: c.n)
    mismatch = compare_markers(find_markers(answer or ""), (c.n for c in citations))
    for n in mismatch.without_citation:
        flags.append(
            Flag(
                MARKER_WITHOUT_CITATION,
                _("The answer refers to [%(n)d] but no citation %(n)d exists.") % {"n": n},
            )
        )
    for n in mismatch.never_referred:
        flags.append(
            Flag(
                CITATION_NOT_REFERRED,
                _("Citation [%(n)d] is never referred to in the answer.") % {"n": n},
            )
        )
    for citation in citations:
        if not (citation.passage_id or citation.document_id) or (
            not citation.passage_id and citation.page is None
        ):
            flags.append(
                Flag(
                    CITATION_UNRESOLVED,
                    _("Citation [%(n)d] resolves to no known document or page.")
                    % {"n": citation.n},
                )
            )
    for citation in citations:
        if citation.passage_id in superseding:
            flags.append(
                Flag(
                    SUPERSEDED_PASSAGE,
                    _("Citation [%(n)d] cites a passage superseded by errata card %(card)d.")
                    % {"n": citation.n, "card": superseding[citation.passage_id]},
                )
            )
    return flags
