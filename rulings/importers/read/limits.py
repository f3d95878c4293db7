"""What one import accepts: RULESAGE_IMPORT_LIMITS, and each stored value's column width."""

from dataclasses import dataclass

# Where each stored string goes: ParsedRuling field (or nested key) -> (model, field).
# A value stored in two columns takes the narrower one.
STORED_IN = {
    "game_name": [("catalogue.Game", "name")],
    "edition_code": [("catalogue.Edition", "code")],
    "external_edition_id": [("catalogue.Edition", "external_id")],
    "outcome_label": [("rulings.Ruling", "outcome_label")],
    "closing_line": [("rulings.Ruling", "closing_line")],
    "answerer": [("rulings.Ruling", "answerer")],
    "filename": [("rulings.Ruling", "source_file")],
    "kind": [("catalogue.Document", "kind")],
    "document_title": [("catalogue.Document", "title"), ("rulings.Citation", "document_title")],
    "heading_path": [("catalogue.Passage", "heading_path"), ("rulings.Citation", "heading_path")],
    "document_id": [("catalogue.Document", "external_id")],
}
# Whole numbers: name -> (model, field) whose column range bounds it.
NUMBER_COLUMNS = {
    "bgg_id": ("catalogue.Game", "bgg_id"),
    "page": ("catalogue.Passage", "page"),
    "citation_number": ("rulings.Citation", "n"),
    "tokens": ("rulings.Ruling", "tokens_in"),
}


@dataclass(frozen=True)
class ImportLimits:
    file_bytes: int
    upload_bytes: int
    json_depth: int
    json_number_chars: int
    answer_nesting: int
    question_chars: int
    answer_chars: int
    text_chars: int
    key_chars: int
    references: int
    retrieval_refs: int
    page: int
    citation_number: int
    timing_ms: int
    # From the models: field -> max_length, number -> (min, max).
    lengths: dict[str, int]
    ranges: dict[str, tuple[int, int]]

    def length(self, name: str) -> int | None:
        return self.lengths.get(name)

    def range(self, name: str) -> tuple[int, int]:
        low, high = self.ranges.get(name, (0, 2_147_483_647))
        bound = getattr(self, name, None)
        return low, high if bound is None else min(high, bound)


def import_limits() -> ImportLimits:
    from django.apps import apps
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.db.backends.base.operations import BaseDatabaseOperations

    def column(model, name):
        return apps.get_model(model)._meta.get_field(name)

    lengths = {
        key: min(column(model, name).max_length for model, name in places)
        for key, places in STORED_IN.items()
    }
    # Django's generic column ranges are PostgreSQL's; SQLite (the demo) accepts the same.
    column_ranges = BaseDatabaseOperations.integer_field_ranges
    ranges = {
        key: column_ranges[column(model, name).get_internal_type()]
        for key, (model, name) in NUMBER_COLUMNS.items()
    }
    try:
        return ImportLimits(**settings.RULESAGE_IMPORT_LIMITS, lengths=lengths, ranges=ranges)
    except TypeError as error:
        raise ImproperlyConfigured(f"RULESAGE_IMPORT_LIMITS: {error}") from None
