"""Load the demo rulings: our illustrative ones, the seed exports when present, one errata card.

Idempotent like the rest of the demo: what exists is left as editors left it. The
illustrative rulings are created directly (never through the importer, which would make
them look like exports); the seed exports go through the importer, as real exports do.
"""

from pathlib import Path

from django.conf import settings
from django.db import transaction
from modeltranslation import settings as mt_settings
from modeltranslation.utils import build_localized_fieldname

from .demo_content import DEMO_CARD, DEMO_RULINGS
from .importers.parsed import ImportRefused
from .importers.run import ImportRun
from .importers.store import ImportResult, import_file
from .models import Citation, Edition, ErrataCard, Passage, Ruling

SEEDS = Path(settings.BASE_DIR).parent / "shared" / "seeds"


def seed_exports():
    return sorted(SEEDS.glob("ruling-*.txt")) if SEEDS.is_dir() else []


def load_demo_rulings(log=print):
    created = 0
    for spec in DEMO_RULINGS:
        with transaction.atomic():
            ruling = create_illustrative_ruling(spec)
        if ruling is not None:
            created += 1
            log(f"  created illustrative ruling {ruling.get_absolute_url()}")
    with ImportRun() as run:
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
    created += load_demo_errata(log)
    return created


def create_illustrative_ruling(spec):
    """The ruling of `spec`, unless its edition is missing or the ruling already exists."""
    edition = Edition.objects.filter(code=spec["edition"]).first()
    if edition is None or edition.rulings.filter(slug=spec["slug"]).exists():
        return None
    documents = {doc.external_id: doc for doc in edition.documents.exclude(external_id="")}
    citations = []
    for n, document_id, page, heading_path in spec["citations"]:
        document = documents[document_id]
        # The place only: we hold none of the rulebook's words, so the passage has no text.
        passage, _created = Passage.objects.get_or_create(
            document=document, page=page, heading_path=heading_path
        )
        citations.append(
            Citation(
                n=n,
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
        question=spec["question"],
        answer=spec["answer"],
        outcome=Ruling.Outcome.ANSWERED,
        origin=Ruling.Origin.ILLUSTRATIVE,
        answered_at=spec["dated"],
    )
    ruling.citations = citations
    ruling.save()
    ruling.save_revision(log_action=True)
    return ruling


def translated(name, values):
    """`name` in every language given, and the field itself in the default language."""
    fields = {build_localized_fieldname(name, code): text for code, text in values.items()}
    return {name: values[mt_settings.DEFAULT_LANGUAGE], **fields}


def load_demo_errata(log=print):
    edition = Edition.objects.filter(code=DEMO_CARD["edition"]).first()
    if edition is None or edition.errata_cards.exists():
        return 0
    passage = (
        Passage.objects.filter(
            document__edition=edition,
            page=DEMO_CARD["page"],
            heading_path=DEMO_CARD["heading_path"],
        )
        .select_related("document")
        .first()
    )
    if passage is None:
        return 0
    card = ErrataCard(
        edition=edition,
        document=passage.document,
        passage=passage,
        page=passage.page,
        heading_path=passage.heading_path,
        issued_on=DEMO_CARD["issued_on"],
        **translated("corrected_rule", DEMO_CARD["corrected_rule"]),
        **translated("issued_by", DEMO_CARD["issued_by"]),
    )
    card.save()
    card.save_revision(log_action=True)
    # Recording a card dates the registry check (today); the demo's check is the card's day.
    Edition.objects.filter(pk=edition.pk).update(errata_checked_on=DEMO_CARD["issued_on"])
    log(f"  created errata card on {passage}")
    return 1
