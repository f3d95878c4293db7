"""Wagtail's bookkeeping for the rulings an import run creates, written in bulk.

A new ruling gets what creating it in the admin gives it: a revision that is its latest, a
"created" line in its history, and its outbound references in Wagtail's reference index.
Written file by file, that was eleven of a new file's twenty-one queries (the revision,
the ruling saved again to point at it, the log entry and the two rows it checks, the
references and the children they are read from). The run instead keeps the rulings its
committed files created and writes theirs together, in one transaction and a few
statements (the references too: see ``_write_references``), every ``BATCH`` rulings and
when the run ends; for a large run on PostgreSQL, in a process of its own, while the
import goes on (``background.py``).

What that changes, and why it is safe:

- Between its file's commit and its batch (seconds), a new ruling has no revision yet. The
  revision holds the ruling as its file wrote it: read back with all its children, in
  three queries for the batch, or, where the batch is written in the import's own process,
  handed over by a group of new files (``groups.py``) with its citations as written, which
  key for key are what the database holds (``tests/rulings/test_import_groups.py``
  compares the two).
  The revision and the log line carry the file's commit time, so the history reads in the
  order things happened even when a later file of the run changed the same ruling first.
- An editor who saves the ruling meanwhile keeps their revision as the latest: the batch
  sets ``latest_revision`` only where it is still empty.
- A run killed before its batch leaves those rulings without a revision; importing the
  folder again writes it (an unchanged re-import of a ruling without one queues it), so
  no imported ruling stays without its history.

Updated and kept rulings still get their revision in their own file's transaction: they
already have a history, and the change must be in it at once.
"""

from __future__ import annotations

from datetime import datetime

from django.contrib.contenttypes.models import ContentType
from django.db import connection, transaction
from django.utils import timezone
from modelcluster.models import get_all_child_relations
from wagtail.log_actions import registry as log_registry
from wagtail.models import ReferenceIndex, Revision

from rulings.importers.rows import copy_rows, copy_values, rows_table
from rulings.models import Ruling

__all__ = ["Bookkeeping"]

# Ruling pk -> (when its file committed, the ruling as written, or None to read it back).
Due = dict[int, tuple[datetime, Ruling | None]]


class Bookkeeping:
    """The new rulings of a run whose revision, log line and references are still due."""

    BATCH = 100

    def __init__(self):
        self._due: Due = {}

    def __len__(self) -> int:
        return len(self._due)

    def add(self, ruling: Ruling, citations: list | None = None) -> None:
        """Queue ``ruling``; with ``citations`` (all its children, as just written), it is
        kept as it is rather than read back from the database when its batch is written."""
        if citations is not None:
            # In memory, as modelcluster holds a ruling's children before it is saved.
            for relation in get_all_child_relations(Ruling):
                name = relation.get_accessor_name()
                setattr(ruling, name, citations if name == "citations" else [])
        self._due.setdefault(ruling.pk, (timezone.now(), ruling if citations is not None else None))

    def take(self) -> Due:
        """What is due, handed over for ``write``."""
        due, self._due = self._due, {}
        return due

    @staticmethod
    def write(due: Due) -> None:
        """Write what was due, in one transaction; raises (and keeps nothing) on failure."""
        if not due:
            return
        content_type = ContentType.objects.get_for_model(Ruling)
        with transaction.atomic():
            written = [(ruling, due[ruling.pk][0]) for ruling in _as_written(due)]
            revisions = [
                Revision(
                    content_type=content_type,
                    base_content_type=content_type,
                    object_id=str(ruling.pk),
                    created_at=when,
                    content=ruling.serializable_data(),
                    object_str=str(ruling),
                )
                for ruling, when in written
            ]
            # Each revision holds the ruling as JSON (tens of kilobytes, the provenance
            # included): written by COPY, it is not quoted into an INSERT statement.
            copy_rows(revisions, keys=True)
            _point_to_revisions(
                [
                    (ruling.pk, revision.pk)
                    for (ruling, _when), revision in zip(written, revisions, strict=True)
                ]
            )
            log_model = log_registry.get_log_model_for_model(Ruling)
            copy_rows(
                [
                    log_model(
                        content_type=content_type,
                        object_id=str(ruling.pk),
                        label=log_model.objects.get_instance_title(ruling),
                        action="wagtail.create",
                        timestamp=when,
                        data={},
                        revision=revision,
                        content_changed=True,
                    )
                    for (ruling, when), revision in zip(written, revisions, strict=True)
                ]
            )
            _write_references(content_type, [ruling for ruling, _when in written])


