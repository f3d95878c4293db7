"""The demo rulings: illustrative ones created directly, so they cannot look like exports, and
the seed exports through `import_file`, as real ones. What exists is left as editors left it."""

from pathlib import Path

from django.conf import settings
from django.db import transaction

from catalogue.models import Edition, ErrataCard, Passage
from core.translated_fields import in_language
from rulings.importers.parsed import ImportRefused
from rulings.importers.store import ImportResult, ImportRun, import_file
from rulings.models import Citation, Ruling

from . import files
from .files import translated

SEEDS = Path(settings.BASE_DIR).parent / "shared" / "seeds"


def seed_exports():
    return sorted(SEEDS.glob("ruling-*.txt")) if SEEDS.is_dir() else []


def load_demo_rulings(log=print):
    created = 0
    for spec in files.rulings():
        with transaction.atomic():
            ruling = create_illustrative_ruling(spec)
        if ruling is not None:
            created += 1
            log(f"  created illustrative ruling {ruling.get_absolute_url()}")
    run = ImportRun()
    for path in seed_exports():
        # Exactly as `import_rulings` imports it: one transaction, a revision, and an
        # editor's reviewed answer never overwritten.
        try:
            result = import_file(path, run=run)
        except ImportRefused as error:
            log(f"  seed export refused, nothing written: {error}")
            continue
        if result.outcome == ImportResult.CREATED:
            created += 1
            log(f"  created ruling {result.ruling.get_absolute_url()}")
    for card in files.errata_cards():
        created += load_demo_errata(card, log)
    return created


def create_illustrative_ruling(spec):
    """The ruling of `spec`, unless its edition is missing or the ruling already exists."""
    edition = Edition.objects.filter(code=spec["edition"]).first()
    if edition is None or edition.rulings.filter(slug=spec["slug"]).exists():
        return None
    documents = {doc.external_id: doc for doc in edition.documents.exclude(external_id="")}
    citations = []
    for cited in spec["citations"]:
        document = documents[cited["document"]]
        page, heading_path = cited["page"], cited["heading_path"]
        # The place only: we hold none of the rulebook's words, so the passage has no text.
        passage, _created = Passage.objects.get_or_create(
            document=document, page=page, heading_path=heading_path
        )
        citations.append(
            Citation(
                n=cited["n"],
                passage=passage,
                document=document,
                document_title=document.title,
                page=page,
                heading_path=heading_path,
            )
        )
    ruling = Ruling(
        edition=edition,
        slug=spec["slug"],
        **in_language(edition.language, question=spec["question"], answer=spec["answer"]),
        outcome=Ruling.Outcome.ANSWERED,
        origin=Ruling.Origin.ILLUSTRATIVE,
        status=Ruling.Status.IMPORTED,
        answered_at=spec["dated"],
    )
    ruling.citations = citations
    ruling.save()
    ruling.save_revision(log_action=True).publish()
    return ruling


def load_demo_errata(card, log=print):
    edition = Edition.objects.filter(code=card["edition"]).first()
    if edition is None or edition.errata_cards.exists():
        return 0
    passage = (
        Passage.objects.filter(
            document__edition=edition, page=card["page"], heading_path=card["heading_path"]
        )
        .select_related("document")
        .first()
    )
    if passage is None:
        return 0
    errata = ErrataCard(
        edition=edition,
        document=passage.document,
        passage=passage,
        page=passage.page,
        heading_path=passage.heading_path,
        issued_on=card["issued_on"],
        **translated(corrected_rule=card["corrected_rule"], issued_by=card["issued_by"]),
    )
    errata.save()
    errata.save_revision(log_action=True)
    # Recording a card dates the registry check (today); the demo's check is the card's day.
    edition.errata_checked_on = card["issued_on"]
    edition.save(update_fields=["errata_checked_on"])
    log(f"  created errata card on {passage}")
    return 1
