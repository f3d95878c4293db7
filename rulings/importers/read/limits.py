"""What one import accepts: file size, nesting, field lengths, counts and number ranges.

String lengths are the ``max_length`` of the column each value is stored in, so a migration
that widens a column widens the import; number ranges are the narrower of the column's range
and a sensible bound, which ``RULESAGE_IMPORT_LIMITS`` may change (docs/import-format.md)."""

from dataclasses import dataclass, field, fields, replace

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
    """The bounds one import is checked against: plain Python, so readers test without Django."""

    file_bytes: int = 1_000_000  # checked before the file is read; seed exports are ~21 kB
    json_depth: int = 32  # any JSON (file or one-line field), checked before it is parsed
    answer_nesting: int = 8  # lists and quotes nested inside each other in the answer
    # Multi-line text. An answer cut at the 1,024-token generation cap is about 3,900
    # characters; the answer limit leaves four times that and keeps the page fast.
    question_chars: int = 2_000
    answer_chars: int = 16_000
    text_chars: int = 20_000  # abstain rationale, errata statement, snippets, quotes
    key_chars: int = 100  # one-line keys kept as data (timing names)
    references: int = 100  # per ruling
    retrieval_refs: int = 200  # per ruling
    # Sensible bounds, narrowed further by the column ranges below.
    page: int = 10_000
    citation_number: int = 999
    timing_ms: int = 2_147_483_647
    # Derived from the models by import_limits(): field -> max_length, number -> (min, max).
    lengths: dict[str, int] = field(default_factory=dict)
    ranges: dict[str, tuple[int, int]] = field(default_factory=dict)

    def length(self, name: str) -> int | None:
        return self.lengths.get(name)

    def range(self, name: str) -> tuple[int, int]:
        """The accepted range of a number: the column's range, narrowed by a sensible bound."""
        low, high = self.ranges.get(name, (0, 2_147_483_647))
        bound = getattr(self, name, None)
        return low, high if bound is None else min(high, bound)


SETTABLE = {f.name for f in fields(ImportLimits)} - {"lengths", "ranges"}


def import_limits() -> ImportLimits:
    """The limits in force: defaults, ``RULESAGE_IMPORT_LIMITS`` overrides, model columns."""
    from django.apps import apps
    from django.conf import settings
    from django.core.exceptions import ImproperlyConfigured
    from django.db.backends.base.operations import BaseDatabaseOperations

    overrides = dict(getattr(settings, "RULESAGE_IMPORT_LIMITS", {}) or {})
    if unknown := set(overrides) - SETTABLE:
        raise ImproperlyConfigured(
            f"RULESAGE_IMPORT_LIMITS has unknown keys {sorted(unknown)}; known: {sorted(SETTABLE)}"
        )

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
    return replace(ImportLimits(**overrides), lengths=lengths, ranges=ranges)
