"""Many rows in one statement, written the way the database driver sends fastest.

Django's ``bulk_create`` on PostgreSQL sends each column as one array (``UNNEST``), and
``bulk_update`` as one ``CASE`` per column with a branch per row. With psycopg's
client-side binding, an array of strings is quoted element by element in Python, and a
``CASE`` of a few hundred branches is slow to build and to run (every row is matched
against every branch). An import writes thousands of rows a second, and those two were a
third of its time; here rows are inserted by ``COPY`` (their keys drawn from the table's
sequence first where they are needed) and updated from a table of rows joined by key
(``rows_table``, which other lookups of many rows use too).
"""

from __future__ import annotations

import json
from datetime import datetime
from operator import attrgetter

from django.db import connection, models

__all__ = ["copy_rows", "copy_values", "rows_table", "update_as_rows"]

# Fields whose attribute value is already what PostgreSQL stores: for these, Django's
# ``pre_save`` and ``get_db_prep_save`` only hand the value on (after a type check), and
# calling them for every value of thousands of rows was most of a ``COPY``'s own time.
_AS_IS = (
    models.CharField,  # slugs and URLs too; and modeltranslation's per-language copies
    models.TextField,
    models.IntegerField,  # every integer and auto key
    models.BooleanField,
    models.UUIDField,  # psycopg sends a uuid.UUID as it is
)


def copy_rows(objects: list[models.Model], *, keys: bool = False) -> None:
    """``bulk_create(objects)``: on PostgreSQL with ``COPY``.

    ``COPY`` takes the values as they are, with none of an ``INSERT``'s per-value SQL
    compiling and quoting, which for an import's rows was most of their cost. With
    ``keys``, the objects' primary keys are drawn from the table's own sequence first (one
    query) and written with them, as an ``INSERT … RETURNING`` would have given them;
    without, they stay unset. Elsewhere, ``bulk_create``, which returns keys itself.
    """
    if not objects:
        return
    model = type(objects[0])
    if connection.vendor != "postgresql":
        model.objects.bulk_create(objects)
        return
    meta = model._meta
    quote = connection.ops.quote_name
    if keys:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT nextval(pg_get_serial_sequence(%s, %s)) FROM generate_series(1, %s)",
                [meta.db_table, meta.pk.column, len(objects)],
            )
            for obj, (pk,) in zip(objects, cursor.fetchall(), strict=True):
                obj.pk = pk
    fields = [
        field
        for field in meta.concrete_fields
        if not getattr(field, "generated", False) and (keys or not field.primary_key)
    ]
    columns = ", ".join(quote(field.column) for field in fields)
    statement = f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN"
    values = [_value_of(field) for field in fields]
    with connection.cursor() as cursor, cursor.copy(statement) as copy:
        for obj in objects:
            copy.write_row([value(obj) for value in values])
    for obj in objects:  # as bulk_create leaves them: stored, in this database
        obj._state.adding = False
        obj._state.db = connection.alias


def copy_values(model: type[models.Model], names: list[str], rows: list[tuple]) -> None:
    """Insert ``rows``, each the values of the fields ``names`` (by attribute name, as
    stored), without building a model object for each: on PostgreSQL with ``COPY``,
    elsewhere with ``bulk_create``. For rows made by the thousand from plain values."""
    if not rows:
        return
    if connection.vendor != "postgresql":
        model.objects.bulk_create(model(**dict(zip(names, row, strict=True))) for row in rows)
        return
    meta = model._meta
    quote = connection.ops.quote_name
    columns = ", ".join(quote(meta.get_field(name).column) for name in names)
    with (
        connection.cursor() as cursor,
        cursor.copy(f"COPY {quote(meta.db_table)} ({columns}) FROM STDIN") as copy,
    ):
        for row in rows:
            copy.write_row(row)


def _value_of(field: models.Field):
    """How to read ``field``'s stored value from an object, as ``bulk_create`` would."""

    def prepared(obj):
        return field.get_db_prep_save(field.pre_save(obj, True), connection)

    read = attrgetter(field.attname)
    if isinstance(field, models.DateTimeField):
        if field.auto_now or field.auto_now_add:
            return prepared
        # An aware date and time is stored as it is; a naive one is made aware first.
        return lambda obj: v if (v := read(obj)) is None or v.tzinfo else prepared(obj)
    plain = isinstance(field, _AS_IS) or (
        # A key holds its target's value.
        isinstance(field, models.ForeignKey) and isinstance(field.target_field, _AS_IS)
    )
    if not plain:
        return prepared
    if isinstance(field, models.CharField | models.TextField):
        # Anything but text (a lazily translated string, a number) is turned into text, as
        # ``get_prep_value`` would.
        return lambda obj: v if (v := read(obj)) is None or type(v) is str else str(v)
    return read


def update_as_rows(objects: list[models.Model], fields: list[str]) -> None:
    """``bulk_update(objects, fields)``: on PostgreSQL one ``UPDATE … FROM`` a rows table."""
    if not objects:
        return
    model = type(objects[0])
    if connection.vendor != "postgresql":
        model.objects.bulk_update(objects, fields)
        return
    meta = model._meta
    columns = [meta.pk, *(meta.get_field(name) for name in fields)]
    quote = connection.ops.quote_name
    table, params = rows_table(
        "v",
        [(field.column, field.db_type(connection)) for field in columns],
        [[getattr(obj, field.attname) for field in columns] for obj in objects],
    )
    assignments = ", ".join(
        f"{quote(field.column)} = v.{quote(field.column)}" for field in columns[1:]
    )
    pk = quote(meta.pk.column)
    with connection.cursor() as cursor:
        cursor.execute(
            f"WITH {table} UPDATE {quote(meta.db_table)} AS t SET {assignments} "
            f"FROM v WHERE t.{pk} = v.{pk}",
            params,
        )


def rows_table(name: str, columns: list[tuple[str, str]], rows: list[list]) -> tuple[str, list]:
    """Rows to join in a statement, as a common table expression ``name`` (columns named
    and typed by ``columns``): its SQL, to follow a ``WITH``, and its parameters.

    On PostgreSQL the rows are sent as one JSON parameter that the server unpacks: as a
    ``VALUES`` list, every value is a placeholder of its own, which the driver finds and
    quotes one by one in Python, and for a group's few hundred rows that took longer than
    the statement. Elsewhere (SQLite), a ``VALUES`` list. Values are text, numbers, None or
    aware dates and times.
    """
    quote = connection.ops.quote_name
    if connection.vendor == "postgresql":
        spec = ", ".join(f"{quote(column)} {kind}" for column, kind in columns)
        names = [column for column, _kind in columns]
        data = json.dumps([dict(zip(names, row, strict=True)) for row in rows], default=_json)
        return f"{name} AS (SELECT * FROM json_to_recordset(%s::json) AS r({spec}))", [data]
    row = "(" + ", ".join(f"CAST(%s AS {kind})" for _column, kind in columns) + ")"
    names = ", ".join(quote(column) for column, _kind in columns)
    params = [value for values in rows for value in values]
    return f"{name}({names}) AS (VALUES {', '.join([row] * len(rows))})", params


def _json(value):
    if isinstance(value, datetime):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not a rows_table value")