def _as_written(due: Due) -> list[Ruling]:
    """The due rulings with their children: those kept as written, and the others read
    back (in three queries, the edition and the children included)."""
    kept = [ruling for _when, ruling in due.values() if ruling is not None]
    unknown = [pk for pk, (_when, ruling) in due.items() if ruling is None]
    if not unknown:
        return kept
    children = [relation.get_accessor_name() for relation in get_all_child_relations(Ruling)]
    read = (
        Ruling.objects.filter(pk__in=unknown)
        .select_related("edition")  # its str() names the edition
        .prefetch_related(*children)
        # Not part of a revision, and long: the search vectors the database computes.
        .defer(*(field.name for field in Ruling._meta.concrete_fields if field.generated))
    )
    return kept + list(read)


def _point_to_revisions(pairs: list[tuple[int, int]]) -> None:
    """Make each (ruling, revision) pair's revision the ruling's latest, where the ruling has
    none yet (an editor who saved it meanwhile keeps theirs), in one statement.

    The pairs are joined as a table (``rows_table``): the ORM's way, a ``CASE`` with a
    branch per ruling, took longer to build in Python than the database took to run it.
    Like ``QuerySet.update``, it leaves ``updated_at`` as it was.
    """
    table, params = rows_table("v", [("ruling", "bigint"), ("revision", "integer")], pairs)
    quote = connection.ops.quote_name
    meta = Ruling._meta
    rulings, pk = quote(meta.db_table), quote(meta.pk.column)
    latest = quote(meta.get_field("latest_revision").column)
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH {table} UPDATE {rulings} "
            f"SET {latest} = (SELECT v.revision FROM v WHERE v.ruling = {rulings}.{pk}) "
            f"WHERE {pk} IN (SELECT v.ruling FROM v) AND {latest} IS NULL",
            params,
        )


def _write_references(content_type, rulings: list[Ruling]) -> None:
    """The new rulings' outbound references, in two statements.

    ``ReferenceIndex.create_or_update_for_object`` reads a ruling's stored references,
    compares and writes the difference: three statements a ruling. A ruling of this batch
    has none stored unless an editor saved it since its file committed, and then they are
    the same ones (read from the same rows): so the batch reads which are stored, in one
    query, and adds the others. The references are found by the method Wagtail's own
    update uses (a private one: Wagtail offers no public way to read them without writing).
    """
    stored = set(
        ReferenceIndex.objects.filter(
            base_content_type=content_type, object_id__in=[str(ruling.pk) for ruling in rulings]
        ).values_list("object_id", "to_content_type_id", "to_object_id", "content_path")
    )
    copy_values(
        ReferenceIndex,
        [
            "content_type_id",
            "base_content_type_id",
            "object_id",
            "to_content_type_id",
            "to_object_id",
            "model_path",
            "content_path",
            "content_path_hash",
        ],
        [
            (
                content_type.pk,
                content_type.pk,
                str(ruling.pk),
                to_content_type_id,
                str(to_object_id),
                model_path,
                content_path,
                ReferenceIndex._get_content_path_hash(content_path),
            )
            for ruling in rulings
            for to_content_type_id, to_object_id, model_path, content_path in set(
                ReferenceIndex._extract_references_from_object(ruling)
            )
            if (str(ruling.pk), to_content_type_id, str(to_object_id), content_path) not in stored
        ],
    )
