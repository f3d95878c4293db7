"""Demo rulings: our own example exports, the seed exports when present, and one errata card.

The errata card is illustrative (labelled so on the site): the publisher has issued none
for Point City; the demo needs one to show how a superseded citation looks.
"""

import datetime
from pathlib import Path

from django.conf import settings
from django.db import transaction

from .importers import parse_file
from .importers.store import store
from .models import Edition, ErrataCard, Passage

DEMO_EXPORTS = Path(__file__).resolve().parent / "fixtures" / "demo"
SEEDS = Path(settings.BASE_DIR).parent / "shared" / "seeds"

DEMO_CARD = {
    "edition": "bg-368017-en-1e",
    "page": 8,
    "heading_path": "TURN END",
    "corrected_rule": (
        "Illustrative demo card: refill the two empty market spaces one at a time, top-left "
        "space first; when you drafted from the draw pile instead, skip the refill entirely."
    ),
    "issued_on": datetime.date(2026, 11, 1),
    "issued_by": "Rulesage demo (illustrative, not issued by the publisher)",
}


def export_files():
    files = sorted(DEMO_EXPORTS.glob("*.txt"))
    if SEEDS.is_dir():
        files += sorted(SEEDS.glob("ruling-*.txt"))
    return files


def load_demo_rulings(log=print):
    created = 0
    for path in export_files():
        with transaction.atomic():
            result = store(parse_file(path))
            if result.outcome == result.CREATED:
                result.ruling.save_revision(log_action=True)
                created += 1
                log(f"  created ruling {result.ruling.get_absolute_url()}")
    created += load_demo_errata(log)
    return created


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
        corrected_rule=DEMO_CARD["corrected_rule"],
        issued_on=DEMO_CARD["issued_on"],
        issued_by=DEMO_CARD["issued_by"],
    )
    card.save()
    card.save_revision(log_action=True)
    log(f"  created errata card on {passage}")
    return 1
