"""What a reader of either export format returns, and how it refuses a file."""

from dataclasses import dataclass, field
from datetime import datetime

# Between the headings of a heading path: "GAMEPLAY · Optional Flip Action".
HEADING_SEP = " · "


class ImportRefused(Exception):
    """A file the import will not write; names the file, the 1-based line and the problem."""

    def __init__(self, filename: str, line: int | None, message: str):
        self.filename, self.line, self.message = filename, line, message
        where = filename if line is None else f"{filename}:{line}"
        super().__init__(f"{where}: {message}")


class ExportFormatError(ImportRefused):
    """A file that cannot be a ruling: unreadable, malformed, or outside the import limits."""


@dataclass
class Reference:
    n: int
    kind: str
    document_title: str
    page: int | None
    heading_path: str
    line: int


@dataclass
class ParsedRuling:
    filename: str
    game_name: str
    edition_code: str
    question: str
    outcome: str = "needs_editor"
    outcome_label: str = ""
    answer_markdown: str = ""
    references: list[Reference] = field(default_factory=list)
    closing_line: str = ""
    abstain_rationale: str = ""
    answerer: str = ""
    timings: dict[str, int] = field(default_factory=dict)
    tokens_in: int | None = None
    tokens_out: int | None = None
    retrieval_refs: list[dict] = field(default_factory=list)
    citations_raw: list[dict] = field(default_factory=list)
    recorded_at: datetime | None = None
    errata_statement: str = ""
    external_edition_id: str = ""
    provenance: dict = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    # Where each value sits in the file ("answerer" -> 92, "retrieval_refs[3]" -> 14), so a
    # refusal found after parsing still names its line. Not part of the ruling itself.
    field_lines: dict[str, int] = field(default_factory=dict, compare=False, repr=False)
    # The content hash, set where the file was read; empty when built or copied otherwise.
    digest: str = field(default="", init=False, compare=False, repr=False)
