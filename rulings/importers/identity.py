"""Which stored ruling an export is (edition, normalised question, timestamp), and what
importing it again would lose, which refuses the copy."""

import hashlib
import unicodedata
from dataclasses import dataclass

from rulings.importers.parsed import RETAINED_UNTIL, ImportRefused, ParsedRuling
from rulings.models import Ruling

_NAMES_SHOWN = 4  # lost names one message lists before "and N more"


def _digest(*parts: str) -> str:
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


@dataclass(frozen=True)
class Identity:
    question_key: str  # edition + question: every answer to this question
    import_key: str  # ... + timestamp: this answer ("" timestamp when the copy has none)
    untimed_key: str  # the key the same answer has when stored without its timestamp
    timed: bool = True  # whether the copy has a timestamp at all

    @classmethod
    def of(cls, edition_code: str, question: str, stamp_iso: str = "") -> "Identity":
        normalised = " ".join(unicodedata.normalize("NFC", question).casefold().split())
        return cls(
            question_key=_digest(edition_code, normalised),
            import_key=_digest(edition_code, normalised, stamp_iso),
            untimed_key=_digest(edition_code, normalised, ""),
            timed=bool(stamp_iso),
        )

    @classmethod
    def of_parsed(cls, parsed: ParsedRuling) -> "Identity":
        """Stamped with the recorded time, else the retention deadline (as telling)."""
        stamp = (parsed.provenance or {}).get(RETAINED_UNTIL)
        if parsed.recorded_at is not None:
            stamp = parsed.recorded_at.isoformat()
        return cls.of(parsed.edition_code, parsed.question, stamp if isinstance(stamp, str) else "")


def find_stored(parsed: ParsedRuling, identity: Identity) -> Ruling | None:
    """The stored ruling this export is, or None; an untimed copy of one of several is refused."""
    if identity.timed:
        keys = [identity.import_key, identity.untimed_key]
        found = {r.import_key: r for r in stored_rulings(light=True).filter(import_key__in=keys)}
        return found.get(identity.import_key) or found.get(identity.untimed_key)
    if ruling := stored_rulings(light=True).filter(import_key=identity.import_key).first():
        return ruling
    same_question = stored_rulings(light=True).filter(question_key=identity.question_key)
    candidates = list(same_question.order_by("answered_at")[:6])
    if len(candidates) > 1:
        when = ", ".join(_when(r) for r in candidates[:5])
        message = (
            f"this copy has no timestamp ('debug row recorded:' line), and {parsed.edition_code} "
            f"already has {len(candidates) if len(candidates) < 6 else 'more than 5'} rulings "
            f"for this question (answered {when}); it cannot say which one it is. "
            "Import a complete copy."
        )
        raise ImportRefused(parsed.filename, None, message)
    return candidates[0] if candidates else None


def stored_rulings(light=False):
    """Without the search columns the database computes; ``light``, without provenance."""
    heavy = [field.name for field in Ruling._meta.concrete_fields if field.generated]
    heavy += ["provenance", "retrieval", "timings"] if light else []
    return Ruling.objects.select_related("edition").defer(*heavy)


def _when(ruling: Ruling) -> str:
    return ruling.answered_at.strftime("%Y-%m-%d %H:%M UTC") if ruling.answered_at else "undated"


def refuse_losses(ruling: Ruling, parsed: ParsedRuling, answer_kept: bool) -> None:
    """Refuse ``parsed`` when importing it over ``ruling`` would lose anything."""
    lost: list[str] = []
    stored, new = ruling.provenance or {}, parsed.provenance or {}
    if ruling.answered_at and parsed.recorded_at is None:
        lost.append(f"the exporting system's timestamp ({_when(ruling)})")
    if (retained := stored.get(RETAINED_UNTIL)) and not new.get(RETAINED_UNTIL):
        lost.append(f"the exporting system's retention date ({retained})")
    if ruling.answerer and not parsed.answerer:
        lost.append("who answered")
    _names(lost, "timings", ruling.timings, parsed.timings)
    for name, label in (("tokens_in", "tokens in"), ("tokens_out", "tokens out")):
        if getattr(ruling, name) is not None and getattr(parsed, name) is None:
            lost.append(label)
    _fewer(lost, "retrieval results", ruling.retrieval, parsed.retrieval_refs)
    _fewer(lost, "raw citation records", stored.get("citations_raw"), parsed.citations_raw)
    if _cut(ruling.errata_statement, parsed.errata_statement):
        lost.append("the errata registry statement, or its end")
    _names(lost, "provenance fields", stored.get("fields"), new.get("fields"))
    _names(lost, "provenance blocks", stored.get("blocks"), new.get("blocks"))
    if _cut(stored.get("text"), new.get("text")):
        missing = len((stored.get("text") or "").rstrip()) - len((new.get("text") or "").rstrip())
        lost.append(f"the last {missing:,} characters of the provenance part")
    if not answer_kept:
        cited = {citation.n for citation in ruling.citations.all()}
        gone = sorted(cited - {ref.n for ref in parsed.references})
        if gone:
            lost.append("citations " + " ".join(f"[{n}]" for n in gone))
        if _cut(ruling.closing_line, parsed.closing_line):
            lost.append("the closing line, or its end")
        if _cut(ruling.answer, parsed.answer_markdown):
            lost.append("the end of the answer")
    if lost:
        source = f" (imported from {ruling.source_file})" if ruling.source_file else ""
        message = (
            f"this copy has less than the stored ruling {ruling.get_absolute_url()}{source}: "
            f"importing it would lose {'; '.join(lost)}. A cut-off copy? Nothing was written."
        )
        raise ImportRefused(parsed.filename, None, message)


def _cut(stored: str | None, new: str | None) -> bool:
    """True when ``new`` is ``stored`` with its end missing (or missing entirely)."""
    stored, new = (stored or "").rstrip(), (new or "").rstrip()
    return len(new) < len(stored) and stored.startswith(new)


def _fewer(lost: list[str], label: str, stored, new) -> None:
    stored_count, new_count = len(stored or []), len(new or [])
    if new_count < stored_count:
        lost.append(f"{stored_count - new_count} of {stored_count} {label}")


def _names(lost: list[str], label: str, stored, new) -> None:
    if not isinstance(stored, dict):
        return
    new = new if isinstance(new, dict) else {}
    gone = [key for key in stored if key not in new]
    if not gone:
        return
    shown = ", ".join(repr(key) for key in gone[:_NAMES_SHOWN])
    more = len(gone) - _NAMES_SHOWN
    lost.append(f"{label} {shown}" + (f" and {more} more" if more > 0 else ""))
